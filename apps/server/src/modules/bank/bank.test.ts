import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { bankCards } from '../../db/schema';
import { addMember, createTestApp, seedUser, tableText } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, headers: THeaders) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: THeaders, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const cards = (companyId: number) =>
  t.db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.companyId, companyId), isNull(bankCards.deletedAt)))
    .orderBy(bankCards.id);
const card = (n: number) => ({
  name: '中国工商银行上海张江支行',
  no: `6222 0210 0112 ${String(3000 + n)}`,
  remark: `结算户${n}`,
});

describe('company bank cards', () => {
  it('a stranger gets -1 on every route', async () => {
    for (const [m, url] of [
      ['GET', '/api/company/bank/lst'],
      ['POST', '/api/company/bank/save'],
      ['POST', '/api/company/bank/default'],
      ['POST', '/api/company/bank/del'],
    ] as const) {
      const res = await t.app.inject({ method: m, url, payload: m === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(-1);
    }
  });

  it('adds up to 4 cards, the first as default, and only ever sends the last 4 digits', async () => {
    const { auth, company } = await seedUser(t.db, { companyName: '银行卡测试有限公司' });
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/company/bank/save', auth, card(i));
      expect(res.json()).toMatchObject({
        status: 1,
        msg: '添加成功',
        data: {
          name: '中国工商银行上海张江支行',
          no: `**** **** **** ${3000 + i}`,
          remark: `结算户${i}`,
          is_default: i === 1 ? 1 : 0,
        },
      });
    }
    const fifth = await post('/api/company/bank/save', auth, card(5));
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toMatchObject({ status: 0, msg: '每个企业最多添加4张银行卡' });
    expect(await cards(company.id)).toHaveLength(4);

    const list = await get('/api/company/bank/lst', auth);
    expect(list.json().data.map((c: { no: string; is_default: number }) => [c.no, c.is_default])).toEqual([
      ['**** **** **** 3001', 1],
      ['**** **** **** 3002', 0],
      ['**** **** **** 3003', 0],
      ['**** **** **** 3004', 0],
    ]);
    expect(list.payload).not.toMatch(/62220210/);
    // kept whole for settlements, but encrypted: no copy of the table shows a number, not even in part
    const stored = await cards(company.id);
    for (const c of stored) expect(c.no).toMatch(/^ev1:[0-9a-f]{8}:/);
    expect(new Set(stored.map((c) => c.no)).size).toBe(4);
    const text = await tableText(t.db, 'bank_cards');
    for (let i = 1; i <= 4; i++) expect(text).not.toContain(`622202100112${3000 + i}`);
    expect(text).not.toMatch(/62220210/);
  });

  it('refuses bad input with the field message and stores nothing', async () => {
    const { auth, company } = await seedUser(t.db);
    for (const [body, msg] of [
      [{ ...card(1), name: '' }, '请输入开户银行'],
      [{ ...card(1), no: '' }, '请输入银行账号'],
      [{ ...card(1), no: '6222-0210' }, '银行账号应为8-30位数字'],
      [{ ...card(1), no: '1234567' }, '银行账号应为8-30位数字'],
      [{ ...card(1), name: '银'.repeat(51) }, '开户银行不能超过50个字'],
      [{ ...card(1), remark: '备'.repeat(51) }, '备注不能超过50个字'],
    ] as const) {
      const res = await post('/api/company/bank/save', auth, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await cards(company.id)).toHaveLength(0);
    await post('/api/company/bank/save', auth, card(1));
    // the same number, typed with or without spaces, is found through its blind index
    const dup = await post('/api/company/bank/save', auth, { ...card(1), no: '6222021001123001' });
    expect(dup.json()).toMatchObject({ status: 0, msg: '该银行账号已添加' });
    expect(await cards(company.id)).toHaveLength(1);
    // another company may add the same account: the check is per company
    const other = await seedUser(t.db);
    expect((await post('/api/company/bank/save', other.auth, card(1))).json().status).toBe(1);
  });

  it('switches the default, and keeps exactly one', async () => {
    const { auth, company } = await seedUser(t.db);
    for (let i = 1; i <= 3; i++) await post('/api/company/bank/save', auth, card(i));
    const [a, b] = await cards(company.id);
    const res = await post('/api/company/bank/default', auth, { id: b.id });
    expect(res.json()).toMatchObject({ status: 1, msg: '设置成功' });
    expect((await cards(company.id)).map((c) => c.isDefault)).toEqual([0, 1, 0]);
    await Promise.all([
      post('/api/company/bank/default', auth, { id: a.id }),
      post('/api/company/bank/default', auth, { id: b.id }),
    ]);
    expect((await cards(company.id)).filter((c) => c.isDefault === 1)).toHaveLength(1);
  });

  it('deletes a card, but not the default while others remain', async () => {
    const { auth, company } = await seedUser(t.db);
    for (let i = 1; i <= 2; i++) await post('/api/company/bank/save', auth, card(i));
    const [a, b] = await cards(company.id);
    const refused = await post('/api/company/bank/del', auth, { id: a.id });
    expect(refused.json()).toMatchObject({ status: 0, msg: '默认银行卡不能删除，请先设置其他默认银行卡' });
    expect(await cards(company.id)).toHaveLength(2);
    expect((await post('/api/company/bank/del', auth, { id: b.id })).json()).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    // the last card may go, default or not; then a new first card is the default again
    expect((await post('/api/company/bank/del', auth, { id: a.id })).json().status).toBe(1);
    expect(await cards(company.id)).toHaveLength(0);
    expect((await post('/api/company/bank/save', auth, card(7))).json().data.is_default).toBe(1);
  });

  it('concurrent adds cannot pass the limit', async () => {
    const { auth, company } = await seedUser(t.db);
    const res = await Promise.all(
      Array.from({ length: 7 }, (_, i) => post('/api/company/bank/save', auth, card(i + 1))),
    );
    expect(res.filter((r) => r.json().status === 1)).toHaveLength(4);
    expect(await cards(company.id)).toHaveLength(4);
    expect((await cards(company.id)).filter((c) => c.isDefault === 1)).toHaveLength(1);
  });

  it("another company's cards answer 404 and never show", async () => {
    const owner = await seedUser(t.db, { companyName: '甲公司' });
    const other = await seedUser(t.db, { companyName: '乙公司' });
    await post('/api/company/bank/save', owner.auth, card(1));
    await post('/api/company/bank/save', owner.auth, card(2));
    const [, theirs] = await cards(owner.company.id);
    for (const url of ['/api/company/bank/default', '/api/company/bank/del']) {
      const res = await post(url, other.auth, { id: theirs.id });
      expect(res.statusCode).toBe(404);
    }
    expect((await get('/api/company/bank/lst', other.auth)).json().data).toEqual([]);
    // asking for the other company by id: not a member
    const res = await get(`/api/company/bank/lst?company_id=${owner.company.id}`, other.auth);
    expect(res.statusCode).toBe(403);
    expect((await cards(owner.company.id)).map((c) => c.isDefault)).toEqual([1, 0]);
  });

  it('a sub-user needs the bank grant for every route', async () => {
    const owner = await seedUser(t.db, { companyName: '丙公司' });
    await post('/api/company/bank/save', owner.auth, card(1));
    const [c] = await cards(owner.company.id);
    const without = await seedUser(t.db);
    await addMember(t.db, owner.company.id, without.user.id, { menus: [501] });
    const q = `?company_id=${owner.company.id}`;
    const body = { company_id: owner.company.id };
    for (const res of [
      await get(`/api/company/bank/lst${q}`, without.auth),
      await post('/api/company/bank/save', without.auth, { ...body, ...card(2) }),
      await post('/api/company/bank/default', without.auth, { ...body, id: c.id }),
      await post('/api/company/bank/del', without.auth, { ...body, id: c.id }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'NO_GRANT', msg: '您没有该功能的权限，请联系企业主账号开通' });
    }
    expect(await cards(owner.company.id)).toHaveLength(1);
    const granted = await seedUser(t.db);
    await addMember(t.db, owner.company.id, granted.user.id, { menus: [503] });
    expect((await post('/api/company/bank/save', granted.auth, { ...body, ...card(2) })).json().status).toBe(1);
    expect((await get(`/api/company/bank/lst${q}`, granted.auth)).json().data).toHaveLength(2);
  });

  it("a user in two companies sees and changes each company's own cards", async () => {
    const a = await seedUser(t.db, { companyName: '丁公司' });
    const b = await seedUser(t.db, { companyName: '戊公司' });
    await addMember(t.db, b.company.id, a.user.id, { menus: [5, 503] });
    await post('/api/company/bank/save', a.auth, card(1));
    await post('/api/company/bank/save', b.auth, card(2));
    const inA = (await get(`/api/company/bank/lst?company_id=${a.company.id}`, a.auth)).json().data;
    const inB = (await get(`/api/company/bank/lst?company_id=${b.company.id}`, a.auth)).json().data;
    expect(inA.map((c: { no: string; company_id: number }) => [c.no, c.company_id])).toEqual([
      ['**** **** **** 3001', a.company.id],
    ]);
    expect(inB.map((c: { no: string; company_id: number }) => [c.no, c.company_id])).toEqual([
      ['**** **** **** 3002', b.company.id],
    ]);
    // the 14-day company cookie chooses as well
    expect(
      (await get('/api/company/bank/lst', { ...a.auth, cookie: `company_id=${b.company.id}` })).json().data[0].id,
    ).toBe(inB[0].id);
    // a card of company A, addressed in the context of company B: not found there
    expect((await post('/api/company/bank/del', a.auth, { company_id: b.company.id, id: inA[0].id })).statusCode).toBe(
      404,
    );
    expect(
      (await post('/api/company/bank/save', a.auth, { company_id: b.company.id, ...card(3) })).json().data.company_id,
    ).toBe(b.company.id);
    expect(await cards(a.company.id)).toHaveLength(1);
    expect(await cards(b.company.id)).toHaveLength(2);
  });
});
