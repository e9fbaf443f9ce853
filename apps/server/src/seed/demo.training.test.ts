import { describe, expect, it } from 'vitest';
import { demoApp } from '../test/demo';
import { DEMO_ACCOUNTS } from './demo';

const demo = demoApp();

describe('demo training', () => {
  it('four majors on offer; the verified learner has a paid and a lapsed unpaid enrolment, which pays again', async () => {
    const a = DEMO_ACCOUNTS.provider2;
    const auth = await demo.login(a.phone, a.password);
    const init = (await demo.t.app.inject({ method: 'GET', url: '/api/recruit/applyo/create', headers: auth })).json()
      .data;
    expect(init.category.map((c: { name: string; price_v: string }) => `${c.name} ${c.price_v}`)).toEqual([
      '挖掘机操作 2,800.00',
      '装载机操作 2,600.00',
      '起重机司机（特种作业） 3,500.00',
      '高空作业平台 1,800.00',
    ]);
    expect(init.member).toMatchObject({
      name: a.username,
      card: expect.stringMatching(/^330106\*{8}451[\dX]$/),
      sex: '男',
    });
    const list = (await demo.t.app.inject({ method: 'GET', url: '/api/recruit/applyo', headers: auth })).json().data;
    expect(list.total).toBe(2);
    expect(list.data.map((r: { course: string; pay_state_v: string }) => `${r.course} ${r.pay_state_v}`)).toEqual([
      '装载机操作 已关闭',
      '挖掘机操作 已支付',
    ]);
    const again = await demo.t.app.inject({
      method: 'POST',
      url: `/api/recruit/applyo/${list.data[0].id}/pay`,
      headers: auth,
      payload: { pay_name: 'wx' },
    });
    expect(again.json()).toMatchObject({ status: 1 });
    expect(again.json().data).not.toBe(list.data[0].order_sn);
    // the operator's personal verification is still in review: refused
    const op = await demo.login(DEMO_ACCOUNTS.operator.phone, DEMO_ACCOUNTS.operator.password);
    const r = await demo.t.app.inject({
      method: 'POST',
      url: '/api/recruit/applyo',
      headers: op,
      payload: { apply_category_id: init.category[0].id, education: '高中', pay_name: 'wx' },
    });
    expect(r.json().msg).toBe('抱歉，个人认证后才能报名缴费培训');
  });
});
