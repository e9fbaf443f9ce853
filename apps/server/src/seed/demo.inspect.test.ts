import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './demo';
import { demoApp } from '../test/demo';

// the demo seeded by seedDemoIfEmpty on an empty database, a copy per file (test/demo.ts)
const d = demoApp();
let t: typeof d.t;
beforeAll(() => {
  t = d.t;
});
const login = async (phone: string, password: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password } });
  return { authorization: `Bearer ${res.json().data.token as string}` };
};
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('demo inspections', () => {
  it('the order in progress has an entry confirmed and an exit with damage disputed, on both order details and the month’s draft', async () => {
    const tenant = await login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    const provider = await login(DEMO_ACCOUNTS.provider.phone, DEMO_ACCOUNTS.provider.password);
    const list = (await get('/api/rent/order/lst?size=20', tenant)).json().data.data as {
      id: number;
      status: number;
    }[];
    const o = list.find((x) => x.status === 2)!;
    for (const [url, auth] of [
      [`/api/rent/order/detail?id=${o.id}`, tenant],
      [`/api/ep/detail_order?id=${o.id}`, provider],
    ] as const)
      expect((await get(url, auth)).json().data.inspection_disputes).toEqual([
        expect.objectContaining({ kind: 1, kind_v: '退场验收', note: expect.stringContaining('旧伤') }),
      ]);
    const rows = (await get(`/api/rent/order/eplst?id=${o.id}`, tenant)).json().data.data;
    const disputed = rows.find((r: { exit_check: { ack_status: number } | null }) => r.exit_check?.ack_status === 2);
    expect(disputed.exit_check).toMatchObject({ fuel_v: '2/8', damage: [{ photos: [expect.any(String)] }] });
    expect((await get(disputed.exit_check.damage[0].photos[0], tenant)).statusCode).toBe(200);
    expect(rows.some((r: { enter_check: { ack_status: number } | null }) => r.enter_check?.ack_status === 1)).toBe(
      true,
    );
    const month = disputed.exit_date.slice(0, 7);
    const draft = (await get(`/api/rent/settle/addPre?id=${o.id}&month=${month}`, tenant)).json().data;
    expect(draft.disputes).toHaveLength(1);
  });
});
