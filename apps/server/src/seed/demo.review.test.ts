import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoApp } from '../test/demo';
import { shops } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo';

const d = demoApp();

describe('demo reviews', () => {
  it("the demo provider's shop shows its averages; a completed order waits for both sides' reviews", async () => {
    const provider = await d.login(DEMO_ACCOUNTS.provider.phone, DEMO_ACCOUNTS.provider.password);
    const tenant = await d.login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    const mine = (await d.get('/api/ep/order?status=3&size=20', provider)).json().data.data as {
      id: number;
      company_id: number;
    }[];
    expect(mine.length).toBe(4);
    const states = await Promise.all(
      mine.map(async (o) => (await d.get(`/api/ep/order/review?id=${o.id}`, provider)).json().data),
    );
    expect(states.filter((s) => s.published === 1)).toHaveLength(3);
    const open = states.filter((s) => s.can_review === 1);
    expect(open).toHaveLength(1);
    const card = states[0].provider_card;
    expect(card.count).toBe(3);
    const [shop] = await d.t.db.select().from(shops).where(eq(shops.companyId, card.company_id));
    expect(shop).toBeDefined();
    const pub = (await d.get(`/api/site/review/shop?company_id=${card.company_id}`, {})).json().data;
    expect(pub).toMatchObject({ count: 3, overall: 4.4 });
    expect(pub.latest.length).toBe(3);
    // the tenant has one order to review too
    const list = (await d.get('/api/rent/order/lst?status=3&size=20', tenant)).json().data.data as { id: number }[];
    const tenantStates = await Promise.all(
      list.map(async (o) => (await d.get(`/api/rent/order/review?id=${o.id}`, tenant)).json().data),
    );
    expect(tenantStates.filter((s) => s.can_review === 1)).toHaveLength(1);
  });
});
