import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemMessages } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';
import { createMessage } from './message.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const inbox = async (userId: number) => t.db.select().from(systemMessages).where(eq(systemMessages.userId, userId));

async function userWith(n: number) {
  const u = await seedUser(t.db);
  const ids: number[] = [];
  for (let i = 1; i <= n; i++)
    ids.push((await createMessage(t.db, { userId: u.user.id, title: `消息${i}`, content: `内容${i}` })).id);
  return { ...u, ids };
}

describe('system messages', () => {
  it('lists unread then read, 15 per page by default, newest first', async () => {
    const u = await userWith(17);
    let res = await get('/api/index/message/lst?state=0', u.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.total).toBe(17);
    expect(body.data.unread).toBe(17);
    expect(body.data.data).toHaveLength(15);
    expect(body.data.data[0]).toMatchObject({ id: u.ids[16], msg_title: '消息17', msg_body: '内容17', msg_open: 0 });
    expect(body.data.data[0].msg_send_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    res = await get('/api/index/message/lst?state=0&page=2', u.auth);
    expect(res.json().data.data.map((m: { id: number }) => m.id)).toEqual([u.ids[1], u.ids[0]]);
    res = await get('/api/index/message/lst?state=1', u.auth);
    expect(res.json().data).toEqual({ data: [], total: 0, unread: 17 });
  });

  it('opening marks read once and moves it to the read tab', async () => {
    const u = await userWith(2);
    const res = await post('/api/index/message/read', u.auth, { id: u.ids[0] });
    expect(res.json()).toMatchObject({ status: 1, data: { id: u.ids[0], msg_open: 1 } });
    const [first] = (await inbox(u.user.id)).filter((m) => m.id === u.ids[0]);
    expect(first.open).toBe(1);
    await post('/api/index/message/read', u.auth, { id: u.ids[0] });
    const [again] = (await inbox(u.user.id)).filter((m) => m.id === u.ids[0]);
    expect(again.readAt?.getTime()).toBe(first.readAt?.getTime());
    expect((await get('/api/index/message/lst?state=1', u.auth)).json().data).toMatchObject({ total: 1, unread: 1 });
    expect((await get('/api/index/message/lst?state=0', u.auth)).json().data.total).toBe(1);
  });

  it("another user's message answers 404 and stays unread and undeleted", async () => {
    const a = await userWith(2);
    const b = await userWith(1);
    let res = await post('/api/index/message/read', b.auth, { id: a.ids[0] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 0, msg: '消息不存在或已删除', code: 'MESSAGE_NOT_FOUND' });
    res = await post('/api/index/message/del', b.auth, { id: a.ids[0] });
    expect(res.statusCode).toBe(404);
    // a list with one foreign id deletes nothing, not even the caller's own
    res = await post('/api/index/message/del', b.auth, { id: [b.ids[0], a.ids[1]] });
    expect(res.statusCode).toBe(404);
    expect((await inbox(a.user.id)).map((m) => m.open)).toEqual([0, 0]);
    expect(await inbox(b.user.id)).toHaveLength(1);
  });

  it('deletes one id or a list', async () => {
    const u = await userWith(4);
    let res = await post('/api/index/message/del', u.auth, { id: u.ids[0] });
    expect(res.json()).toMatchObject({ status: 1, msg: '删除成功', data: { deleted: 1 } });
    res = await post('/api/index/message/del', u.auth, { id: [u.ids[1], u.ids[2]] });
    expect(res.json()).toMatchObject({ status: 1, data: { deleted: 2 } });
    expect((await inbox(u.user.id)).map((m) => m.id)).toEqual([u.ids[3]]);
  });

  it('an empty list or a bad id is refused with nothing deleted', async () => {
    const u = await userWith(1);
    let res = await post('/api/index/message/del', u.auth, { id: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg: '请选择要删除的消息' });
    res = await post('/api/index/message/del', u.auth, {});
    expect(res.statusCode).toBe(400);
    res = await get('/api/index/message/lst?state=2', u.auth);
    expect(res.statusCode).toBe(400);
    expect(await inbox(u.user.id)).toHaveLength(1);
  });

  it('a stranger gets -1', async () => {
    expect((await get('/api/index/message/lst', {})).statusCode).toBe(401);
    expect((await post('/api/index/message/read', {}, { id: 1 })).json().status).toBe(-1);
    expect((await post('/api/index/message/del', {}, { id: 1 })).json().status).toBe(-1);
  });
});
