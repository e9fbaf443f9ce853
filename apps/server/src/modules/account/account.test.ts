import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { verify } from '@node-rs/argon2';
import { sessions, smsCodes, users } from '../../db/schema';
import { MemoryStore } from '../../platform/object-store';
import { createSession } from '../../platform/session';
import { createTestApp, seedUser, testPhone } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // a short resend gap so one test can send several codes to one phone
  t = await createTestApp({ SMS_RESEND_SECONDS: '0' }, { store: new MemoryStore() });
});
afterAll(async () => t?.close());

type TRes = { status: number; msg: string; data: unknown; code?: string; errors?: { field: string; msg: string }[] };
async function post(url: string, auth: Record<string, string> | null, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: auth ?? {}, payload });
  return { code: res.statusCode, body: res.json() as TRes };
}
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const sessionCount = async (userId: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const info = async (auth: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/index/info', headers: auth })).json().data;

describe('strangers', () => {
  it('every account call answers 401 without a session', async () => {
    const calls: [string, object][] = [
      ['/api/index/saveNickname', { nick_name: '路人' }],
      ['/api/index/passwd', { oldpassword: 'Test@2026', password: 'NewPass99', repassword: 'NewPass99' }],
      ['/api/sms/oldMobile', {}],
      ['/api/index/checkOldMobile', { code: '123456' }],
      ['/api/sms/newMobile', { phone: testPhone() }],
      ['/api/index/changeMobile', { code: '123456', phone: testPhone(), vcode: '123456' }],
      ['/api/index/saveAvatar', { avatar: '/uploads/avatar/x.png' }],
    ];
    for (const [url, payload] of calls) {
      const r = await post(url, null, payload);
      expect(r.code, url).toBe(401);
      expect(r.body).toMatchObject({ status: -1, msg: '登录已过期，请重新登录' });
    }
  });
});

describe('nickname (once only)', () => {
  it('refuses an empty or too long nickname and changes nothing', async () => {
    const u = await seedUser(t.db);
    let r = await post('/api/index/saveNickname', u.auth, { nick_name: '  ' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('请输入昵称');
    r = await post('/api/index/saveNickname', u.auth, { nick_name: '长'.repeat(21) });
    expect(r.body.msg).toBe('昵称不能超过20个字');
    const row = await userRow(u.user.id);
    expect(row.username).toBe(u.user.username);
    expect(row.nickNameStatus).toBe(0);
  });

  it('changes once, flips nick_name_status, refuses the second change', async () => {
    const u = await seedUser(t.db);
    expect((await info(u.auth)).member_profile.nick_name_status).toBe(0);
    let r = await post('/api/index/saveNickname', u.auth, { nick_name: ' 老张机械 ' });
    expect(r.body).toEqual({ status: 1, msg: '修改成功', data: { username: '老张机械', nick_name_status: 1 } });
    const i = await info(u.auth);
    expect(i.username).toBe('老张机械');
    expect(i.member_profile.nick_name_status).toBe(1);

    r = await post('/api/index/saveNickname', u.auth, { nick_name: '小李' });
    expect(r.code).toBe(409);
    expect(r.body).toMatchObject({ status: 0, msg: '昵称只能修改一次', code: 'NICKNAME_ONCE' });
    expect((await userRow(u.user.id)).username).toBe('老张机械');
  });

  it('two concurrent changes: exactly one wins', async () => {
    const u = await seedUser(t.db);
    const rs = await Promise.all(
      ['甲', '乙', '丙'].map((n) => post('/api/index/saveNickname', u.auth, { nick_name: n })),
    );
    expect(rs.filter((r) => r.body.status === 1)).toHaveLength(1);
    expect(rs.filter((r) => r.body.code === 'NICKNAME_ONCE')).toHaveLength(2);
  });
});

describe('password change', () => {
  const body = (o: Partial<Record<'oldpassword' | 'password' | 'repassword', string>>) => ({
    oldpassword: 'Test@2026',
    password: 'NewPass99',
    repassword: 'NewPass99',
    ...o,
  });

  it('answers the spec messages for empty fields, and for a wrong old password; the stored hash stays as it was', async () => {
    const u = await seedUser(t.db);
    const before = (await userRow(u.user.id)).passwordHash;
    const sessions = await sessionCount(u.user.id);
    for (const [field, msg] of [
      ['oldpassword', '请输入旧密码'],
      ['password', '请输入新密码'],
      ['repassword', '请确认新密码'],
    ] as const) {
      const r = await post('/api/index/passwd', u.auth, body({ [field]: '' }));
      expect(r.code).toBe(400);
      expect(r.body.errors).toContainEqual({ field, msg });
      expect((await userRow(u.user.id)).passwordHash, field).toBe(before);
    }
    const wrong = await post('/api/index/passwd', u.auth, body({ oldpassword: 'Wrong@2026' }));
    expect(wrong.code).toBe(400);
    expect(wrong.body).toMatchObject({ status: 0, msg: '旧密码错误' });
    const after = await userRow(u.user.id);
    expect(after.passwordHash).toBe(before);
    expect(await verify(after.passwordHash, 'Test@2026')).toBe(true);
    expect(await verify(after.passwordHash, 'NewPass99')).toBe(false);
    // nothing else moved either: the session that made the calls and any others remain
    expect(await sessionCount(u.user.id)).toBe(sessions);
  });

  it('refuses a weak new password, a mismatched confirmation and the same password', async () => {
    const u = await seedUser(t.db);
    let r = await post('/api/index/passwd', u.auth, body({ password: 'short1', repassword: 'short1' }));
    expect(r.body.msg).toBe('密码需为8-20位，且同时包含字母和数字');
    r = await post('/api/index/passwd', u.auth, body({ repassword: 'NewPass98' }));
    expect(r.body.msg).toBe('两次输入的新密码不一致');
    r = await post('/api/index/passwd', u.auth, body({ password: 'Test@2026', repassword: 'Test@2026' }));
    expect(r.body.msg).toBe('新密码不能与旧密码相同');
    expect(await verify((await userRow(u.user.id)).passwordHash, 'Test@2026')).toBe(true);
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const u = await seedUser(t.db);
    const before = (await userRow(u.user.id)).passwordHash;
    const r = await post('/api/index/passwd', u.auth, body({ oldpassword: 'Wrong@2026' }));
    expect(r.code).toBe(400);
    expect(r.body).toMatchObject({ status: 0, msg: '旧密码错误', code: 'OLD_PASSWORD_WRONG' });
    expect((await userRow(u.user.id)).passwordHash).toBe(before);
  });

  it('locks after 5 wrong old passwords, even for the right one', async () => {
    const u = await seedUser(t.db);
    for (let i = 0; i < 5; i++) await post('/api/index/passwd', u.auth, body({ oldpassword: `Wrong@${i}000` }));
    const r = await post('/api/index/passwd', u.auth, body({}));
    expect(r.code).toBe(429);
    expect(r.body.msg).toBe('旧密码错误次数过多，请15分钟后再试');
    expect(await verify((await userRow(u.user.id)).passwordHash, 'Test@2026')).toBe(true);
  });

  it('changes the password, keeps this session, ends the others; login works with the new one only', async () => {
    const u = await seedUser(t.db);
    await createSession(t.db, u.user.id, { ip: '1.1.1.1', userAgent: 'other', days: 1 });
    expect(await sessionCount(u.user.id)).toBe(2);
    const r = await post('/api/index/passwd', u.auth, body({}));
    expect(r.body).toEqual({ status: 1, msg: '修改成功', data: null });
    expect(await sessionCount(u.user.id)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/index/info', headers: u.auth })).statusCode).toBe(200);
    const old = await post('/api/auth/login', null, { phone: u.phone, password: 'Test@2026' });
    expect(old.body.msg).toBe('手机号或密码错误');
    const good = await post('/api/auth/login', null, { phone: u.phone, password: 'NewPass99' });
    expect(good.body.status).toBe(1);
  });
});

describe('phone change', () => {
  const liveCodes = async (phone: string, scene: string) =>
    await t.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene)));

  it('sends the old-number code to the account own number', async () => {
    const u = await seedUser(t.db);
    const r = await post('/api/sms/oldMobile', u.auth, {});
    expect(r.body).toEqual({ status: 1, msg: '短信发送成功', data: { resend_in: 0 } });
    expect(await liveCodes(u.phone, 'old_mobile')).toHaveLength(1);
  });

  it('new-number SMS: empty, same or taken numbers are refused and nothing is sent', async () => {
    const u = await seedUser(t.db);
    const other = await seedUser(t.db);
    let r = await post('/api/sms/newMobile', u.auth, { phone: '' });
    expect(r.body.msg).toBe('请输入新手机号');
    r = await post('/api/sms/newMobile', u.auth, { phone: u.phone });
    expect(r.body).toMatchObject({ msg: '新手机号不能与原手机号相同', code: 'PHONE_SAME' });
    r = await post('/api/sms/newMobile', u.auth, { phone: other.phone });
    expect(r.code).toBe(409);
    expect(r.body).toMatchObject({ msg: '该手机号已被其他账号使用', code: 'PHONE_TAKEN' });
    expect(await liveCodes(other.phone, 'new_mobile')).toHaveLength(0);
  });

  it('the old-number step checks the code without using it up; a wrong code is refused', async () => {
    const u = await seedUser(t.db);
    await post('/api/sms/oldMobile', u.auth, {});
    let r = await post('/api/index/checkOldMobile', u.auth, { code: '' });
    expect(r.body.msg).toBe('请输入原手机验证码');
    r = await post('/api/index/checkOldMobile', u.auth, { code: '654321' });
    expect(r.body).toMatchObject({ status: 0, msg: '原手机验证码错误', code: 'SMS_CODE_WRONG' });
    r = await post('/api/index/checkOldMobile', u.auth, { code: '123456' });
    expect(r.body).toMatchObject({ status: 1, msg: '验证成功' });
    const [row] = await liveCodes(u.phone, 'old_mobile');
    expect(row.usedAt).toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('the spec messages for empty fields', async () => {
    const u = await seedUser(t.db);
    const r = await post('/api/index/changeMobile', u.auth, { code: '', phone: '', vcode: '' });
    expect(r.code).toBe(400);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'code', msg: '请输入原手机验证码' },
        { field: 'phone', msg: '请输入新手机号码' },
        { field: 'vcode', msg: '新手机验证码' },
      ]),
    );
  });

  it('wrong old code, taken new number, wrong new code: each refused and the phone stays', async () => {
    const u = await seedUser(t.db);
    const other = await seedUser(t.db);
    const next = testPhone();
    await post('/api/sms/oldMobile', u.auth, {});
    await post('/api/sms/newMobile', u.auth, { phone: next });

    let r = await post('/api/index/changeMobile', u.auth, { code: '111111', phone: next, vcode: '123456' });
    expect(r.body).toMatchObject({ status: 0, msg: '原手机验证码错误', code: 'SMS_CODE_WRONG' });
    expect(r.body.errors).toEqual([{ field: 'code', msg: '原手机验证码错误' }]);
    // the new number's code was not touched by the failed call
    expect((await liveCodes(next, 'new_mobile'))[0]).toMatchObject({ usedAt: null, attempts: 0 });

    r = await post('/api/index/changeMobile', u.auth, { code: '123456', phone: other.phone, vcode: '123456' });
    expect(r.code).toBe(409);
    expect(r.body).toMatchObject({ msg: '该手机号已被其他账号使用', code: 'PHONE_TAKEN' });

    r = await post('/api/index/changeMobile', u.auth, { code: '123456', phone: next, vcode: '222222' });
    expect(r.body).toMatchObject({ status: 0, msg: '新手机验证码错误', code: 'SMS_CODE_WRONG' });
    expect(r.body.errors).toEqual([{ field: 'vcode', msg: '新手机验证码错误' }]);
    // a wrong new code leaves the old code usable
    expect((await liveCodes(u.phone, 'old_mobile'))[0].usedAt).toBeNull();

    // a code sent to another number does not count for this one
    const third = testPhone();
    r = await post('/api/index/changeMobile', u.auth, { code: '123456', phone: third, vcode: '123456' });
    expect(r.body).toMatchObject({ status: 0, msg: '验证码已过期，请重新获取', code: 'SMS_CODE_EXPIRED' });

    expect((await userRow(u.user.id)).phone).toBe(u.phone);
  });

  it('changes the number, shows it masked, ends the other sessions; both codes are used up', async () => {
    const u = await seedUser(t.db);
    await createSession(t.db, u.user.id, { ip: '1.1.1.1', userAgent: 'other', days: 1 });
    const next = testPhone();
    await post('/api/sms/oldMobile', u.auth, {});
    await post('/api/sms/newMobile', u.auth, { phone: next });
    let r = await post('/api/index/changeMobile', u.auth, { code: '123456', phone: next, vcode: '123456' });
    expect(r.body).toEqual({ status: 1, msg: '修改成功', data: { phone: `${next.slice(0, 3)}****${next.slice(-4)}` } });
    expect((await userRow(u.user.id)).phone).toBe(next);
    expect(await sessionCount(u.user.id)).toBe(1);
    expect((await info(u.auth)).phone).toBe(`${next.slice(0, 3)}****${next.slice(-4)}`);
    // the used codes cannot change it again
    r = await post('/api/index/changeMobile', u.auth, { code: '123456', phone: testPhone(), vcode: '123456' });
    expect(r.body.status).toBe(0);
    // the new number logs in; the old one is free
    expect((await post('/api/auth/login', null, { phone: next, password: 'Test@2026' })).body.status).toBe(1);
    expect((await post('/api/auth/login', null, { phone: u.phone, password: 'Test@2026' })).body.msg).toBe(
      '手机号或密码错误',
    );
  });

  it('keeps the 60 s gap between sends per phone', async () => {
    const strict = await createTestApp();
    try {
      const u = await seedUser(strict.db);
      const send = () => strict.app.inject({ method: 'POST', url: '/api/sms/oldMobile', headers: u.auth, payload: {} });
      expect((await send()).json().status).toBe(1);
      const r = await send();
      expect(r.statusCode).toBe(429);
      expect(r.json().msg).toMatch(/^发送过于频繁，请\d+秒后再试$/);
    } finally {
      await strict.close();
    }
  });
});

describe('avatar', () => {
  async function uploadAvatar(auth: Record<string, string>) {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const req = new Request('http://local/', { method: 'POST', body: fd });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/index/upload/avatar',
      headers: { ...auth, 'content-type': req.headers.get('content-type') ?? '' },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    return res.json().data as { url: string; path: string };
  }

  it('saves an avatar the user uploaded; info shows it', async () => {
    const u = await seedUser(t.db);
    const up = await uploadAvatar(u.auth);
    const r = await post('/api/index/saveAvatar', u.auth, { avatar: up.url });
    expect(r.body).toEqual({ status: 1, msg: '修改成功', data: { avatar: up.path } });
    expect((await info(u.auth)).avatar).toBe(up.path);
  });

  it("refuses someone else's upload, a foreign address and an empty one", async () => {
    const u = await seedUser(t.db);
    const other = await seedUser(t.db);
    const theirs = await uploadAvatar(other.auth);
    for (const avatar of [
      theirs.path,
      'https://evil.example/x.png',
      '/uploads/avatar/2026/01/00000000000000000000000000000000.png',
    ]) {
      const r = await post('/api/index/saveAvatar', u.auth, { avatar });
      expect(r.code).toBe(400);
      expect(r.body).toMatchObject({ msg: '头像图片无效，请重新上传', code: 'AVATAR_BAD' });
    }
    expect((await post('/api/index/saveAvatar', u.auth, { avatar: '' })).body.msg).toBe('请先上传头像');
    expect((await userRow(u.user.id)).avatar).toBe('');
  });
});
