import { Button } from 'antd';
import { CalendarOutlined, GiftOutlined, SwapOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { fmt } from '@jizu/shared/messages/fmt';
import * as TxAccount from '../../texts/account';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { useConvertRule, useSignRule } from './pointsApi';
import s from './GainPeasPage.module.css';
import cm from '../../ui/common.module.css';

function Way({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <PageCard>
      <div className={s.way}>
        <div className={s.icon}>{icon}</div>
        <div className={s.body}>
          <h3 className={s.title}>{title}</h3>
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
            <p className={s.text}>{fmt(TxAccount.points.gainSignText, { base: r.base, cycle: r.cycle })}</p>
            <div className={s.days} data-testid="gain-days">
              {r.days.map((d) => {
                const extra = d.peas - r.base;
                return (
                  <div key={d.day} className={extra > 0 ? `${s.day} ${s.dayBonus}` : s.day}>
                    <div className={cm.hint}>{fmt(TxAccount.points.gainDay, { day: d.day })}</div>
                    <div className={extra > 0 ? `${s.peas} ${s.peasBonus}` : s.peas}>+{d.peas}</div>
                    {extra > 0 && <div className={s.bonus}>{fmt(TxAccount.points.gainBonus, { n: extra })}</div>}
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
        <p className={s.text}>{TxAccount.points.gainBuyText}</p>
        <Link to="/coin-purchase">
          <Button>{TxAccount.points.buyGold}</Button>
        </Link>
      </Way>
      {convert.data && (
        <Way icon={<SwapOutlined />} title={TxAccount.points.gainConvert}>
          <p className={s.lastText}>{fmt(TxAccount.points.gainConvertText, { ratio: convert.data.ratio })}</p>
        </Way>
      )}
    </>
  );
}
