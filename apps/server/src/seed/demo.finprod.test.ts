import { describe, expect, it } from 'vitest';
import { demoApp } from '../test/demo';
import { DEMO_ACCOUNTS } from './demo';

const demo = demoApp();

describe('demo payments and finance-product applications', () => {
  it('the console has an application in review and a refused one; the providers see them on their dashboards', async () => {
    const admin = await demo.login(DEMO_ACCOUNTS.admin.phone, DEMO_ACCOUNTS.admin.password);
    const apps = (await demo.get('/api/admin/finance-products', admin)).json().data;
    expect(apps.data.map((a: { company_name: string; state_v: string }) => [a.company_name, a.state_v])).toEqual([
      [DEMO_ACCOUNTS.provider3.company, '已拒绝'],
      [DEMO_ACCOUNTS.provider2.company, '审核中'],
    ]);
    expect(apps.data[1].actions).toEqual(['close']);
    const p2 = await demo.login(DEMO_ACCOUNTS.provider2.phone, DEMO_ACCOUNTS.provider2.password);
    expect((await demo.get('/api/company/finance/info', p2)).json().data).toMatchObject({
      status: 3,
      status_v: '审核中',
    });
    const p3 = await demo.login(DEMO_ACCOUNTS.provider3.phone, DEMO_ACCOUNTS.provider3.password);
    const refused = (await demo.get('/api/company/finance/info', p3)).json().data;
    expect(refused).toMatchObject({ status: 2, status_v: '未通过', apply_flag: 1 });
    expect(refused.reason).toContain('经营流水不足');
  });

  it('the order in progress has a payment the provider returned with its reason, for the console to re-issue', async () => {
    const admin = await demo.login(DEMO_ACCOUNTS.admin.phone, DEMO_ACCOUNTS.admin.password);
    const all = (await demo.get('/api/admin/order-payments', admin)).json().data;
    expect(all.data.map((r: { status_v: string }) => r.status_v)).toEqual(['已退回', '待签收', '待融资', '已完成']);
    expect(all.data[0]).toMatchObject({ staff_actions: ['reissue'] });
    expect(all.data[0].reason).toContain('服务费');
    const tenant = await demo.login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    const rows = (await demo.get(`/api/rent/payment/lst?order_id=${all.data[0].order_id}&status=4`, tenant)).json()
      .data;
    expect(rows).toMatchObject({ total: 1, data: [{ status_v: '已退回' }] });
  });
});
