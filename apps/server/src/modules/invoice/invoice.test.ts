import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, invoiceAddresses, invoiceProfiles, regions } from '../../db/schema';
import { addMember, createTestApp, seedUser, tableText } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insert(regions)
    .values([
      { id: 31, parentId: 1, name: '上海市', level: 1 },
      { id: 3101, parentId: 31, name: '市辖区', level: 2 },
      { id: 310115, parentId: 3101, name: '浦东新区', level: 3 },
      { id: 32, parentId: 1, name: '江苏省', level: 1 },
      { id: 3201, parentId: 32, name: '南京市', level: 2 },
      { id: 320102, parentId: 3201, name: '玄武区', level: 3 },
    ])
    .onConflictDoNothing();
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, headers: THeaders) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: THeaders, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const del = (headers: THeaders, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/company/invoice/delAddr', headers, payload });
const addrs = (companyId: number) =>
  t.db.select().from(invoiceAddresses).where(eq(invoiceAddresses.companyId, companyId)).orderBy(invoiceAddresses.id);
const profile = async (companyId: number) =>
  (await t.db.select().from(invoiceProfiles).where(eq(invoiceProfiles.companyId, companyId)))[0];
const addr = (n: number) => ({
  name: `收件人${n}`,
  phone: '13912345678',
  province: 31,
  city: 3101,
  area: 310115,
  address: `张江路 ${n} 号`,
  remark: '',
});
const special = {
  type: 0,
  address: '上海市浦东新区张江路 88 号',
  telphone: '021-50800000',
  bank: '中国工商银行上海张江支行',
  bank_no: '6222 0210 0112 3456',
};

async function enterprise() {
  const owner = await seedUser(t.db, { companyName: '发票测试建设有限公司' });
  await t.db.update(companies).set({ registNo: '91310115MA1K3ABC12' }).where(eq(companies.id, owner.company.id));
  return owner;
}

describe('invoice qualification', () => {
  it('reads title and tax number from the company register; ordinary by default', async () => {
    const { auth, company } = await enterprise();
    const res = await get('/api/company/invoice/index', auth);
    expect(res.json().data).toEqual({
      company_id: company.id,
      type: 1,
      type_v: '增值税普通发票',
      name: '发票测试建设有限公司',
      no: '91310115MA1K3ABC12',
      address: '',
      telphone: '',
      bank: '',
      bank_no: '',
      target: 0,
      update_time: '',
    });
  });

  it('a special VAT invoice needs address, phone, bank and account; nothing is stored until all are there', async () => {
    const { auth, company } = await enterprise();
    for (const [field, msg] of [
      ['address', '请输入注册地址'],
      ['telphone', '请输入注册电话'],
      ['bank', '请输入开户银行'],
      ['bank_no', '请输入银行账号'],
    ] as const) {
      const res = await post('/api/company/invoice/save', auth, { ...special, [field]: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, msg, errors: [{ field, msg }] });
    }
    expect(await profile(company.id)).toBeUndefined();
    expect((await post('/api/company/invoice/save', auth, { ...special, bank_no: '12ab' })).json().msg).toBe(
      '银行账号应为8-30位数字',
    );
    expect((await post('/api/company/invoice/save', auth, { ...special, type: 2 })).json().msg).toBe('请选择发票类型');
    // title and tax number sent by a browser are ignored
    const res = await post('/api/company/invoice/save', auth, { ...special, name: '别的公司', no: 'X' });
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '保存成功',
      data: {
        type: 0,
        type_v: '增值税专用发票',
        name: '发票测试建设有限公司',
        no: '91310115MA1K3ABC12',
        bank_no: '6222021001123456',
      },
    });
    // the invoice page shows the account whole (spec/1 §3: printed on the invoice, edited in this form); the table holds it encrypted
    expect((await get('/api/company/invoice/index', auth)).json().data.bank_no).toBe('6222021001123456');
    expect((await profile(company.id)).bankNo).toMatch(/^ev1:[0-9a-f]{8}:/);
    expect(await tableText(t.db, 'invoice_profiles')).not.toContain('6222021001123456');
    // an ordinary invoice needs none of them
    expect((await post('/api/company/invoice/save', auth, { type: 1 })).json().data).toMatchObject({
      type: 1,
      address: '',
      bank: '',
    });
  });

  it('a personal company may only ask for ordinary invoices', async () => {
    const { auth, company } = await seedUser(t.db);
    expect((await get('/api/company/invoice/index', auth)).json().data.target).toBe(1);
    const res = await post('/api/company/invoice/save', auth, special);
    expect(res.json()).toMatchObject({ status: 0, msg: '个人发票只能开具增值税普通发票' });
    expect(await profile(company.id)).toBeUndefined();
    expect((await post('/api/company/invoice/save', auth, { type: 1 })).json().status).toBe(1);
  });
});

describe('receiving addresses', () => {
  it('at most 3; the first is the default; names of the region come back', async () => {
    const { auth, company } = await enterprise();
    for (let i = 1; i <= 3; i++)
      expect((await post('/api/company/invoice/saveAddr', auth, addr(i))).json()).toMatchObject({
        status: 1,
        msg: '保存成功',
      });
    const fourth = await post('/api/company/invoice/saveAddr', auth, addr(4));
    expect(fourth.json()).toMatchObject({ status: 0, msg: '收货地址最多添加3个' });
    expect(await addrs(company.id)).toHaveLength(3);
    const list = (await get('/api/company/invoice/addrlst', auth)).json().data;
    expect(list[0]).toMatchObject({
      name: '收件人1',
      province_v: '上海市',
      city_v: '市辖区',
      area_v: '浦东新区',
      is_default: 1,
    });
    expect(list.map((a: { is_default: number }) => a.is_default)).toEqual([1, 0, 0]);
  });

  it('refuses incomplete or inconsistent addresses with the field message', async () => {
    const { auth, company } = await enterprise();
    for (const [body, msg] of [
      [{ ...addr(1), name: ' ' }, '请输入收件人'],
      [{ ...addr(1), phone: '' }, '请输入手机号码'],
      [{ ...addr(1), phone: '1391234' }, '手机号码格式不正确'],
      [{ ...addr(1), address: '' }, '请输入详细地址'],
      [{ ...addr(1), area: undefined }, '请选择所在地区'],
      [{ ...addr(1), city: 3201, area: 320102 }, '所在地区不正确，请重新选择'],
      [{ ...addr(1), area: 999999 }, '所在地区不正确，请重新选择'],
    ] as const) {
      const res = await post('/api/company/invoice/saveAddr', auth, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await addrs(company.id)).toHaveLength(0);
  });

  it('edits, moves the default, and never deletes the default', async () => {
    const { auth, company } = await enterprise();
    await post('/api/company/invoice/saveAddr', auth, addr(1));
    await post('/api/company/invoice/saveAddr', auth, addr(2));
    const [a, b] = await addrs(company.id);
    const refused = await del(auth, { id: a.id });
    expect(refused.json()).toMatchObject({ status: 0, msg: '默认地址不能删除' });
    expect(await addrs(company.id)).toHaveLength(2);
    // editing with is_default moves the default
    expect(
      (
        await post('/api/company/invoice/saveAddr', auth, {
          ...addr(2),
          id: b.id,
          province: 32,
          city: 3201,
          area: 320102,
          is_default: 1,
        })
      ).json().status,
    ).toBe(1);
    expect((await addrs(company.id)).map((x) => [x.id, x.isDefault, x.province])).toEqual([
      [a.id, 0, 31],
      [b.id, 1, 32],
    ]);
    expect((await post('/api/company/invoice/setDefaultAddr', auth, { id: a.id })).json()).toMatchObject({
      status: 1,
      msg: '设置成功',
    });
    expect((await del(auth, { id: b.id })).json()).toMatchObject({ status: 1, msg: '删除成功' });
    expect((await addrs(company.id)).map((x) => x.id)).toEqual([a.id]);
  });

  it('concurrent adds cannot pass the limit, and one default remains', async () => {
    const { auth, company } = await enterprise();
    await Promise.all(Array.from({ length: 6 }, (_, i) => post('/api/company/invoice/saveAddr', auth, addr(i))));
    expect(await addrs(company.id)).toHaveLength(3);
    expect((await addrs(company.id)).filter((x) => x.isDefault === 1)).toHaveLength(1);
  });
});

describe('invoice boundaries', () => {
  it("another company's address answers 404; a stranger -1; a sub-user needs the invoice grant", async () => {
    const owner = await enterprise();
    await post('/api/company/invoice/saveAddr', owner.auth, addr(1));
    await post('/api/company/invoice/saveAddr', owner.auth, addr(2));
    const [, theirs] = await addrs(owner.company.id);
    const other = await seedUser(t.db);
    expect((await post('/api/company/invoice/saveAddr', other.auth, { ...addr(9), id: theirs.id })).statusCode).toBe(
      404,
    );
    expect((await post('/api/company/invoice/setDefaultAddr', other.auth, { id: theirs.id })).statusCode).toBe(404);
    expect((await del(other.auth, { id: theirs.id })).statusCode).toBe(404);
    expect((await addrs(owner.company.id)).map((x) => [x.name, x.isDefault])).toEqual([
      ['收件人1', 1],
      ['收件人2', 0],
    ]);
    expect((await get('/api/company/invoice/addrlst', {})).json().status).toBe(-1);

    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id, { menus: [501, 503] });
    const body = { company_id: owner.company.id };
    for (const res of [
      await get(`/api/company/invoice/index?company_id=${owner.company.id}`, sub.auth),
      await post('/api/company/invoice/save', sub.auth, { ...body, type: 1 }),
      await get(`/api/company/invoice/addrlst?company_id=${owner.company.id}`, sub.auth),
      await post('/api/company/invoice/saveAddr', sub.auth, { ...body, ...addr(3) }),
      await del(sub.auth, { ...body, id: theirs.id }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('您没有该功能的权限，请联系企业主账号开通');
    }
    expect(await addrs(owner.company.id)).toHaveLength(2);
  });
});
