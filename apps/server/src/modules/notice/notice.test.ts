import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { noticeReads, notices } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof seedUser>>;
let user: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.db, { role: 'admin' });
  user = await seedUser(t.db);
});
afterAll(async () => t?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, checked field by field
type TRes = { status: number; msg: string; data: any; code?: string; errors?: { field: string; msg: string }[] };
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  auth: Record<string, string> | null,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers: auth ?? {}, payload });
  return { code: res.statusCode, body: res.json() as TRes };
}
const noticeRow = async (id: number) => (await t.db.select().from(notices).where(eq(notices.id, id)))[0];

describe('notices on the dashboard', () => {
  it('lists published notices newest first, 6 by default; drafts are hidden; msg_open per user', async () => {
    const base = Date.parse('2026-11-01T02:00:00Z');
    for (let i = 0; i < 8; i++)
      await t.db
        .insert(notices)
        .values({ title: `公告${i}`, body: `内容${i}`, sendTime: new Date(base + i * 86400_000) });
    const [draft] = await t.db
      .insert(notices)
      .values({ title: '草稿', body: '不可见', status: 0, sendTime: new Date(base + 20 * 86400_000) })
      .returning();
    let r = await call('GET', '/api/index/notice', user.auth);
    expect(r.body.status).toBe(1);
    expect(r.body.data.total).toBe(8);
    expect(r.body.data.data).toHaveLength(6);
    expect(r.body.data.data[0]).toMatchObject({
      msg_title: '公告7',
      msg_open: 0,
      msg_send_time: '2026-11-08 10:00:00',
    });
    expect(r.body.data.data.map((n: { msg_title: string }) => n.msg_title)).not.toContain('草稿');

    // the detail marks it read for this user only
    const id = r.body.data.data[0].id as number;
    r = await call('GET', `/api/index/notice/${id}`, user.auth);
    expect(r.body.data).toEqual({
      id,
      msg_title: '公告7',
      msg_content: '内容7',
      msg_open: 1,
      msg_send_time: '2026-11-08 10:00:00',
    });
    expect((await call('GET', '/api/index/notice?size=1', user.auth)).body.data.data[0].msg_open).toBe(1);
    expect((await call('GET', '/api/index/notice?size=1', admin.auth)).body.data.data[0].msg_open).toBe(0);
    expect((await call('GET', '/api/index/notice?state=1', user.auth)).body.data).toMatchObject({
      total: 1,
      data: [{ id }],
    });
    expect((await call('GET', '/api/index/notice?state=0&size=20', user.auth)).body.data.total).toBe(7);

    // a draft's detail is not found
    r = await call('GET', `/api/index/notice/${draft.id}`, user.auth);
    expect(r.code).toBe(404);
    expect(r.body).toMatchObject({ status: 0, msg: '公告不存在或已下线', code: 'NOTICE_NOT_FOUND' });
    expect((await t.db.select().from(noticeReads).where(eq(noticeReads.noticeId, draft.id))).length).toBe(0);
  });

  it('strangers get 401', async () => {
    expect((await call('GET', '/api/index/notice', null)).code).toBe(401);
    expect((await call('GET', '/api/index/notice/1', null)).code).toBe(401);
  });
});

describe('admin notice editor', () => {
  it('non-staff get 403 and strangers 401 on every admin route; nothing changes', async () => {
    const [n] = await t.db.insert(notices).values({ title: '保留', body: '正文' }).returning();
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined][] = [
      ['GET', '/api/admin/notices', undefined],
      ['POST', '/api/admin/notices', { title: '新', content: '新' }],
      ['PUT', `/api/admin/notices/${n.id}`, { title: '改', content: '改' }],
      ['POST', `/api/admin/notices/${n.id}/status`, { status: 0 }],
      ['DELETE', `/api/admin/notices/${n.id}`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      const r = await call(method, url, user.auth, payload);
      expect(r.code, `${method} ${url}`).toBe(403);
      expect(r.body).toMatchObject({ status: 0, msg: '仅平台工作人员可以访问管理后台' });
      expect((await call(method, url, null, payload)).code).toBe(401);
    }
    expect(await noticeRow(n.id)).toMatchObject({ title: '保留', body: '正文', status: 1 });
  });

  it('creates, edits, unpublishes, republishes and deletes', async () => {
    let r = await call('POST', '/api/admin/notices', admin.auth, { title: '', content: '' });
    expect(r.code).toBe(400);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'title', msg: '请填写公告标题' },
        { field: 'content', msg: '请填写公告内容' },
      ]),
    );
    r = await call('POST', '/api/admin/notices', admin.auth, { title: '长'.repeat(101), content: 'x' });
    expect(r.body.msg).toBe('公告标题不能超过100个字');

    r = await call('POST', '/api/admin/notices', admin.auth, {
      title: '春节停机安排',
      content: '2月1日至7日暂停调度。',
      status: 0,
    });
    expect(r.body).toMatchObject({ status: 1, msg: '保存成功', data: { title: '春节停机安排', status: 0 } });
    const id = r.body.data.id as number;
    const visible = async () =>
      (await call('GET', '/api/index/notice?size=50', user.auth)).body.data.data.some(
        (x: { id: number }) => x.id === id,
      );
    expect(await visible()).toBe(false);

    r = await call('PUT', `/api/admin/notices/${id}`, admin.auth, {
      title: '春节停机安排（更新）',
      content: '2月1日至8日暂停调度。',
      status: 0,
    });
    expect(r.body.data).toMatchObject({ title: '春节停机安排（更新）', content: '2月1日至8日暂停调度。' });

    await t.db
      .update(notices)
      .set({ sendTime: new Date('2020-01-01T00:00:00Z') })
      .where(eq(notices.id, id));
    r = await call('POST', `/api/admin/notices/${id}/status`, admin.auth, { status: 1 });
    expect(r.body).toMatchObject({ status: 1, msg: '发布成功', data: { status: 1 } });
    // publishing a draft dates it now: it tops the dashboard list
    expect((await call('GET', '/api/index/notice', user.auth)).body.data.data[0].id).toBe(id);
    expect(await visible()).toBe(true);

    r = await call('POST', `/api/admin/notices/${id}/status`, admin.auth, { status: 0 });
    expect(r.body.msg).toBe('下架成功');
    expect(await visible()).toBe(false);

    r = await call('GET', '/api/admin/notices?page=1&size=2', admin.auth);
    expect(r.body.data.data).toHaveLength(2);
    expect(r.body.data.total).toBeGreaterThan(2);

    await call('GET', `/api/admin/notices`, admin.auth);
    r = await call('DELETE', `/api/admin/notices/${id}`, admin.auth);
    expect(r.body).toMatchObject({ status: 1, msg: '删除成功' });
    expect(await noticeRow(id)).toBeUndefined();
    for (const [method, url, payload] of [
      ['DELETE', `/api/admin/notices/${id}`, undefined],
      ['PUT', `/api/admin/notices/${id}`, { title: 'a', content: 'b' }],
      ['POST', `/api/admin/notices/${id}/status`, { status: 1 }],
    ] as const) {
      r = await call(method, url, admin.auth, payload);
      expect(r.code).toBe(404);
      expect(r.body.msg).toBe('公告不存在或已下线');
    }
  });

  it('deleting a notice someone read removes the read marks with it', async () => {
    const [n] = await t.db.insert(notices).values({ title: '已读后删除', body: '正文' }).returning();
    await call('GET', `/api/index/notice/${n.id}`, user.auth);
    expect((await t.db.select().from(noticeReads).where(eq(noticeReads.noticeId, n.id))).length).toBe(1);
    expect((await call('DELETE', `/api/admin/notices/${n.id}`, admin.auth)).body.status).toBe(1);
    expect((await t.db.select().from(noticeReads).where(eq(noticeReads.noticeId, n.id))).length).toBe(0);
  });
});
