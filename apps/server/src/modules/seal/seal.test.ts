import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { seals, systemMessages, uploads } from '../../db/schema';
import { listUsableSeals, requireUsableSeal } from './seal.service';
import { addMember, createTestApp, multipart, seedUser } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, headers: THeaders) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: THeaders, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const live = (companyId: number) =>
  t.db
    .select()
    .from(seals)
    .where(and(eq(seals.companyId, companyId), isNull(seals.deletedAt)))
    .orderBy(seals.id);

/** A red round seal on a transparent (or white) square. */
async function sealPng(size = 300, opts: { opaque?: boolean; format?: 'png' | 'jpeg' } = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 8}" fill="none" stroke="#d00" stroke-width="10"/><text x="50%" y="55%" font-size="40" text-anchor="middle" fill="#d00">章</text></svg>`;
  let img = sharp(Buffer.from(svg));
  if (opts.opaque) img = img.flatten({ background: '#ffffff' });
  return (opts.format === 'jpeg' ? img.jpeg() : img.png()).toBuffer();
}

async function uploadSeal(auth: THeaders, file: Buffer, filename = 'seal.png', companyId?: number) {
  const body = await multipart([{ name: 'image', value: file, filename }]);
  const url = `/api/index/upload/signet${companyId ? `?company_id=${companyId}` : ''}`;
  const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...auth } });
  return res.json() as { status: number; msg: string; data: { url: string; path: string } | null };
}

async function addSeal(owner: { auth: THeaders }, name = '合同专用章', file?: Buffer) {
  const up = await uploadSeal(owner.auth, file ?? (await sealPng()));
  expect(up.status).toBe(1);
  return post('/api/company/signet/save', owner.auth, { name, remark: '合同', image: up.data!.path });
}

describe('company seals', () => {
  it('adds up to 4 seals for review (1000); a 5th is refused', async () => {
    const owner = await seedUser(t.db, { companyName: '印章测试有限公司' });
    for (let i = 1; i <= 4; i++) {
      const res = await addSeal(owner, `印章${i}`);
      expect(res.json()).toMatchObject({
        status: 1,
        msg: '提交成功，印章将在2个工作日内完成审核',
        data: { name: `印章${i}`, remark: '合同', status: 1000, status_v: '审核中' },
      });
    }
    const fifth = await addSeal(owner, '印章5');
    expect(fifth.json()).toMatchObject({ status: 0, msg: '每个企业最多添加4个印章' });
    expect(await live(owner.company.id)).toHaveLength(4);
    expect((await get('/api/company/signet/lst', owner.auth)).json().data).toHaveLength(4);
  });

  it('checks every image rule on the server with the spec message, and stores nothing', async () => {
    const owner = await seedUser(t.db, { companyName: '印章规则有限公司' });
    // a JPG and a file over 50 KB are refused by the upload itself
    const jpg = await uploadSeal(owner.auth, await sealPng(300, { format: 'jpeg' }), 'seal.jpg');
    expect(jpg).toMatchObject({ status: 0, msg: '请上传PNG格式图片' });
    // about 60 KB: random pixels do not compress
    const noise = randomBytes(124 * 124 * 4);
    const big = await sharp(noise, { raw: { width: 124, height: 124, channels: 4 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(59 * 1024);
    expect(big.length).toBeLessThan(62 * 1024);
    expect(await uploadSeal(owner.auth, big)).toMatchObject({ status: 0, msg: '文件大小应不超过50k' });
    // refused uploads leave no file record behind
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, owner.user.id))).toHaveLength(0);
    // 200×200 and opaque images pass the upload but not the seal
    for (const [file, msg] of [
      [await sealPng(200), '印章图片尺寸须为300×300像素'],
      [await sealPng(300, { opaque: true }), '印章图片须为透明背景'],
    ] as const) {
      const res = await addSeal(owner, '公章', file);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, msg, errors: [{ field: 'image', msg }] });
    }
    for (const [body, msg] of [
      [{ name: '', image: '/uploads/x.png' }, '请输入印章名称'],
      [{ name: '章'.repeat(41), image: '/uploads/x.png' }, '印章名称不能超过40个字'],
      [{ name: '公章', remark: '备'.repeat(21), image: '/uploads/x.png' }, '备注不能超过20个字'],
      [{ name: '公章' }, '请上传印章图片'],
      [
        { name: '公章', image: '/uploads/signet/2026/11/00000000000000000000000000000000.png' },
        '印章图片无效，请重新上传',
      ],
    ] as const) {
      expect((await post('/api/company/signet/save', owner.auth, body)).json().msg).toBe(msg);
    }
    // someone else's upload cannot be used
    const other = await seedUser(t.db);
    const theirs = await uploadSeal(other.auth, await sealPng());
    expect(
      (await post('/api/company/signet/save', owner.auth, { name: '公章', image: theirs.data!.path })).json().msg,
    ).toBe('印章图片无效，请重新上传');
    // a member's own upload for another company (here: the member's own) cannot be used either
    const member = await seedUser(t.db);
    await addMember(t.db, owner.company.id, member.user.id, { menus: [5, 506] });
    const elsewhere = await uploadSeal(member.auth, await sealPng(), 'seal.png', member.company.id);
    expect(elsewhere.status).toBe(1);
    const crossed = await post('/api/company/signet/save', member.auth, {
      company_id: owner.company.id,
      name: '公章',
      image: elsewhere.data!.path,
    });
    expect(crossed.json()).toMatchObject({ status: 0, msg: '印章图片无效，请重新上传' });
    expect(await live(owner.company.id)).toHaveLength(0);
    // uploaded for this company, the same member may add it
    const here = await uploadSeal(member.auth, await sealPng(), 'seal.png', owner.company.id);
    expect(
      (
        await post('/api/company/signet/save', member.auth, {
          company_id: owner.company.id,
          name: '公章',
          image: here.data!.path,
        })
      ).json().status,
    ).toBe(1);
    expect(await live(owner.company.id)).toHaveLength(1);
  });

  it('the admin passes or returns a seal once; the company hears about it', async () => {
    const owner = await seedUser(t.db, { companyName: '印章审核有限公司' });
    await addSeal(owner, '合同专用章');
    await addSeal(owner, '财务专用章');
    const [a, b] = await live(owner.company.id);
    const queue = (await get('/api/admin/seals?status=1000', admin.auth)).json().data;
    expect(queue.data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(queue.data.find((r: { id: number }) => r.id === a.id)).toMatchObject({
      company_name: '印章审核有限公司',
      status: 1000,
    });

    const noReason = await post(`/api/admin/seals/${b.id}/reject`, admin.auth, { reason: ' ' });
    expect(noReason.json().msg).toBe('请填写退回原因');
    expect((await post(`/api/admin/seals/${a.id}/approve`, admin.auth, {})).json().status).toBe(1);
    expect(
      (await post(`/api/admin/seals/${b.id}/reject`, admin.auth, { reason: '印章边缘不清晰' })).json().status,
    ).toBe(1);
    const again = await post(`/api/admin/seals/${a.id}/reject`, admin.auth, { reason: 'x' });
    expect(again.json()).toMatchObject({ status: 0, msg: '该印章已审核' });

    const list = (await get('/api/company/signet/lst', owner.auth)).json().data;
    expect(
      list.map((s: { status: number; status_v: string; reason: string }) => [s.status, s.status_v, s.reason]),
    ).toEqual([
      [1001, '已通过', ''],
      [1002, '已退回（图片不合格）', '印章边缘不清晰'],
    ]);
    const inbox = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, owner.user.id));
    expect(inbox.map((m) => m.title).sort()).toEqual(['印章审核未通过', '印章审核通过']);
    expect(inbox.find((m) => m.title === '印章审核未通过')!.body).toContain('印章边缘不清晰');
    // a return for details that do not match (1003) is listed under 已退回 too
    await addSeal(owner, '发票专用章');
    const c = (await live(owner.company.id))[2];
    // only a kind of return is accepted as the status: a pass or an unknown status through reject changes nothing
    for (const status of [1001, 1000, 1004]) {
      const bad = await post(`/api/admin/seals/${c.id}/reject`, admin.auth, { status, reason: '名称与营业执照不符' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: 0, msg: '请选择退回类型' });
    }
    expect((await live(owner.company.id))[2]).toMatchObject({ status: 1000, reason: '' });
    expect(
      (await post(`/api/admin/seals/${c.id}/reject`, admin.auth, { status: 1003, reason: '名称与营业执照不符' })).json()
        .status,
    ).toBe(1);
    expect((await get('/api/company/signet/lst', owner.auth)).json().data[2]).toMatchObject({
      status: 1003,
      status_v: '已退回（信息不符）',
      reason: '名称与营业执照不符',
    });
    // a returned seal is decided: it can be neither passed nor returned again
    expect((await post(`/api/admin/seals/${c.id}/approve`, admin.auth, {})).json()).toMatchObject({
      status: 0,
      msg: '该印章已审核',
    });
    const returned = (await get('/api/admin/seals?status=1002', admin.auth)).json().data;
    expect(
      returned.data
        .filter((r: { company_name: string }) => r.company_name === '印章审核有限公司')
        .map((r: { id: number; status: number }) => [r.id, r.status]),
    ).toEqual([
      [c.id, 1003],
      [b.id, 1002],
    ]);
    await post('/api/company/signet/del', owner.auth, { id: c.id });
  });

  it('deletes a seal of its own company only; grants and roles hold', async () => {
    const owner = await seedUser(t.db, { companyName: '印章边界有限公司' });
    await addSeal(owner);
    const [s] = await live(owner.company.id);
    const other = await seedUser(t.db);
    expect((await post('/api/company/signet/del', other.auth, { id: s.id })).statusCode).toBe(404);
    expect((await get('/api/company/signet/lst', {})).json().status).toBe(-1);
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id, { menus: [5, 503] });
    const denied = await post('/api/company/signet/del', sub.auth, { company_id: owner.company.id, id: s.id });
    expect(denied.statusCode).toBe(403);
    expect((await get('/api/admin/seals', owner.auth)).statusCode).toBe(403);
    expect((await post(`/api/admin/seals/${s.id}/approve`, owner.auth, {})).statusCode).toBe(403);
    expect(await live(owner.company.id)).toHaveLength(1);
    expect((await post('/api/company/signet/del', owner.auth, { id: s.id })).json()).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    expect(await live(owner.company.id)).toHaveLength(0);
  });

  it('only passed seals are usable by later modules (contracts, settlements)', async () => {
    const owner = await seedUser(t.db, { companyName: '印章使用有限公司' });
    for (const n of ['合同专用章', '财务专用章', '公章']) await addSeal(owner, n);
    const [a, b, c] = await live(owner.company.id);
    await post(`/api/admin/seals/${a.id}/approve`, admin.auth, {});
    await post(`/api/admin/seals/${b.id}/reject`, admin.auth, { reason: '不清晰' });
    expect((await listUsableSeals(t.db, owner.company.id)).map((s) => s.id)).toEqual([a.id]);
    expect(await requireUsableSeal(t.db, owner.company.id, a.id)).toMatchObject({ id: a.id, status: 1001 });
    for (const [id, code] of [
      [b.id, 'SEAL_NOT_USABLE'],
      [c.id, 'SEAL_NOT_USABLE'],
    ] as const) {
      await expect(requireUsableSeal(t.db, owner.company.id, id)).rejects.toMatchObject({
        code,
        message: '该印章尚未审核通过，不能使用',
      });
    }
    // another company's seal, or a deleted one, is not found
    const other = await seedUser(t.db, { companyName: '别的有限公司' });
    await expect(requireUsableSeal(t.db, other.company.id, a.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      http: 404,
    });
    expect(await listUsableSeals(t.db, other.company.id)).toEqual([]);
    await post('/api/company/signet/del', owner.auth, { id: a.id });
    await expect(requireUsableSeal(t.db, owner.company.id, a.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await listUsableSeals(t.db, owner.company.id)).toEqual([]);
  });
});
