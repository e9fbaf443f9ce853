import { Button } from 'antd';
import { CheckCircleFilled, SwapOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { fmt } from '@jizu/shared/messages/fmt';
import * as TxAccount from '../../texts/account';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { useSignIn, useSignState, useSignWeek } from '../points/pointsApi';
import { useConvertDialog } from '../points/useConvertDialog';
import cm from '../../ui/common.module.css';
import s from './dashboard.module.css';

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
      toast.success(
        `${fmt(TxAccount.points.signToday, { n: r.today })}，${fmt(TxAccount.points.signNext, { n: r.next })}`,
      );
    } catch {
      // the client toasted the server's message
    }
  };

  return (
    <PageCard
      title={TxAccount.points.signTitle}
      extra={
        <>
          <Link to="/gain-peas" className={s.ruleLink}>
            {TxAccount.points.signRule}
          </Link>
          <Button
            size="small"
            type="link"
            icon={<SwapOutlined />}
            onClick={converting.open}
            data-testid="dashboard-convert"
          >
            {TxAccount.points.convert}
          </Button>
        </>
      }
      className={s.gridCard}
    >
      <div className={s.week} data-testid="sign-week">
        {(week.data ?? []).map((d) => (
          <div
            key={d.date}
            title={d.date}
            className={[s.day, d.is_today && s.dayToday, d.sign && s.daySigned].filter(Boolean).join(' ')}
          >
            <div className={cm.muted12}>{d.week}</div>
            <div className={s.dayMark}>
              {d.sign ? (
                <CheckCircleFilled className={s.check} aria-label={TxAccount.points.signedBtn} />
              ) : (
                <span className={cm.quaternary}>·</span>
              )}
            </div>
            <div className={d.sign ? `${s.dayPeas} ${s.dayPeasSigned}` : s.dayPeas}>+{d.peas}</div>
          </div>
        ))}
      </div>
      <div className={s.signFoot}>
        <span className={`${cm.muted} ${cm.grow}`} data-testid="sign-continuous">
          {fmt(TxAccount.points.continuous, { n: state.data?.continuous ?? 0 })}
        </span>
        <Button
          type="primary"
          disabled={!state.data || signed}
          loading={signIn.isPending}
          onClick={() => void doSign()}
          data-testid="sign-in"
        >
          {signed ? TxAccount.points.signedBtn : TxAccount.points.signBtn}
        </Button>
      </div>
      {converting.dialog}
    </PageCard>
  );
}
