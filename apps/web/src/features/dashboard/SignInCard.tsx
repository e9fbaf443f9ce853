import { Button } from 'antd';
import { CheckCircleFilled, SwapOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { fmt } from '@jizu/shared/messages/fmt';
import * as TxAccount from '../../texts/account';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { useSignIn, useSignState, useSignWeek } from '../points/pointsApi';
import { useConvertDialog } from '../points/useConvertDialog';
import { palette, token } from '../../app/theme';
import cm from '../../ui/common.module.css';

/** 每日签到 on the dashboard (spec/1 §2, §4): this week's strip, the streak, and a button disabled once signed today. */
export function SignInCard() {
  const state = useSignState();
  const week = useSignWeek();
  const signIn = useSignIn();
  const converting = useConvertDialog();
  const signed = state.data?.sign === 1;

  const doSign = async () => {
    try {
      const r = await signIn.mutateAsync();
      toast.success(`${fmt(TxAccount.points.signToday, { n: r.today })}，${fmt(TxAccount.points.signNext, { n: r.next })}`);
    } catch {
      // the client toasted the server's message
    }
  };

  return (
    <PageCard
      title={TxAccount.points.signTitle}
      extra={
        <>
          <Link to="/gain-peas" style={{ fontSize: 13 }}>
            {TxAccount.points.signRule}
          </Link>
          <Button size="small" type="link" icon={<SwapOutlined />} onClick={converting.open} data-testid="dashboard-convert">
            {TxAccount.points.convert}
          </Button>
        </>
      }
      style={{ height: '100%', marginBottom: 0 }}
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 6 }} data-testid="sign-week">
        {(week.data ?? []).map((d) => (
          <div
            key={d.date}
            title={d.date}
            style={{
              textAlign: 'center',
              padding: '8px 0',
              borderRadius: 8,
              border: d.is_today ? `1px solid ${token.colorPrimary}` : `1px solid ${token.colorBorderSecondary}`,
              background: d.sign ? token.blue1 : palette.bgSubtle,
            }}
          >
            <div style={{ fontSize: 12, color: palette.textMuted }}>{d.week}</div>
            <div style={{ height: 22, lineHeight: '22px', marginTop: 2 }}>
              {d.sign ? <CheckCircleFilled style={{ color: token.colorPrimary }} aria-label={TxAccount.points.signedBtn} /> : <span className={cm.quaternary}>·</span>}
            </div>
            <div style={{ fontSize: 12, color: d.sign ? token.colorPrimary : 'transparent' }}>+{d.peas}</div>
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 16, flexWrap: 'wrap' }}>
        <span style={{ color: palette.textMuted, flex: 1 }} data-testid="sign-continuous">
          {fmt(TxAccount.points.continuous, { n: state.data?.continuous ?? 0 })}
        </span>
        <Button type="primary" disabled={!state.data || signed} loading={signIn.isPending} onClick={() => void doSign()} data-testid="sign-in">
          {signed ? TxAccount.points.signedBtn : TxAccount.points.signBtn}
        </Button>
      </div>
      {converting.dialog}
    </PageCard>
  );
}
