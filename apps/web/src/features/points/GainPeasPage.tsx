import { Button } from 'antd';
import { CalendarOutlined, GiftOutlined, SwapOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { fmt } from '@jizu/shared/messages/fmt';
import * as TxAccount from '../../texts/account';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { useConvertRule, useSignRule } from './pointsApi';
import { palette, token } from '../../app/theme';
import cm from '../../ui/common.module.css';

function Way({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <PageCard>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <div style={{ fontSize: 28, color: token.colorPrimary, flex: 'none' }}>{icon}</div>
        <div style={{ minWidth: 0, flex: 1 }}>
          <h3 style={{ margin: '0 0 8px', fontSize: 16 }}>{title}</h3>
          {children}
        </div>
      </div>
    </PageCard>
  );
}

/** 如何获得积分 (spec/1 §2 /gain-peas): the real rules, as staff set them. */
export default function GainPeasPage() {
  const sign = useSignRule();
  const convert = useConvertRule();
  return (
    <>
      <PageHeader
        title={TxAccount.points.gainTitle}
        sub={TxAccount.points.gainSub}
        extra={
          <Link to="/integral-detail">
            <Button>{TxAccount.points.toDetail}</Button>
          </Link>
        }
      />
      <QueryState query={sign}>
        {(r) => (
          <Way icon={<CalendarOutlined />} title={TxAccount.points.gainSign}>
            <p style={{ margin: '0 0 12px', color: token.colorTextSecondary }}>{fmt(TxAccount.points.gainSignText, { base: r.base, cycle: r.cycle })}</p>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 8 }} data-testid="gain-days">
              {r.days.map((d) => {
                const extra = d.peas - r.base;
                return (
                  <div key={d.day} style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 8, padding: '10px 6px', textAlign: 'center', background: extra > 0 ? token.orange1 : palette.bgSubtle }}>
                    <div className={cm.hint}>{fmt(TxAccount.points.gainDay, { day: d.day })}</div>
                    <div style={{ fontSize: 20, fontWeight: 600, color: extra > 0 ? token.orange7 : undefined }}>+{d.peas}</div>
                    {extra > 0 && <div style={{ fontSize: 12, color: token.orange7 }}>{fmt(TxAccount.points.gainBonus, { n: extra })}</div>}
                  </div>
                );
              })}
            </div>
            <div className={cm.mt12}>
              <Link to="/dashboard/index">
                <Button type="primary">{TxAccount.points.toSign}</Button>
              </Link>
            </div>
          </Way>
        )}
      </QueryState>
      <Way icon={<GiftOutlined />} title={TxAccount.points.gainBuy}>
        <p style={{ margin: '0 0 12px', color: token.colorTextSecondary }}>{TxAccount.points.gainBuyText}</p>
        <Link to="/coin-purchase">
          <Button>{TxAccount.points.buyGold}</Button>
        </Link>
      </Way>
      {convert.data && (
        <Way icon={<SwapOutlined />} title={TxAccount.points.gainConvert}>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{fmt(TxAccount.points.gainConvertText, { ratio: convert.data.ratio })}</p>
        </Way>
      )}
    </>
  );
}
