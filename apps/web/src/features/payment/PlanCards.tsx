import { Button } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { TMemberPlan } from '@jizu/shared/schemas/payment';
import { PT } from '../../texts/payment';
import s from './PlanCards.module.css';

const RANK: Record<string, number> = { A: 0, AA: 1, AAA: 2 };

/** The three tiers side by side with their benefits and the buy / renew / upgrade button. */
export function PlanCards({ plans, current }: { plans: TMemberPlan[]; current: string }) {
  const navigate = useNavigate();
  return (
    <div className={s.plans}>
      {plans.map((p) => {
        const mine = p.level === current;
        const action =
          p.for_sale !== 1 || p.price <= 0 || RANK[p.level] < RANK[current]
            ? null
            : mine
              ? PT.renew
              : current === 'A'
                ? PT.buy
                : PT.upgrade;
        return (
          <div key={p.level} className={mine ? `${s.plan} ${s.planMine}` : s.plan}>
            <div className={s.head}>
              <span className={s.name}>{p.name}</span>
              {mine && <span className={s.current}>{PT.current}</span>}
            </div>
            <div className={s.price}>
              {p.price > 0 ? (
                <>
                  {p.price_v}
                  <span className={s.perYear}>{PT.perYear}</span>
                </>
              ) : (
                PT.free
              )}
            </div>
            <ul className={s.benefits}>
              {p.benefits.map((b) => (
                <li key={b} className={s.benefit}>
                  <CheckOutlined className={s.check} />
                  {b}
                </li>
              ))}
            </ul>
            {action && (
              <Button type={mine ? 'default' : 'primary'} onClick={() => navigate(`/user-payment?level=${p.level}`)}>
                {action}
                {p.level}
              </Button>
            )}
          </div>
        );
      })}
    </div>
  );
}
