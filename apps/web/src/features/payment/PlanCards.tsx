import { Button } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { TMemberPlan } from '@jizu/shared/schemas/payment';
import { PT } from '../../texts/payment';
import { palette, token } from '../../app/theme';

const RANK: Record<string, number> = { A: 0, AA: 1, AAA: 2 };

/** The three tiers side by side with their benefits and the buy / renew / upgrade button. */
export function PlanCards({ plans, current }: { plans: TMemberPlan[]; current: string }) {
  const navigate = useNavigate();
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: 16 }}>
      {plans.map((p) => {
        const mine = p.level === current;
        const action = p.for_sale !== 1 || p.price <= 0 || RANK[p.level] < RANK[current] ? null : mine ? PT.renew : current === 'A' ? PT.buy : PT.upgrade;
        return (
          <div key={p.level} style={{ border: `1px solid ${mine ? palette.gold : token.colorBorderSecondary}`, borderRadius: 10, padding: 20, background: mine ? token.gold1 : token.colorWhite, display: 'flex', flexDirection: 'column' }}>
            <div style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
              <span style={{ fontSize: 20, fontWeight: 700, color: palette.goldDeep }}>{p.name}</span>
              {mine && <span style={{ fontSize: 12, color: palette.gold }}>{PT.current}</span>}
            </div>
            <div style={{ margin: '8px 0 12px', fontSize: 24, fontWeight: 700 }}>{p.price > 0 ? <>{p.price_v}<span style={{ fontSize: 13, fontWeight: 400, color: token.colorTextTertiary }}>{PT.perYear}</span></> : PT.free}</div>
            <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 16px', flex: 1 }}>
              {p.benefits.map((b) => (
                <li key={b} style={{ padding: '4px 0' }}>
                  <CheckOutlined style={{ color: token.colorSuccess, marginRight: 6 }} />
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
