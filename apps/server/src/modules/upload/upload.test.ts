import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { addMember, createTestApp, multipart, seedUser } from '../../test/harness';
import { MemoryStore } from '../../platform/object-store';
import { uploads } from '../../db/schema';
import { PRIVATE_UPLOADS, UPLOAD_RULES, type TUploadKind } from '@jizu/shared/constants/upload';
import { SESSION_COOKIE } from '../../platform/session';
import { claimUploads } from './upload.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
const store = new MemoryStore();
let alice: Awaited<ReturnType<typeof seedUser>>;
let bob: Awaited<ReturnType<typeof seedUser>>;

beforeAll(async () => {
  t = await createTestApp({}, { store });
  alice = await seedUser(t.db);
  bob = await seedUser(t.db);
});
afterAll(async () => t?.close());

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** A noisy image (so it does not compress to nothing) of the given size and format. */
async function image(
  format: 'jpeg' | 'png' | 'gif',
  width = 64,
  height = 48,
  opts: { alpha?: boolean; exif?: boolean } = {},
) {
  const channels = opts.alpha ? 4 : 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + ((i / width) | 0) * 31) & 0xff;
  let img = sharp(raw, { raw: { width, height, channels } });
  if (opts.exif) img = img.withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', Artist: 'someone' } } });
  return img.toFormat(format).toBuffer();
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const form = multipart;

async function upload(
  url: string,
  file: Buffer | null,
  opts: {
    filename?: string;
    token?: string | null;
    extra?: { name: string; value: Buffer | string; filename?: string }[];
    field?: string;
  } = {},
) {
  const parts: { name: string; value: Buffer | string; filename?: string }[] = [];
  if (file) parts.push({ name: opts.field ?? 'image', value: file, filename: opts.filename ?? 'photo.jpg' });
  parts.push(...(opts.extra ?? []));
  if (!parts.length) parts.push({ name: 'company_id', value: '1' });
  const body = await form(parts);
  const headers: Record<string, string> = { ...body.headers };
  const token = opts.token === undefined ? alice.token : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers });
  return {
    code: res.statusCode,
    body: res.json() as { status: number; msg: string; data: Record<string, unknown> | null; code?: string },
  };
}

const MB = 1024 * 1024;
/** A valid JPEG padded with trailing bytes to a given size (decoders ignore what follows the end marker). */
async function bigJpeg(bytes: number) {
  const j = await image('jpeg');
  return Buffer.concat([j, Buffer.alloc(bytes - j.length, 0)]);
}

describe('upload paths', () => {
  const cases: {
    url: string;
    good: () => Promise<Buffer>;
    goodName: string;
    bad: () => Promise<Buffer>;
    typeMsg: string;
    maxMb: number | null;
  }[] = [
    {
      url: '/api/index/upload/charter',
      good: () => image('jpeg'),
      goodName: 'a.jpg',
      bad: () => image('gif'),
      typeMsg: '请上传JPG、PNG格式图片',
      maxMb: 10,
    },
    {
      url: '/api/index/upload/avatar',
      good: () => image('png'),
      goodName: 'a.png',
      bad: () => image('gif'),
      typeMsg: '请上传JPG、PNG格式图片',
      maxMb: 5,
    },
    {
      url: '/api/index/upload/contract',
      good: async () => PDF,
      goodName: 'c.pdf',
      bad: () => image('png'),
      typeMsg: '请上传pdf格式文件',
      maxMb: 10,
    },
    {
      url: '/api/index/upload/signet',
      good: () => image('png', 300, 300, { alpha: true }),
      goodName: 's.png',
      bad: () => image('jpeg'),
      typeMsg: '请上传PNG格式图片',
      maxMb: null,
    },
    {
      url: '/api/index/upload/settle',
      good: () => image('jpeg'),
      goodName: 's.jpg',
      bad: () => image('gif'),
      typeMsg: '请上传JPG、JPEG、PNG格式图片',
      maxMb: 10,
    },
    {
      url: '/api/ep/upload',
      good: () => image('gif'),
      goodName: 'e.gif',
      bad: async () => PDF,
      typeMsg: '请上传jpg、jpeg、png、gif格式图片',
      maxMb: 10,
    },
    {
      url: '/api/shop/upload',
      good: () => image('jpeg'),
      goodName: 'x.jpg',
      bad: () => image('gif'),
      typeMsg: '请上传jpg、png格式图片',
      maxMb: 5,
    },
    {
      url: '/api/recruit/upload',
      good: () => image('png'),
      goodName: 'r.png',
      bad: () => image('gif'),
      typeMsg: '请上传JPG、PNG格式图片',
      maxMb: 5,
    },
  ];

  for (const c of cases) {
    it(`${c.url}: accepts a good file, refuses a wrong type, a text file named x.png, and a file over the limit`, async () => {
      const ok = await upload(c.url, await c.good(), { filename: c.goodName });
      expect(ok.code).toBe(200);
      expect(ok.body).toMatchObject({ status: 1, msg: '上传成功' });
      const data = ok.body.data as { url: string; path: string; original: string; md5: string };
      expect(data.path).toMatch(/^\/uploads\/[a-z]+\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(jpg|png|gif|pdf)$/);
      expect(data.original).toBe(data.path);
      expect(data.url).toBe(`${t.config.publicUrl}${data.path}`);
      const [row] = await t.db.select().from(uploads).where(eq(uploads.path, data.path));
      expect(row).toMatchObject({ userId: alice.user.id, md5: data.md5, originalName: c.goodName });

      const wrong = await upload(c.url, await c.bad(), { filename: 'x.jpg' });
      expect(wrong).toMatchObject({ code: 400, body: { status: 0, msg: c.typeMsg, code: 'UPLOAD_BAD_TYPE' } });
      const text = await upload(c.url, Buffer.from('hello, this is not an image at all\n'.repeat(10)), {
        filename: 'x.png',
      });
      expect(text).toMatchObject({ code: 400, body: { status: 0, msg: c.typeMsg } });

      if (c.maxMb) {
        const big = await upload(c.url, await bigJpeg(c.maxMb * MB + 1), { filename: 'big.jpg' });
        expect(big).toMatchObject({
          code: 400,
          body: { status: 0, msg: `文件大小应不超过${c.maxMb}M`, code: 'UPLOAD_TOO_LARGE' },
        });
      }
    });
  }

  it('refuses a seal PNG over 50 KB with the spec message and keeps a seal at its exact size with alpha', async () => {
    const big = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(50 * 1024);
    expect(await upload('/api/index/upload/signet', big, { filename: 's.png' })).toMatchObject({
      code: 400,
      body: { msg: '文件大小应不超过50k' },
    });
    const seal = await upload('/api/index/upload/signet', await image('png', 300, 300, { alpha: true }), {
      filename: 's.png',
    });
    expect(seal.body.data).toMatchObject({ width: 300, height: 300, has_alpha: true, mime: 'image/png' });
  });

  it('strips EXIF when re-encoding, keeps the sent MD5 apart from the stored one', async () => {
    const src = await image('jpeg', 200, 100, { exif: true });
    expect(src.includes(Buffer.from('secret-owner'))).toBe(true);
    const res = await upload('/api/ep/upload', src, { filename: 'exif.jpg' });
    const data = res.body.data as { path: string; md5: string };
    const stored = store.files.get(data.path.slice('/uploads/'.length))!;
    expect(stored.bytes.includes(Buffer.from('secret-owner'))).toBe(false);
    expect((await sharp(stored.bytes).metadata()).exif).toBeUndefined();
    expect(md5(stored.bytes)).toBe(data.md5);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.path, data.path));
    expect(row.sourceMd5).toBe(md5(src));
  });

  it('caps the long edge at 4096 and refuses images over 40 megapixels', async () => {
    const wide = await sharp({ create: { width: 5000, height: 1000, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    expect((await upload('/api/ep/upload', wide)).body.data).toMatchObject({ width: 4096, height: 819 });
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(10 * MB);
    expect(await upload('/api/ep/upload', huge, { filename: 'huge.png' })).toMatchObject({
      code: 400,
      body: { status: 0, msg: '图片尺寸过大' },
    });
  });

  it('keeps a GIF animated', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 60, channels: 3, background } })
        .png()
        .toBuffer();
    const twoFrames = await sharp([await frame('#08f'), await frame('#f80')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(twoFrames, { animated: true }).metadata()).pages).toBe(2);
    const res = await upload('/api/ep/upload', twoFrames, { filename: 'a.gif' });
    const stored = store.files.get((res.body.data as { path: string }).path.slice('/uploads/'.length))!;
    expect((await sharp(stored.bytes, { animated: true }).metadata()).pages).toBe(2);
  });

  it('answers 401 status -1 without a login', async () => {
    expect(await upload('/api/ep/upload', await image('jpeg'), { token: null })).toMatchObject({
      code: 401,
      body: { status: -1 },
    });
  });

  it('answers multipart mistakes with catalogue messages', async () => {
    expect(await upload('/api/ep/upload', null)).toMatchObject({ code: 400, body: { msg: '请选择要上传的文件' } });
    expect(await upload('/api/ep/upload', await image('jpeg'), { field: 'file' })).toMatchObject({
      code: 400,
      body: { msg: '请选择要上传的文件' },
    });
    const two = await upload('/api/ep/upload', await image('jpeg'), {
      extra: [{ name: 'image', value: await image('jpeg'), filename: 'b.jpg' }],
    });
    expect(two).toMatchObject({ code: 400, body: { msg: '每次只能上传一个文件' } });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/ep/upload',
      payload: { image: 'x' },
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(json.json()).toMatchObject({ status: 0, msg: '请选择要上传的文件' });
  });

  it('records the company only for an active member', async () => {
    const mine = await upload('/api/shop/upload', await image('jpeg', 10, 10), {
      extra: [{ name: 'company_id', value: String(alice.company.id) }],
    });
    const theirs = await upload('/api/shop/upload', await image('jpeg', 11, 10), {
      extra: [{ name: 'company_id', value: String(bob.company.id) }],
    });
    const rows = await t.db.select().from(uploads);
    const find = (p: unknown) => rows.find((r) => r.path === p)!;
    expect(find(mine.body.data!.path).companyId).toBe(alice.company.id);
    expect(find(theirs.body.data!.path).companyId).toBeNull();
  });
});

describe('POST /api/index/upload/signet: guarded like the seal section', () => {
  const SIGNET = '/api/index/upload/signet';
  const mine = (userId: number) => t.db.select().from(uploads).where(eq(uploads.userId, userId));
  const sealImage = () => image('png', 300, 300, { alpha: true });

  it('a sub-user without the seal grant gets 403 with the catalogue message; nothing is stored', async () => {
    const owner = await seedUser(t.db);
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id, { menus: [5, 503] });
    const files = store.files.size;
    const res = await upload(`${SIGNET}?company_id=${owner.company.id}`, await sealImage(), {
      filename: 's.png',
      token: sub.token,
    });
    expect(res).toMatchObject({
      code: 403,
      body: { status: 0, code: 'NO_GRANT', msg: '您没有该功能的权限，请联系企业主账号开通' },
    });
    // the company only in the form is not enough: the check ran on the sub-user's own company, which the form contradicts
    const formOnly = await upload(SIGNET, await sealImage(), {
      filename: 's.png',
      token: sub.token,
      extra: [{ name: 'company_id', value: String(owner.company.id) }],
    });
    expect(formOnly).toMatchObject({
      code: 400,
      body: { status: 0, msg: '请求参数有误', errors: [{ field: 'company_id' }] },
    });
    expect(await mine(sub.user.id)).toHaveLength(0);
    expect(store.files.size).toBe(files);
  });

  it('a stranger is refused (not a member 403, no session 401); nothing is stored', async () => {
    const owner = await seedUser(t.db);
    const stranger = await seedUser(t.db);
    const files = store.files.size;
    const res = await upload(`${SIGNET}?company_id=${owner.company.id}`, await sealImage(), {
      filename: 's.png',
      token: stranger.token,
    });
    expect(res).toMatchObject({
      code: 403,
      body: { status: 0, code: 'NOT_MEMBER', msg: '您不是该企业的成员，或账号已被停用' },
    });
    expect(
      await upload(`${SIGNET}?company_id=${owner.company.id}`, await sealImage(), { filename: 's.png', token: null }),
    ).toMatchObject({
      code: 401,
      body: { status: -1 },
    });
    // a switched-off member is a stranger too
    const off = await seedUser(t.db);
    await addMember(t.db, owner.company.id, off.user.id, { status: 0, menus: [5, 506] });
    expect(
      (
        await upload(`${SIGNET}?company_id=${owner.company.id}`, await sealImage(), {
          filename: 's.png',
          token: off.token,
        })
      ).body.code,
    ).toBe('NOT_MEMBER');
    expect(await mine(stranger.user.id)).toHaveLength(0);
    expect(await mine(off.user.id)).toHaveLength(0);
    expect(store.files.size).toBe(files);
  });

  it('the main account and a sub-user with the seal grant upload for the company; the upload records it', async () => {
    const owner = await seedUser(t.db);
    const res = await upload(`${SIGNET}?company_id=${owner.company.id}`, await sealImage(), {
      filename: 's.png',
      token: owner.token,
      extra: [{ name: 'company_id', value: String(owner.company.id) }],
    });
    expect(res).toMatchObject({ code: 200, body: { status: 1, msg: '上传成功' } });
    const [row] = await mine(owner.user.id);
    expect(row).toMatchObject({ kind: 'signet', companyId: owner.company.id, path: res.body.data!.path });
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id, { menus: [5, 506] });
    const granted = await upload(`${SIGNET}?company_id=${owner.company.id}`, await sealImage(), {
      filename: 's.png',
      token: sub.token,
    });
    expect(granted.code).toBe(200);
    expect((await mine(sub.user.id)).map((r) => r.companyId)).toEqual([owner.company.id]);
  });
});

describe('GET /uploads/*', () => {
  it('serves the stored file with its real content type, nosniff and a long cache', async () => {
    const up = await upload('/api/ep/upload', await image('png'), { filename: 'p.png' });
    const res = await t.app.inject({ method: 'GET', url: (up.body.data as { path: string }).path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(md5(res.rawPayload)).toBe((up.body.data as { md5: string }).md5);
    const pdf = await upload('/api/index/upload/contract', PDF, { filename: 'c.pdf' });
    const got = await t.app.inject({
      method: 'GET',
      url: (pdf.body.data as { path: string }).path,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF)).toBe(true);
  });

  it('public kinds (listing photos, shop images, avatars, job cards) are public to anyone, cached as immutable', async () => {
    for (const url of ['/api/ep/upload', '/api/shop/upload', '/api/index/upload/avatar', '/api/recruit/upload']) {
      const up = await upload(url, await image('jpeg', 40, 30), {
        extra: [{ name: 'company_id', value: String(alice.company.id) }],
      });
      expect(up.code).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: (up.body.data as { path: string }).path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers 404 with the envelope for an unknown or malformed path', async () => {
    for (const url of [
      '/uploads/ep/2026/01/0123456789abcdef0123456789abcdef.png',
      '/uploads/ep/2026/01/..%2F..%2Fetc%2Fpasswd',
      '/uploads/x.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 0, msg: '文件不存在' });
    }
    // the router normalises this to /etc/passwd: never a file from the disk (the web app's page, or 404 without a build)
    const out = await t.app.inject({ method: 'GET', url: '/uploads/../etc/passwd' });
    expect(out.body).not.toContain('root:');
  });
});

describe('GET /uploads/*: private kinds (ID photos and licences, contracts, settlement vouchers, seals)', () => {
  const CASES: { kind: TUploadKind; file: () => Promise<Buffer>; filename: string }[] = [
    { kind: 'charter', file: () => image('jpeg', 52, 40), filename: 'licence.jpg' },
    { kind: 'contract', file: async () => Buffer.concat([PDF, randomBytes(8)]), filename: 'contract.pdf' },
    { kind: 'settle', file: () => image('png', 50, 44), filename: 'voucher.png' },
    { kind: 'signet', file: () => image('png', 300, 300, { alpha: true }), filename: 'seal.png' },
  ];
  const read = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  for (const c of CASES) {
    const grants = PRIVATE_UPLOADS[c.kind]!.menus;
    it(`${c.kind}: the uploader, a member with the area's grant and staff read it with private, no-store; everyone else gets the 404 of a missing file`, async () => {
      const owner = await seedUser(t.db, { companyName: `${c.kind}私有文件有限公司` });
      // as the web app sends it: company_id in the query and in the form
      const up = await upload(`/api${UPLOAD_RULES[c.kind].path}?company_id=${owner.company.id}`, await c.file(), {
        filename: c.filename,
        token: owner.token,
        extra: [{ name: 'company_id', value: String(owner.company.id) }],
      });
      expect(up.code).toBe(200);
      const path = (up.body.data as { path: string }).path;
      // verification documents become the company's when its verification cites them (verify.test.ts walks it)
      if (PRIVATE_UPLOADS[c.kind]!.claimedByCompany) await claimUploads(t.db, owner.user.id, owner.company.id, [path]);
      const stored = store.files.get(path.slice('/uploads/'.length))!.bytes;

      const ok = async (headers: Record<string, string>) => {
        const res = await read(path, headers);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.rawPayload.equals(stored)).toBe(true);
      };
      const missing = await read(path.replace(/[0-9a-f]{32}/, '0'.repeat(32)), bearer(owner.token));
      expect(missing.statusCode).toBe(404);
      const refused = async (headers: Record<string, string>) => {
        const res = await read(path, headers);
        expect(res.statusCode).toBe(404);
        expect(res.headers['cache-control']).toBeUndefined();
        expect(res.body).toBe(missing.body);
      };

      await ok(bearer(owner.token));
      // the cookie of a same-origin <img> works as well as a Bearer token
      await ok({ cookie: `${SESSION_COOKIE}=${owner.token}` });
      for (const menu of grants) {
        const granted = await seedUser(t.db);
        await addMember(t.db, owner.company.id, granted.user.id, { menus: [menu] });
        await ok({ cookie: `${SESSION_COOKIE}=${granted.token}` });
      }
      const staff = await seedUser(t.db, { role: 'admin' });
      await ok(bearer(staff.token));

      const withoutGrant = await seedUser(t.db);
      await addMember(t.db, owner.company.id, withoutGrant.user.id, { menus: [504, 502] });
      await refused(bearer(withoutGrant.token));
      // a switched-off member holding the grant is no member
      const off = await seedUser(t.db);
      await addMember(t.db, owner.company.id, off.user.id, { status: 0, menus: grants });
      await refused(bearer(off.token));
      const anotherUser = await seedUser(t.db);
      await refused(bearer(anotherUser.token));
      // the main account of another company has every grant, but in its own company
      const otherCompany = await seedUser(t.db, { companyName: `${c.kind}别家有限公司` });
      await refused({ cookie: `${SESSION_COOKIE}=${otherCompany.token}` });
      await refused({});
      await refused(bearer('not-a-session'));
      await refused({ cookie: `${SESSION_COOKIE}=expired-or-forged` });
    });
  }

  it("an ID photo uploaded for personal verification stays the uploader's: not even the main account of the company in the request reads it", async () => {
    const owner = await seedUser(t.db, { companyName: '个人证件测试有限公司' });
    const employee = await seedUser(t.db);
    await addMember(t.db, owner.company.id, employee.user.id, { menus: [501] });
    const up = await upload(`/api/index/upload/charter?company_id=${owner.company.id}`, await image('jpeg', 61, 38), {
      token: employee.token,
    });
    const path = (up.body.data as { path: string }).path;
    const [row] = await t.db.select().from(uploads).where(eq(uploads.path, path));
    expect(row.companyId).toBeNull();
    expect((await read(path, bearer(employee.token))).statusCode).toBe(200);
    expect((await read(path, bearer(owner.token))).statusCode).toBe(404);
  });

  it('a private file without a record (written outside an upload) is for staff only', async () => {
    const key = `signet/2026/01/${randomBytes(16).toString('hex')}.png`;
    await store.put(key, await image('png', 300, 300, { alpha: true }), 'image/png');
    expect((await read(`/uploads/${key}`, bearer(alice.token))).statusCode).toBe(404);
    const staff = await seedUser(t.db, { role: 'admin' });
    expect((await read(`/uploads/${key}`, bearer(staff.token))).statusCode).toBe(200);
  });
});

describe('POST /api/search/checkImg', () => {
  const check = (token: string, payload: Record<string, unknown>) =>
    t.app
      .inject({ method: 'POST', url: '/api/search/checkImg', payload, headers: { authorization: `Bearer ${token}` } })
      .then((r) => ({ code: r.statusCode, body: r.json() }));

  it('by MD5 (as sent or as stored): no duplicate for the uploader, a duplicate for another user', async () => {
    const src = await image('jpeg', 77, 55);
    const up = await upload('/api/ep/upload', src, { filename: 'mine.jpg' });
    const stored = (up.body.data as { md5: string }).md5;
    expect(await check(alice.token, { md5: md5(src) })).toEqual({
      code: 200,
      body: { status: 1, msg: '操作成功', data: { duplicate: false } },
    });
    expect((await check(alice.token, { md5: stored })).body.data).toEqual({ duplicate: false });
    for (const h of [md5(src), stored.toUpperCase()]) {
      expect(await check(bob.token, { md5: h })).toMatchObject({
        code: 409,
        body: { status: 0, msg: '该图片已被其他用户使用，请更换图片', code: 'UPLOAD_DUPLICATE' },
      });
    }
    expect((await check(bob.token, { md5: 'f'.repeat(32) })).body.data).toEqual({ duplicate: false });
  });

  it('the same bytes under two names: the MD5 the browser sends finds them (spec/1 §5), a duplicate for another user only', async () => {
    const src = await image('png', 59, 41);
    const first = await upload('/api/ep/upload', src, { filename: '挖掘机正面.png' });
    expect(first.code).toBe(200);
    const rows = async () => (await t.db.select().from(uploads)).length;
    const before = await rows();
    // the uploader's own copy under another name: not a duplicate
    expect(await check(alice.token, { md5: md5(src) })).toEqual({
      code: 200,
      body: { status: 1, msg: '操作成功', data: { duplicate: false } },
    });
    // another user's copy under another name: the catalogue's duplicate, refused before any upload; nothing written
    expect(await check(bob.token, { md5: md5(Buffer.from(src)) })).toMatchObject({
      code: 409,
      body: { status: 0, msg: '该图片已被其他用户使用，请更换图片', code: 'UPLOAD_DUPLICATE' },
    });
    expect(await rows()).toBe(before);
    // sent anyway under the other name, the check by path finds it too
    const copy = await upload('/api/ep/upload', src, { filename: 'copy-of-photo.png', token: bob.token });
    expect(copy.code).toBe(200);
    expect(await check(bob.token, { path: (copy.body.data as { path: string }).path })).toMatchObject({
      code: 409,
      body: { msg: '该图片已被其他用户使用，请更换图片' },
    });
  });

  it('by path, absolute or relative; a path that is not ours is refused', async () => {
    const up = await upload('/api/ep/upload', await image('png', 33, 33), { filename: 'p.png' });
    const { path, url } = up.body.data as { path: string; url: string };
    expect((await check(alice.token, { path })).body.data).toEqual({ duplicate: false });
    expect((await check(alice.token, { path: url })).body.data).toEqual({ duplicate: false });
    expect((await check(bob.token, { path })).code).toBe(409);
    for (const bad of [
      'https://example.com/a.png',
      '/uploads/ep/2026/01/0123456789abcdef0123456789abcdef.png',
      'not a path',
    ]) {
      expect(await check(alice.token, { path: bad })).toMatchObject({
        code: 400,
        body: { status: 0, msg: '图片地址无效' },
      });
    }
  });

  it("does not count a colleague's upload for the same company", async () => {
    const carol = await seedUser(t.db);
    await addMember(t.db, alice.company.id, carol.user.id);
    const src = await image('jpeg', 91, 19);
    await upload('/api/ep/upload', src, { extra: [{ name: 'company_id', value: String(alice.company.id) }] });
    expect((await check(carol.token, { md5: md5(src), company_id: alice.company.id })).body.data).toEqual({
      duplicate: false,
    });
    expect((await check(carol.token, { md5: md5(src) })).code).toBe(409);
  });

  it('needs an MD5 or a path, and a well-formed MD5', async () => {
    expect(await check(alice.token, {})).toMatchObject({ code: 400, body: { msg: '请提供图片的MD5或地址' } });
    expect(await check(alice.token, { md5: 'xyz' })).toMatchObject({ code: 400, body: { msg: '图片MD5格式不正确' } });
    const anon = await t.app.inject({ method: 'POST', url: '/api/search/checkImg', payload: { md5: 'f'.repeat(32) } });
    expect(anon.statusCode).toBe(401);
  });
});
