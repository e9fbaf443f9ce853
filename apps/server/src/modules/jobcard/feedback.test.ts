import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditEvents, rateCounters, systemMessages } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';
import { loadReferenceData } from '../../seed/reference';
import { registerLabourTarget, type TLabourTarget } from '../recruit/labour';
import { labourComments, labourCounters, labourLikes, labourPhoneViews, labourViews } from './feedback.tables';
import { call as callOf, publishCard, verifiedUser, type TT, type TUser } from './jobcard.fixtures';

let t: TT;
let staff: TUser;
let owner: TUser;
let cardId: number;
/** A hiring demand as the hiring module would load it (its module registers the real loader). */
const demands = new Map<number, TLabourTarget>();
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  staff = await seedUser(t.db, { role: 'admin' });
  owner = await verifiedUser(t, { name: '评论区机手' });
  cardId = await publishCard(t, owner, staff, 'approve', { resume_category: [5] });
  registerLabourTarget(
    'recruit',
    async (_db, ids) => new Map(ids.flatMap((id) => (demands.has(id) ? [[id, demands.get(id)!] as const] : []))),
  );
});
afterAll(async () => t?.close());

const call = (...a: Parameters<typeof callOf> extends [TT, ...infer R] ? R : never) => callOf(t, ...a);
const comment = (u: TUser, body: object) => call('POST', '/api/recruit/comment', u.auth, body);
const commentsOn = (type: string, id: number) =>
  t.db
    .select()
    .from(labourComments)
    .where(and(eq(labourComments.targetType, type), eq(labourComments.targetId, id)));
const counters = async (type: string, id: number) =>
  (
    await t.db
      .select()
      .from(labourCounters)
      .where(and(eq(labourCounters.targetType, type), eq(labourCounters.targetId, id)))
  )[0];
const stat = async (id: number, u?: TUser) =>
  (await call('GET', `/api/site/labour/stat?type=card&id=${id}`, u?.auth ?? {})).json().data;
const TEXT = '师傅经验丰富，我们工地正需要这样的机手，欢迎来看看。';

describe('comments', () => {
  it('a stranger must log in for every private call', async () => {
    for (const [m, url] of [
      ['GET', '/api/recruit/comment'],
      ['POST', '/api/recruit/comment'],
      ['DELETE', '/api/recruit/comment/1'],
      ['POST', '/api/recruit/like'],
      ['POST', '/api/site/labour/phone'],
    ] as const) {
      const res = await call(
        m,
        url,
        {},
        m === 'GET' || m === 'DELETE' ? undefined : { type: 'card', id: cardId, content: TEXT },
      );
      expect(res.statusCode, url).toBe(401);
      expect(res.json().status).toBe(-1);
    }
    expect(await commentsOn('card', cardId)).toHaveLength(0);
  });

  const bad: [string, string, string][] = [
    ['too short', '好师傅，赞', '内容为10-200个字'],
    ['empty', ' ', '请填写所有必填项！'],
    ['a phone with spaces', '有活联系我 138 1234 5678 张工', '内容不能包含手机号、微信、QQ、邮箱等联系方式'],
    [
      'a phone in capital numerals',
      '壹叁捌壹贰叁肆伍陆柒捌 王经理找你',
      '内容不能包含手机号、微信、QQ、邮箱等联系方式',
    ],
    ['a phone in circled digits', '①③⑧①②③④⑤⑥⑦⑧ 急招挖机师傅', '内容不能包含手机号、微信、QQ、邮箱等联系方式'],
    ['a WeChat id', '微 信 ： wxid_abc123 招挖机手，待遇面谈', '内容不能包含手机号、微信、QQ、邮箱等联系方式'],
    ['a QQ number', '扣扣：二三四五六七八九零 老师傅带徒', '内容不能包含手机号、微信、QQ、邮箱等联系方式'],
    ['an e-mail', '发到 wang_gong＠１２６。ｃｏｍ 我们细聊', '内容不能包含手机号、微信、QQ、邮箱等联系方式'],
  ];
  it.each(bad)('refuses a comment %s with its message and writes nothing', async (_name, content, msg) => {
    const u = await seedUser(t.db);
    const res = await comment(u, { type: 'card', id: cardId, content });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg });
    expect(await t.db.select().from(labourComments).where(eq(labourComments.userId, u.user.id))).toHaveLength(0);
  });

  it('only on a public target: a pending, rejected or missing card and an unknown type are refused', async () => {
    const u = await seedUser(t.db);
    const o = await verifiedUser(t);
    const pending = await publishCard(t, o, staff);
    const p = await verifiedUser(t);
    const rejected = await publishCard(t, p, staff, 'reject');
    for (const id of [pending, rejected, 999_999]) {
      const res = await comment(u, { type: 'card', id, content: TEXT });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('该信息未通过审核或已结束，暂不能查看');
      expect((await call('POST', '/api/recruit/like', u.auth, { type: 'card', id })).statusCode).toBe(404);
      expect((await call('POST', '/api/site/labour/view', {}, { type: 'card', id })).statusCode).toBe(404);
      expect((await call('GET', `/api/site/labour/comment?type=card&id=${id}`)).statusCode).toBe(404);
    }
    expect((await comment(u, { type: 'shop', id: cardId, content: TEXT })).statusCode).toBe(400);
    expect(await t.db.select().from(labourComments).where(eq(labourComments.userId, u.user.id))).toHaveLength(0);
  });

  it('received and published lists, page size 5; the public list; the counters follow', async () => {
    const o = await verifiedUser(t, { name: '被评论的机手' });
    const id = await publishCard(t, o, staff, 'approve', { resume_category: [1, 9] });
    const a = await seedUser(t.db, { name: '评论人甲' });
    const b = await seedUser(t.db, { name: '评论人乙' });
    for (let i = 0; i < 6; i++)
      expect((await comment(i % 2 ? b : a, { type: 'card', id, content: `${TEXT}第${i + 1}条` })).json()).toMatchObject(
        {
          status: 1,
          msg: '评论成功',
        },
      );
    // the owner's own reply is on the page but not among the comments received
    await comment(o, { type: 'card', id, content: '谢谢关注，欢迎来电咨询具体的工作安排。' });
    const received = (await call('GET', '/api/recruit/comment?type=receive', o.auth)).json().data;
    expect(received.total).toBe(6);
    expect(received.data).toHaveLength(5);
    expect(received.data[0]).toMatchObject({
      member: { username: '评论人乙', avatar: '' },
      content: `${TEXT}第6条`,
      type: 'card',
      type_v: '求职卡',
      target_id: id,
      view_url: `/site/job/${id}`,
      address: '江苏省苏州市',
      resume_category: '挖掘机、叉车',
    });
    expect(received.data[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call('GET', '/api/recruit/comment?type=receive&page=2', o.auth)).json().data.data).toHaveLength(1);
    const published = (await call('GET', '/api/recruit/comment?type=publish', a.auth)).json().data;
    expect(published.total).toBe(3);
    expect(published.data.every((r: { member: { username: string } }) => r.member.username === '评论人甲')).toBe(true);
    expect((await call('GET', '/api/recruit/comment?type=receive', a.auth)).json().data.total).toBe(0);
    const pub = (await call('GET', `/api/site/labour/comment?type=card&id=${id}&size=3`, a.auth)).json().data;
    expect(pub.total).toBe(7);
    expect(pub.data.map((r: { mine: boolean }) => r.mine)).toEqual([false, false, true]);
    expect(pub.data[0].content).toBe('谢谢关注，欢迎来电咨询具体的工作安排。');
    expect(await stat(id)).toMatchObject({ comment_num: 7 });
    expect((await call('GET', '/api/recruit/card', o.auth)).json().data.data[0].comment_num).toBe(7);
  });

  it("the author and the target's owner may delete a comment; anyone else gets 404; staff remove with an audit", async () => {
    const o = await verifiedUser(t);
    const id = await publishCard(t, o, staff, 'approve');
    const a = await seedUser(t.db);
    const x = await seedUser(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await comment(a, { type: 'card', id, content: `${TEXT}${i}` })).json().data.id);
    for (const [who, cid] of [
      [x, ids[0]],
      [staff, ids[0]],
      [o, 999_999],
    ] as const) {
      const res = await call('DELETE', `/api/recruit/comment/${cid}`, who.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('评论不存在或已删除');
    }
    expect(await commentsOn('card', id)).toHaveLength(3);
    expect((await call('DELETE', `/api/recruit/comment/${ids[0]}`, a.auth)).json()).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    expect((await call('DELETE', `/api/recruit/comment/${ids[0]}`, a.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/recruit/comment/${ids[1]}`, o.auth)).json().status).toBe(1);
    expect(
      (await call('POST', `/api/admin/labour/comments/${ids[2]}/remove`, a.auth, { reason: '广告' })).statusCode,
    ).toBe(403);
    const list = (await call('GET', '/api/admin/labour/comments?size=100', staff.auth)).json().data;
    expect(list.data.find((r: { id: number }) => r.id === ids[2])).toMatchObject({
      user_id: a.user.id,
      type_v: '求职卡',
      view_url: `/site/job/${id}`,
    });
    expect(
      (await call('POST', `/api/admin/labour/comments/${ids[2]}/remove`, staff.auth, { reason: '含广告内容' })).json()
        .status,
    ).toBe(1);
    expect(await commentsOn('card', id)).toHaveLength(0);
    expect((await counters('card', id)).commentNum).toBe(0);
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entity, 'labour_comment'))
      .orderBy(asc(auditEvents.id));
    const mine = trail
      .filter((e) => ids.includes(e.entityId))
      .map(
        (e) => `${e.action}:${e.actorId === staff.user.id ? 'staff' : e.actorId === o.user.id ? 'owner' : 'author'}`,
      );
    expect(mine).toEqual([
      'create:author',
      'create:author',
      'create:author',
      'delete:author',
      'owner_delete:owner',
      'remove:staff',
    ]);
    expect(trail.find((e) => e.entityId === ids[2] && e.action === 'remove')?.reason).toBe('含广告内容');
    const inbox = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, a.user.id));
    expect(inbox.map((m) => m.title)).toEqual(['评论已被移除']);
    expect(inbox[0].body).toContain('含广告内容');
  });

  it('comments on a hiring demand through the registry: received by its hirer, type 招聘需求', async () => {
    const hirer = await seedUser(t.db);
    const a = await seedUser(t.db, { name: '求职机手' });
    demands.set(41, {
      id: 41,
      ownerUserId: hirer.user.id,
      public: true,
      view_url: '/site/hire/41',
      address: '浙江省杭州市',
      resume_category: '装载机',
    });
    demands.set(42, {
      id: 42,
      ownerUserId: hirer.user.id,
      public: false,
      view_url: '/site/hire/42',
      address: '浙江省杭州市',
      resume_category: '装载机',
    });
    expect(
      (await comment(a, { type: 'recruit', id: 41, content: '本人驾驶装载机八年，想了解一下具体的工作时间。' })).json()
        .status,
    ).toBe(1);
    expect(
      (await comment(a, { type: 'recruit', id: 42, content: '本人驾驶装载机八年，想了解一下具体的工作时间。' }))
        .statusCode,
    ).toBe(404);
    const got = (await call('GET', '/api/recruit/comment?type=receive', hirer.auth)).json().data;
    expect(got.data).toEqual([
      expect.objectContaining({
        type: 'recruit',
        type_v: '招聘需求',
        view_url: '/site/hire/41',
        address: '浙江省杭州市',
        resume_category: '装载机',
        member: { username: '求职机手', avatar: '' },
      }),
    ]);
    expect((await call('POST', '/api/recruit/like', a.auth, { type: 'recruit', id: 41 })).json().data).toEqual({
      liked: true,
      like_num: 1,
    });
    // a card and a demand with the same id count apart
    expect((await counters('recruit', 41)).commentNum).toBe(1);
  });
});

describe('likes and browses', () => {
  it('a like counts once per user: repeated, taken back, concurrent', async () => {
    const o = await verifiedUser(t);
    const id = await publishCard(t, o, staff, 'approve');
    const u = await seedUser(t.db);
    const like = (who: TUser, like = true) => call('POST', '/api/recruit/like', who.auth, { type: 'card', id, like });
    expect((await like(u)).json()).toMatchObject({ status: 1, msg: '点赞成功', data: { liked: true, like_num: 1 } });
    expect((await like(u)).json().data).toEqual({ liked: true, like_num: 1 });
    expect(await stat(id, u)).toMatchObject({ liked: true, like_num: 1 });
    expect(await stat(id)).toMatchObject({ liked: false, like_num: 1 });
    expect((await like(u, false)).json()).toMatchObject({ msg: '已取消点赞', data: { liked: false, like_num: 0 } });
    expect((await like(u, false)).json().data).toEqual({ liked: false, like_num: 0 });
    // twenty at once by one user count once; by twenty users, twenty
    await Promise.all(Array.from({ length: 20 }, () => like(u)));
    expect((await counters('card', id)).likeNum).toBe(1);
    const many = await Promise.all(Array.from({ length: 20 }, () => seedUser(t.db)));
    const res = await Promise.all(many.map((m) => like(m)));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    expect((await counters('card', id)).likeNum).toBe(21);
    expect(
      await t.db
        .select()
        .from(labourLikes)
        .where(and(eq(labourLikes.targetType, 'card'), eq(labourLikes.targetId, id))),
    ).toHaveLength(21);
    await Promise.all(many.slice(0, 10).flatMap((m) => [like(m, false), like(m, false)]));
    expect((await counters('card', id)).likeNum).toBe(11);
    expect((await call('GET', '/api/recruit/card', o.auth)).json().data.data[0].like_num).toBe(11);
  });

  it('a browse counts once a day per viewer: a user by id, a stranger by address and browser', async () => {
    const o = await verifiedUser(t);
    const id = await publishCard(t, o, staff, 'approve');
    const view = (headers: Record<string, string>) =>
      call('POST', '/api/site/labour/view', headers, { type: 'card', id });
    const chrome = { 'user-agent': 'Chrome/130', 'x-forwarded-for': '10.0.0.1' };
    expect((await view(chrome)).json().data).toMatchObject({ browse_num: 1 });
    expect((await view(chrome)).json().data).toMatchObject({ browse_num: 1 });
    expect((await view({ 'user-agent': 'Firefox/120' })).json().data.browse_num).toBe(2);
    const u = await seedUser(t.db);
    await Promise.all(Array.from({ length: 10 }, () => view(u.auth)));
    expect((await view({ ...u.auth, 'user-agent': 'Other' })).json().data.browse_num).toBe(3);
    // yesterday's browse by the same viewer does not stop today's
    const v = await seedUser(t.db);
    await t.db
      .insert(labourViews)
      .values({ targetType: 'card', targetId: id, day: '2020-01-01', viewer: `u:${v.user.id}` });
    expect((await view(v.auth)).json().data.browse_num).toBe(4);
    const rows = await t.db
      .select()
      .from(labourViews)
      .where(and(eq(labourViews.targetType, 'card'), eq(labourViews.targetId, id)));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => !r.viewer.includes('10.0.0.1'))).toBe(true);
    expect(await stat(id)).toMatchObject({ browse_num: 4 });
    // the owner's own visits do not count
    expect((await view(o.auth)).json().data.browse_num).toBe(4);
    expect((await call('GET', '/api/recruit/card', o.auth)).json().data.data[0].browse_num).toBe(4);
    // past the hour's allowance of an address, browses are shown but not counted (changing the browser does not help)
    const hour = 3600_000;
    const start = Math.floor(Date.now() / hour) * hour;
    await t.db
      .insert(rateCounters)
      .values({
        key: 'labour:view:127.0.0.1',
        windowStart: new Date(start),
        count: 300,
        expiresAt: new Date(start + hour),
      })
      .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: 300 } });
    expect((await view({ 'user-agent': 'Safari/18' })).json()).toMatchObject({ status: 1, data: { browse_num: 4 } });
    expect(
      await t.db
        .select()
        .from(labourViews)
        .where(and(eq(labourViews.targetType, 'card'), eq(labourViews.targetId, id))),
    ).toHaveLength(5);
  });
});

describe('the phone of a card', () => {
  it('only for a logged-in, personally verified viewer; every reveal recorded; limited per viewer', async () => {
    const reveal = (u: TUser | null, id: number) =>
      call('POST', '/api/site/labour/phone', u?.auth ?? {}, { type: 'card', id });
    expect((await reveal(null, cardId)).statusCode).toBe(401);
    const plain = await seedUser(t.db);
    const res = await reveal(plain, cardId);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('完成个人认证后可查看联系方式');
    const hirer = await verifiedUser(t);
    expect((await reveal(hirer, cardId)).json()).toMatchObject({ status: 1, data: { phone: owner.phone } });
    expect((await reveal(hirer, cardId)).json().data.phone).toBe(owner.phone);
    const o = await verifiedUser(t);
    const hidden = await publishCard(t, o, staff);
    expect((await reveal(hirer, hidden)).statusCode).toBe(404);
    const log = await t.db.select().from(labourPhoneViews).where(eq(labourPhoneViews.viewerId, hirer.user.id));
    expect(log.map((r) => [r.targetType, r.targetId])).toEqual([
      ['card', cardId],
      ['card', cardId],
    ]);
    expect(await t.db.select().from(labourPhoneViews).where(eq(labourPhoneViews.viewerId, plain.user.id))).toHaveLength(
      0,
    );
    // the hour's allowance used up: a new phone is refused, one seen today is still shown
    const hour = 3600_000;
    const start = Math.floor(Date.now() / hour) * hour;
    await t.db
      .insert(rateCounters)
      .values({
        key: `labour:phone:${hirer.user.id}`,
        windowStart: new Date(start),
        count: 30,
        expiresAt: new Date(start + hour),
      })
      .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: 30 } });
    const another = await verifiedUser(t);
    const anotherCard = await publishCard(t, another, staff, 'approve');
    const limited = await reveal(hirer, anotherCard);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toBe('查看联系方式过于频繁，请稍后再试');
    expect((await reveal(hirer, cardId)).json().data.phone).toBe(owner.phone);
    expect(
      await t.db
        .select()
        .from(labourPhoneViews)
        .where(and(eq(labourPhoneViews.viewerId, hirer.user.id), eq(labourPhoneViews.targetId, anotherCard))),
    ).toHaveLength(0);
  });
});
