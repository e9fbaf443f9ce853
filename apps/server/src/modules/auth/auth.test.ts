import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { companies, companyMembers, sessions, smsCodes, users } from '../../db/schema';
import { createTestApp, seedUser, testPhone } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
const sent: { phone: string; code: string; scene: string }[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { sms: { send: async (phone, code, scene) => void sent.push({ phone, code, scene }) } });
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const sms = (phone: string, scene = 'register') => post('/api/auth/sms', { phone, scene });
const n = async (table: typeof users | typeof sessions | typeof companies | typeof smsCodes) =>
  Number((await t.db.select({ n: count() }).from(table))[0].n);
/** Lets the next send through the 60 s gap without waiting. */
const ageCodes = (phone: string, seconds = 61) =>
  t.db.execute(
    sql`update sms_codes set created_at = created_at - make_interval(secs => ${seconds}) where phone = ${phone}`,
  );

async function registerNew(phone = testPhone(), password = 'Abc12345') {
  expect((await sms(phone)).statusCode).toBe(200);
  return post('/api/auth/register', { phone, code: '123456', password });
}

describe('POST /auth/register', () => {
  it('creates the user, a personal company as main account and a session, and sets the cookie', async () => {
    const phone = testPhone();
    const sendRes = await sms(phone);
    expect(sendRes.json()).toEqual({ status: 1, msg: '短信发送成功', data: { resend_in: 60 } });
    expect(sent.at(-1)).toEqual({ phone, code: '123456', scene: 'register' });
    const res = await post('/api/auth/register', { phone, code: '123456', password: 'Abc12345' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.data.user).toEqual({
      id: expect.any(Number),
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      username: `用户${phone.slice(-4)}`,
    });
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    const [u] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(u.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(u.level).toBe('A');
    const mem = await t.db
      .select()
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, u.id));
    expect(mem).toHaveLength(1);
    expect(mem[0].company_members.master).toBe(1);
    expect(mem[0].companies).toMatchObject({ type: 1, name: `个人用户 ${phone.slice(0, 3)}****${phone.slice(-4)}` });
    const cookie = res.cookies.find((c) => c.name === 'jizu_token');
    expect(cookie).toMatchObject({
      value: body.data.token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 30 * 86400,
    });
    expect(cookie?.secure).toBeFalsy();
    // the readable hint beside it, with the same lifetime
    expect(res.cookies.find((c) => c.name === 'jizu_in')).toMatchObject({
      value: '1',
      sameSite: 'Lax',
      path: '/',
      maxAge: 30 * 86400,
    });
    expect(res.cookies.find((c) => c.name === 'jizu_in')?.httpOnly).toBeFalsy();
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/index/info',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(info.json().data.username).toBe(`用户${phone.slice(-4)}`);
  });

  it('refuses a duplicate phone at the SMS step and at registration, changing nothing', async () => {
    const { phone } = await seedUser(t.db);
    const before = await n(smsCodes);
    const res = await sms(phone);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 0, msg: '该手机号已注册，请直接登录', code: 'PHONE_REGISTERED' });
    expect(await n(smsCodes)).toBe(before);
    const usersBefore = await n(users);
    const reg = await post('/api/auth/register', { phone, code: '123456', password: 'Abc12345' });
    expect(reg.statusCode).toBe(409);
    expect(reg.json().msg).toBe('该手机号已注册，请直接登录');
    expect(await n(users)).toBe(usersBefore);
  });

  it('lets only one of two concurrent registrations of a phone through', async () => {
    const phone = testPhone();
    await sms(phone);
    // a second code row for the same phone so that both attempts pass code verification
    await ageCodes(phone);
    await t.db.update(smsCodes).set({ usedAt: null }).where(eq(smsCodes.phone, phone));
    await sms(phone);
    await t.db.update(smsCodes).set({ usedAt: null }).where(eq(smsCodes.phone, phone));
    const [a, b] = await Promise.all([
      post('/api/auth/register', { phone, code: '123456', password: 'Abc12345' }),
      post('/api/auth/register', { phone, code: '123456', password: 'Abc12345' }),
    ]);
    // The loser meets either the consumed code or the unique index, depending on timing.
    expect([a.statusCode, b.statusCode].filter((c) => c === 200)).toHaveLength(1);
    const loser = a.statusCode === 200 ? b : a;
    expect([400, 409]).toContain(loser.statusCode);
    expect(['该手机号已注册，请直接登录', '验证码已过期，请重新获取']).toContain(loser.json().msg);
    expect((await t.db.select().from(users).where(eq(users.phone, phone))).length).toBe(1);
  });

  it.each([
    ['short1', '密码需为8-20位，且同时包含字母和数字'],
    ['abcdefghij', '密码需为8-20位，且同时包含字母和数字'],
    ['1234567890', '密码需为8-20位，且同时包含字母和数字'],
    ['Abc123456789012345678', '密码需为8-20位，且同时包含字母和数字'],
    ['', '请输入密码'],
  ])('refuses the password %j', async (password, msg) => {
    const phone = testPhone();
    await sms(phone);
    const before = await n(users);
    const res = await post('/api/auth/register', { phone, code: '123456', password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg, errors: [{ field: 'password', msg }] });
    expect(await n(users)).toBe(before);
  });

  it('refuses a wrong, an empty, an expired and a reused code', async () => {
    const phone = testPhone();
    await sms(phone);
    const before = await n(users);
    let res = await post('/api/auth/register', { phone, code: '654321', password: 'Abc12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg: '验证码错误', code: 'SMS_CODE_WRONG' });
    res = await post('/api/auth/register', { phone, code: '', password: 'Abc12345' });
    expect(res.json()).toMatchObject({ status: 0, msg: '请输入验证码' });
    await t.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, phone));
    res = await post('/api/auth/register', { phone, code: '123456', password: 'Abc12345' });
    expect(res.json()).toMatchObject({ status: 0, msg: '验证码已过期，请重新获取', code: 'SMS_CODE_EXPIRED' });
    expect(await n(users)).toBe(before);

    const other = testPhone();
    expect((await registerNew(other)).statusCode).toBe(200);
    await t.db.delete(users).where(eq(users.phone, other));
    res = await post('/api/auth/register', { phone: other, code: '123456', password: 'Abc12345' });
    expect(res.json().msg).toBe('验证码已过期，请重新获取');
  });

  it('never registers without a code sent', async () => {
    const res = await post('/api/auth/register', { phone: testPhone(), code: '123456', password: 'Abc12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('验证码已过期，请重新获取');
  });
});

describe('POST /auth/sms', () => {
  it('makes the phone wait 60 s between sends and says how long', async () => {
    const phone = testPhone();
    await sms(phone);
    const before = await n(smsCodes);
    const res = await sms(phone);
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.msg).toMatch(/^发送过于频繁，请(\d+)秒后再试$/);
    const wait = Number(/(\d+)秒/.exec(body.msg)?.[1]);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(body.data).toEqual({ resend_in: wait });
    expect(await n(smsCodes)).toBe(before);
    await ageCodes(phone);
    expect((await sms(phone)).statusCode).toBe(200);
  });

  it('answers an unknown phone for login and reset', async () => {
    for (const scene of ['login', 'reset']) {
      const res = await sms(testPhone(), scene);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, msg: '该手机号未注册', code: 'PHONE_UNKNOWN' });
    }
  });

  it('validates the phone and the scene', async () => {
    let res = await sms('', 'register');
    expect(res.json()).toMatchObject({ status: 0, msg: '请输入手机号码' });
    res = await sms('12345678901', 'register');
    expect(res.json()).toMatchObject({ status: 0, msg: '手机号码格式不正确' });
    res = await sms(testPhone(), 'pay');
    expect(res.json()).toMatchObject({ status: 0, msg: '短信类型不正确' });
  });

  it('kills a code after the allowed wrong attempts, even for the right code', async () => {
    const phone = testPhone();
    await sms(phone);
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/auth/register', { phone, code: '000000', password: 'Abc12345' });
      expect(res.json().msg).toBe('验证码错误');
    }
    let res = await post('/api/auth/register', { phone, code: '000000', password: 'Abc12345' });
    expect(res.json()).toMatchObject({ status: 0, msg: '验证码错误次数过多，请重新获取', code: 'SMS_CODE_DEAD' });
    res = await post('/api/auth/register', { phone, code: '123456', password: 'Abc12345' });
    expect(res.json().msg).toBe('验证码错误次数过多，请重新获取');
    expect((await t.db.select().from(users).where(eq(users.phone, phone))).length).toBe(0);
    // a new code works again
    await ageCodes(phone);
    await sms(phone);
    res = await post('/api/auth/register', { phone, code: '123456', password: 'Abc12345' });
    expect(res.statusCode).toBe(200);
  });

  it('a newer code replaces the older one', async () => {
    const phone = testPhone();
    await sms(phone);
    await ageCodes(phone);
    await sms(phone);
    const live = await t.db
      .select()
      .from(smsCodes)
      .where(sql`${smsCodes.phone} = ${phone} and ${smsCodes.usedAt} is null`);
    expect(live).toHaveLength(1);
  });
});

describe('SMS daily caps', () => {
  let c: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    c = await createTestApp({ SMS_DAILY_PER_PHONE: '2', SMS_DAILY_PER_IP: '3' });
  });
  afterAll(async () => c?.close());
  const send = (phone: string, ip = '10.0.0.1') =>
    c.app.inject({ method: 'POST', url: '/api/auth/sms', payload: { phone, scene: 'register' }, remoteAddress: ip });
  const age = (phone: string) =>
    c.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);

  it('caps sends per phone per day', async () => {
    const phone = testPhone();
    expect((await send(phone, '10.0.0.9')).statusCode).toBe(200);
    await age(phone);
    expect((await send(phone, '10.0.0.9')).statusCode).toBe(200);
    await age(phone);
    const res = await send(phone, '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      status: 0,
      msg: '今日短信发送次数已达上限，请明天再试',
      code: 'SMS_DAILY_LIMIT',
    });
    expect((await c.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).length).toBe(2);
    // yesterday's sends do not count
    await c.db.execute(sql`update sms_codes set created_at = created_at - interval '1 day' where phone = ${phone}`);
    expect((await send(phone, '10.0.0.9')).statusCode).toBe(200);
  });

  it('caps sends per IP per day', async () => {
    for (let i = 0; i < 3; i++) expect((await send(testPhone(), '10.0.0.2')).statusCode).toBe(200);
    const phone = testPhone();
    const res = await send(phone, '10.0.0.2');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe('今日短信发送次数已达上限，请明天再试');
    expect((await c.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).length).toBe(0);
    expect((await send(phone, '10.0.0.3')).statusCode).toBe(200);
  });
});

describe('POST /auth/login', () => {
  it('logs in by password: new session each time, last login set, cookie set', async () => {
    const { phone, user } = await seedUser(t.db, { password: 'Right123' });
    const before = await n(sessions);
    const a = await post('/api/auth/login', { phone, password: 'Right123' });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({
      status: 1,
      msg: '登录成功',
      data: { user: { id: user.id, phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, username: user.username } },
    });
    const b = await post('/api/auth/login', { phone, password: 'Right123' });
    expect(b.json().data.token).not.toBe(a.json().data.token);
    expect(await n(sessions)).toBe(before + 2);
    expect(a.cookies.find((c) => c.name === 'jizu_token')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    const [u] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(u.lastLoginAt).toBeTruthy();
  });

  it('answers the same text for a wrong password and an unknown phone', async () => {
    const { phone } = await seedUser(t.db, { password: 'Right123' });
    const before = await n(sessions);
    for (const payload of [
      { phone, password: 'Wrong123' },
      { phone: testPhone(), password: 'Right123' },
    ]) {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, msg: '手机号或密码错误', code: 'LOGIN_FAILED' });
    }
    expect(await n(sessions)).toBe(before);
    const res = await post('/api/auth/login', { phone });
    expect(res.json()).toMatchObject({ status: 0, msg: '请输入密码' });
  });

  it('throttles after 5 failures: even the right password is refused, nothing changes', async () => {
    const { phone } = await seedUser(t.db, { password: 'Right123' });
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/login', { phone, password: 'Wrong123' })).json().msg).toBe('手机号或密码错误');
    const before = await n(sessions);
    const res = await post('/api/auth/login', { phone, password: 'Right123' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 0, code: 'LOGIN_LOCKED' });
    expect(res.json().msg).toMatch(/^登录失败次数过多，请([1-9]|1[0-5])分钟后再试$/);
    expect(await n(sessions)).toBe(before);
  });

  it('resets the failure count on success', async () => {
    const { phone } = await seedUser(t.db, { password: 'Right123' });
    for (let i = 0; i < 4; i++) await post('/api/auth/login', { phone, password: 'Wrong123' });
    expect((await post('/api/auth/login', { phone, password: 'Right123' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await post('/api/auth/login', { phone, password: 'Wrong123' });
    expect((await post('/api/auth/login', { phone, password: 'Right123' })).statusCode).toBe(200);
  });

  it('logs in by SMS code, once per code', async () => {
    const { phone } = await seedUser(t.db);
    expect((await sms(phone, 'login')).json()).toMatchObject({ status: 1, msg: '短信发送成功' });
    const res = await post('/api/auth/login', { phone, code: '123456' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toBeTruthy();
    const again = await post('/api/auth/login', { phone, code: '123456' });
    expect(again.json().msg).toBe('验证码已过期，请重新获取');
  });

  it('refuses a disabled user with the right password', async () => {
    const { phone, user } = await seedUser(t.db, { password: 'Right123' });
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, user.id));
    const before = await n(sessions);
    const res = await post('/api/auth/login', { phone, password: 'Right123' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, msg: '账号已被停用，请联系客服', code: 'USER_DISABLED' });
    expect(await n(sessions)).toBe(before);
  });
});

describe('sessions, CSRF and logout', () => {
  it('needs X-Requested-With on a cookie-authenticated POST, nothing with Bearer', async () => {
    const { token } = await seedUser(t.db);
    const cookie = `jizu_token=${token}`;
    let res = await post('/api/index/staff', { staff_id: 999 }, { cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, msg: '请求来源校验失败，请刷新页面后重试', code: 'CSRF' });
    res = await post('/api/index/staff', { staff_id: 999 }, { cookie, 'x-requested-with': 'XMLHttpRequest' });
    expect(res.json().msg).toBe('客服不存在');
    res = await post('/api/index/staff', { staff_id: 999 }, { authorization: `Bearer ${token}` });
    expect(res.json().msg).toBe('客服不存在');
    // GET by cookie needs nothing
    res = await t.app.inject({ method: 'GET', url: '/api/index/info', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('logout deletes the session and clears the cookie; the token then answers -1', async () => {
    const { phone } = await seedUser(t.db, { password: 'Right123' });
    const token = (await post('/api/auth/login', { phone, password: 'Right123' })).json().data.token as string;
    const before = await n(sessions);
    const res = await post(
      '/api/auth/logout',
      {},
      { cookie: `jizu_token=${token}`, 'x-requested-with': 'XMLHttpRequest' },
    );
    expect(res.json()).toEqual({ status: 1, msg: '退出成功', data: null });
    const cleared = res.cookies.find((c) => c.name === 'jizu_token');
    expect(cleared?.value).toBe('');
    expect(await n(sessions)).toBe(before - 1);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/index/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: -1, msg: '登录已过期，请重新登录' });
  });

  it('login sets the readable session hint, logout clears it; the 401 of a session that ended takes both cookies away', async () => {
    const { phone } = await seedUser(t.db, { password: 'Right123' });
    const login = await post('/api/auth/login', { phone, password: 'Right123' });
    const hint = login.cookies.find((c) => c.name === 'jizu_in');
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/', maxAge: 30 * 86400 });
    expect(hint?.httpOnly).toBeFalsy();
    const token = login.json().data.token as string;
    const cookie = `jizu_token=${token}; jizu_in=1`;
    // a live session with its hint: nothing about the hint in the answer
    const info = await t.app.inject({ method: 'GET', url: '/api/index/info', headers: { cookie } });
    expect(info.statusCode).toBe(200);
    expect(info.cookies.find((c) => c.name === 'jizu_in')).toBeUndefined();
    const out = await post('/api/auth/logout', {}, { cookie, 'x-requested-with': 'XMLHttpRequest' });
    expect(out.json().status).toBe(1);
    expect(out.cookies.find((c) => c.name === 'jizu_in')).toMatchObject({ value: '', path: '/' });
    expect(out.cookies.find((c) => c.name === 'jizu_token')).toMatchObject({ value: '' });
    // a browser that kept both (the session ended elsewhere): its 401 takes both away
    const stale = await t.app.inject({ method: 'GET', url: '/api/index/info', headers: { cookie } });
    expect(stale.statusCode).toBe(401);
    expect(stale.cookies.find((c) => c.name === 'jizu_in')).toMatchObject({ value: '', path: '/' });
    expect(stale.cookies.find((c) => c.name === 'jizu_token')).toMatchObject({ value: '', path: '/' });
    // a 401 without either, or to a Bearer token, sends no cookie
    const stranger = await t.app.inject({ method: 'GET', url: '/api/index/info' });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.cookies).toHaveLength(0);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/index/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.cookies).toHaveLength(0);
  });

  it('a page asked for with a session cookie and no hint (a login from before the hint) gets the hint; with it, or without a session cookie, nothing', async () => {
    const { token } = await seedUser(t.db);
    const page = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/site/market', headers: cookie ? { cookie } : {} });
    const told = await page(`jizu_token=${token}`);
    expect(told.statusCode).toBe(200);
    expect(told.cookies.find((c) => c.name === 'jizu_in')).toMatchObject({
      value: '1',
      path: '/',
      sameSite: 'Lax',
      maxAge: 30 * 86400,
    });
    expect((await page(`jizu_token=${token}; jizu_in=1`)).cookies).toHaveLength(0);
    expect((await page()).cookies).toHaveLength(0);
    // the API does not: its callers hold their session themselves
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/index/info', headers: { cookie: `jizu_token=${token}` } }))
        .cookies,
    ).toHaveLength(0);
  });

  it('an expired session answers -1', async () => {
    const { token, user } = await seedUser(t.db);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/index/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(-1);
  });
});

describe('secure cookie in production', () => {
  it('marks the session cookie and its hint Secure', async () => {
    const p = await createTestApp({ NODE_ENV: 'production', SMS_CONSOLE_IN_PRODUCTION: '1' });
    try {
      const { phone } = await seedUser(p.db, { password: 'Right123' });
      const res = await p.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phone, password: 'Right123' },
      });
      expect(res.cookies.find((c) => c.name === 'jizu_token')?.secure).toBe(true);
      expect(res.cookies.find((c) => c.name === 'jizu_in')?.secure).toBe(true);
    } finally {
      await p.close();
    }
  });
});
