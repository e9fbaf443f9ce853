import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { auditEvents, personAuths, systemMessages } from '../../db/schema';
import { CARD_MACHINE } from '@jizu/shared/constants/recruit';
import { createTestApp, seedUser } from '../../test/harness';
import { loadReferenceData } from '../../seed/reference';
import { jobCardCerts, jobCardExperiences, jobCardHall, jobCards } from './jobcard.tables';
import { call as callOf, cardForm, publishCard, upload, verifiedUser, type TT, type TUser } from './jobcard.fixtures';

let t: TT;
let staff: TUser;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  staff = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

const call = (...a: Parameters<typeof callOf> extends [TT, ...infer R] ? R : never) => callOf(t, ...a);
const cardsOf = (userId: number) => t.db.select().from(jobCards).where(eq(jobCards.userId, userId));
const card = async (id: number) => (await t.db.select().from(jobCards).where(eq(jobCards.id, id)))[0];
const trail = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'job_card'), eq(auditEvents.entityId, id)))
      .orderBy(asc(auditEvents.id))
  ).map((e) => `${e.action}:${e.fromStatus}>${e.toStatus}`);
const put = (u: TUser, id: number, body: object) => call('PUT', `/api/recruit/card/${id}`, u.auth, body);
const review = (id: number, body: object, who: TUser = staff) =>
  call('POST', `/api/admin/job-cards/${id}/review`, who.auth, body);

describe('job cards: publishing', () => {
  it('a stranger must log in; an unverified user is refused and nothing is written', async () => {
    for (const [m, url] of [
      ['GET', '/api/recruit/card'],
      ['POST', '/api/recruit/card'],
      ['GET', '/api/recruit/card/1/edit'],
      ['PUT', '/api/recruit/card/1'],
    ] as const) {
      const res = await call(m, url, {}, m === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(-1);
    }
    const u = await seedUser(t.db);
    const res = await call('POST', '/api/recruit/card', u.auth, await cardForm(t, u));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, msg: '发布前请先完成个人认证' });
    expect(await cardsOf(u.user.id)).toHaveLength(0);
  });

  it('a verified user publishes a card with a certificate and an experience; it waits for review with all its fields', async () => {
    const u = await verifiedUser(t);
    const form = await cardForm(t, u, { resume_category: [3, 1], lng: 120.5, lat: 31.3 });
    const res = (await call('POST', '/api/recruit/card', u.auth, form)).json();
    expect(res).toMatchObject({ status: 1, msg: '提交成功' });
    const my = (await call('GET', '/api/recruit/card?type=my', u.auth)).json().data;
    expect(my.total).toBe(1);
    expect(my.data[0]).toMatchObject({
      id: res.data.id,
      resume_category: '3,1',
      resume_category_ids: [3, 1],
      resume_category_v: '推土机、挖掘机',
      resume_driving_age: 3,
      resume_driving_age_v: '3-5年',
      content: form.content,
      region_v: '江苏省苏州市虎丘区',
      address: '科技城锦峰路158号',
      lng: 120.5,
      lat: 31.3,
      audit_status: 1,
      audit_status_v: '待审核',
      audit_reason: '',
      browse_num: 0,
      comment_num: 0,
      like_num: 0,
      view_url: `/site/job/${res.data.id}`,
      cert: form.cert,
      experience: form.experience,
      option: ['edit'],
    });
    expect(my.data[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call('GET', '/api/recruit/card?type=history', u.auth)).json().data).toEqual({ data: [], total: 0 });
    expect(await trail(res.data.id)).toEqual(['submit:>1']);
    // one live card: a second one is refused, also when both are sent at once
    const again = await call('POST', '/api/recruit/card', u.auth, await cardForm(t, u));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('您已有一张审核中或求职中的求职卡，请修改或结束后再发布');
    const v = await verifiedUser(t);
    const forms = await Promise.all([cardForm(t, v), cardForm(t, v), cardForm(t, v)]);
    const results = await Promise.all(forms.map((f) => call('POST', '/api/recruit/card', v.auth, f)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await cardsOf(v.user.id)).toHaveLength(1);
  });

  const long = (n: number) => '机'.repeat(n);
  const bad: [
    string,
    (f: Record<string, unknown>, other: { img: string; avatar: string }) => Record<string, unknown>,
    string,
  ][] = [
    ['4 categories', (f) => ({ ...f, resume_category: [1, 2, 3, 4] }), '最多只能选择三项'],
    ['no category', (f) => ({ ...f, resume_category: [] }), '请填写所有必填项！'],
    ['category missing', (f) => ({ ...f, resume_category: undefined }), '请填写所有必填项！'],
    ['unknown category', (f) => ({ ...f, resume_category: [1, 99] }), '请选择正确的机械类别'],
    ['a category twice', (f) => ({ ...f, resume_category: [2, 2] }), '请选择正确的机械类别'],
    ['no driving age', (f) => ({ ...f, resume_driving_age: undefined }), '请填写所有必填项！'],
    ['unknown driving age', (f) => ({ ...f, resume_driving_age: 9 }), '请填写所有必填项！'],
    ['no content', (f) => ({ ...f, content: '  ' }), '请填写所有必填项！'],
    ['content of 9', (f) => ({ ...f, content: '九个字的求职说明啊' }), '内容为10-200个字'],
    ['content of 201', (f) => ({ ...f, content: long(201) }), '内容为10-200个字'],
    [
      'a phone in the content',
      (f) => ({ ...f, content: '十年挖机经验，有意者请联系13812345678' }),
      '内容不能包含手机号、微信、QQ、邮箱等联系方式',
    ],
    [
      'a phone in Chinese numerals',
      (f) => ({ ...f, content: '有活就打幺三八 幺二三四 五六七八，非诚勿扰' }),
      '内容不能包含手机号、微信、QQ、邮箱等联系方式',
    ],
    [
      'a WeChat id',
      (f) => ({ ...f, content: '加V：jizu2026，详谈待遇，十年经验老机手' }),
      '内容不能包含手机号、微信、QQ、邮箱等联系方式',
    ],
    [
      'an e-mail in words',
      (f) => ({ ...f, content: '简历请发 lihua艾特sina点cn 十年经验' }),
      '内容不能包含手机号、微信、QQ、邮箱等联系方式',
    ],
    ['no region', (f) => ({ ...f, area: undefined }), '请填写所有必填项！'],
    ['region not a chain', (f) => ({ ...f, area: 110101 }), '请选择正确的所在地区'],
    ['no address', (f) => ({ ...f, address: '' }), '请填写所有必填项！'],
    ['address of 101', (f) => ({ ...f, address: long(101) }), '详细地址不超过100个字'],
    [
      '4 certificates',
      (f, o) => ({ ...f, cert: [1, 2, 3, 4].map((i) => ({ name: `证书${i}`, img: o.img })) }),
      '最多添加3个证书',
    ],
    ['certificate name of 16', (f, o) => ({ ...f, cert: [{ name: long(16), img: o.img }] }), '证书名称不超过15个字'],
    ['certificate without a name', (f, o) => ({ ...f, cert: [{ name: '', img: o.img }] }), '请填写所有必填项！'],
    ['certificate without an image', (f) => ({ ...f, cert: [{ name: '挖掘机操作证' }] }), '请填写所有必填项！'],
    [
      'certificate with an empty image',
      (f) => ({ ...f, cert: [{ name: '挖掘机操作证', img: '' }] }),
      '请填写所有必填项！',
    ],
    [
      '4 experiences',
      (f, o) => ({ ...f, experience: [1, 2, 3, 4].map((i) => ({ name: `项目${i}`, address: '苏州', img: o.img })) }),
      '最多添加3段工作经历',
    ],
    [
      'experience name of 21',
      (f, o) => ({ ...f, experience: [{ name: long(21), address: '苏州', img: o.img }] }),
      '项目名称不超过20个字',
    ],
    [
      'experience address of 21',
      (f, o) => ({ ...f, experience: [{ name: '地铁工程', address: long(21), img: o.img }] }),
      '项目地址不超过20个字',
    ],
    [
      'experience without a photo',
      (f) => ({ ...f, experience: [{ name: '地铁工程', address: '苏州' }] }),
      '请填写所有必填项！',
    ],
    [
      'experience without an address',
      (f, o) => ({ ...f, experience: [{ name: '地铁工程', address: ' ', img: o.img }] }),
      '请填写所有必填项！',
    ],
  ];
  const foreign: [
    string,
    (f: Record<string, unknown>, other: { img: string; avatar: string }) => Record<string, unknown>,
  ][] = [
    ["another user's upload as a certificate", (f, o) => ({ ...f, cert: [{ name: '挖掘机操作证', img: o.img }] })],
    [
      "another user's upload as an experience photo",
      (f, o) => ({ ...f, experience: [{ name: '地铁工程', address: '苏州', img: o.img }] }),
    ],
    [
      'an address that is no upload',
      (f) => ({
        ...f,
        cert: [{ name: '挖掘机操作证', img: '/uploads/recruit/2026/01/0123456789abcdef0123456789abcdef.png' }],
      }),
    ],
    ['an outside address', (f) => ({ ...f, cert: [{ name: '挖掘机操作证', img: 'https://example.com/a.png' }] })],
    ['own upload of another kind', (f, o) => ({ ...f, cert: [{ name: '挖掘机操作证', img: o.avatar }] })],
  ];

  it.each(bad)('refuses %s with its message and writes nothing', async (_name, change, msg) => {
    const u = await verifiedUser(t);
    const img = await upload(t, u);
    const res = await call('POST', '/api/recruit/card', u.auth, change(await cardForm(t, u), { img, avatar: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg });
    expect(await cardsOf(u.user.id)).toHaveLength(0);
  });

  it.each(foreign)('refuses %s and writes nothing', async (_name, change) => {
    const u = await verifiedUser(t);
    const other = await verifiedUser(t);
    const img = await upload(t, other);
    const avatar = await upload(t, u, '/api/index/upload/avatar');
    const res = await call('POST', '/api/recruit/card', u.auth, change(await cardForm(t, u), { img, avatar }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg: '图片无效，请重新上传' });
    expect(await cardsOf(u.user.id)).toHaveLength(0);
    const [{ n }] = await t.db.select({ n: count() }).from(jobCardCerts).where(eq(jobCardCerts.img, img));
    expect(n).toBe(0);
  });

  it('an edit with a bad field changes nothing', async () => {
    const u = await verifiedUser(t);
    const id = await publishCard(t, u, staff, 'approve');
    const before = await card(id);
    const other = await verifiedUser(t);
    for (const [body, msg] of [
      [await cardForm(t, u, { resume_category: [1, 2, 3, 4] }), '最多只能选择三项'],
      [
        await cardForm(t, u, { type: 'edit', cert: [{ name: '机'.repeat(16), img: await upload(t, u) }] }),
        '证书名称不超过15个字',
      ],
      [
        await cardForm(t, u, { content: '有意者请联系13812345678，十年经验' }),
        '内容不能包含手机号、微信、QQ、邮箱等联系方式',
      ],
      [await cardForm(t, u, { cert: [{ name: '证', img: await upload(t, other) }] }), '图片无效，请重新上传'],
      [{ type: 'close' }, '请求参数有误'],
    ] as const) {
      const res = await put(u, id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await card(id)).toEqual(before);
    expect((await t.db.select().from(jobCardHall).where(eq(jobCardHall.cardId, id))).length).toBe(2);
  });
});

describe('job cards: states', () => {
  it('each action only from its states; review, end, republish, edit; messages reach the owner; the trail records it all', async () => {
    const u = await verifiedUser(t);
    const id = await publishCard(t, u, staff);
    const fail = async (body: object, status = 409) => {
      const res = await put(u, id, body);
      expect(res.statusCode).toBe(status);
      return res.json().msg;
    };
    // 1: edit only; staff decide
    expect(await fail({ type: 'end', sta: 3 })).toBe('当前状态不能进行此操作，请刷新后重试');
    expect(await fail({ type: 'republish' })).toBe('当前状态不能进行此操作，请刷新后重试');
    expect((await put(u, id, await cardForm(t, u, { resume_driving_age: 4 }))).json()).toMatchObject({
      status: 1,
      msg: '修改成功',
    });
    expect((await review(id, { action: 'approve' }, u)).statusCode).toBe(403);
    expect((await review(id, { action: 'reject' })).json().msg).toBe('请填写驳回原因');
    expect((await review(id, { action: 'reject', reason: '机'.repeat(201) })).json().msg).toBe('驳回原因不超过200个字');
    expect((await card(id)).status).toBe(1);
    expect((await review(id, { action: 'approve' })).json()).toMatchObject({ status: 1, msg: '操作成功' });
    expect((await review(id, { action: 'approve' })).statusCode).toBe(409);
    expect((await review(id, { action: 'reject', reason: '重复' })).statusCode).toBe(409);
    // 2: searching, in the hall; end, view, edit
    let row = (await call('GET', '/api/recruit/card?type=my', u.auth)).json().data.data[0];
    expect(row).toMatchObject({ audit_status: 2, audit_status_v: '求职中', option: ['edit', 'end', 'view'] });
    expect(await fail({ type: 'republish' })).toBe('当前状态不能进行此操作，请刷新后重试');
    expect(await fail({ type: 'end', sta: 5 }, 400)).toBeTruthy();
    expect(await fail({ type: 'end', sta: 2 }, 400)).toBeTruthy();
    // an edit of a searching card sends it back to review and out of the hall
    expect((await put(u, id, await cardForm(t, u))).json().status).toBe(1);
    expect((await card(id)).status).toBe(1);
    expect(await t.db.select().from(jobCardHall).where(eq(jobCardHall.cardId, id))).toHaveLength(0);
    expect((await call('GET', `/api/site/job/${id}`)).statusCode).toBe(404);
    await review(id, { action: 'approve' });
    expect(await t.db.select().from(jobCardHall).where(eq(jobCardHall.cardId, id))).toHaveLength(2);
    expect((await put(u, id, { type: 'end', sta: 3 })).json()).toMatchObject({ status: 1, msg: '状态修改成功!' });
    expect(await t.db.select().from(jobCardHall).where(eq(jobCardHall.cardId, id))).toHaveLength(0);
    // 3: history; republish only
    expect((await call('GET', '/api/recruit/card?type=my', u.auth)).json().data.total).toBe(0);
    row = (await call('GET', '/api/recruit/card?type=history', u.auth)).json().data.data[0];
    expect(row).toMatchObject({ id, audit_status: 3, audit_status_v: '已找到工作', option: ['republish'] });
    expect(await fail({ type: 'end', sta: 4 })).toBe('当前状态不能进行此操作，请刷新后重试');
    expect(await fail(await cardForm(t, u))).toBe('当前状态不能进行此操作，请刷新后重试');
    // republishing while another card is live is refused
    const second = await publishCard(t, u, staff);
    const refused = await put(u, id, { type: 'republish' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('您已有一张审核中或求职中的求职卡，请修改或结束后再发布');
    await review(second, { action: 'approve' });
    await put(u, second, { type: 'end', sta: 4 });
    expect((await card(second)).status).toBe(4);
    expect((await put(u, id, { type: 'republish' })).json()).toMatchObject({
      status: 1,
      msg: '已重新发布，请等待审核',
    });
    // 5: rejected with its reason; an edit clears it and goes back to review
    await review(id, { action: 'reject', reason: '证书照片不清晰' });
    row = (await call('GET', `/api/recruit/card/${id}/edit`, u.auth)).json().data;
    expect(row).toMatchObject({
      audit_status: 5,
      audit_status_v: '审核失败',
      audit_reason: '证书照片不清晰',
      option: ['edit'],
    });
    expect(await fail({ type: 'end', sta: 3 })).toBe('当前状态不能进行此操作，请刷新后重试');
    expect(await fail({ type: 'republish' })).toBe('当前状态不能进行此操作，请刷新后重试');
    await put(u, id, await cardForm(t, u));
    expect(await card(id)).toMatchObject({ status: 1, auditReason: '' });
    expect(await trail(id)).toEqual([
      'submit:>1',
      'edit:1>1',
      'approve:1>2',
      'edit:2>1',
      'approve:1>2',
      'end:2>3',
      'republish:3>1',
      'reject:1>5',
      'edit:5>1',
    ]);
    const inbox = (
      await t.db
        .select()
        .from(systemMessages)
        .where(eq(systemMessages.userId, u.user.id))
        .orderBy(asc(systemMessages.id))
    ).map((m) => m.title);
    expect(inbox).toEqual(['求职卡审核通过', '求职卡审核通过', '求职卡审核通过', '求职卡审核未通过']);
    const rejected = (await t.db.select().from(systemMessages).where(eq(systemMessages.userId, u.user.id))).find(
      (m) => m.title === '求职卡审核未通过',
    );
    expect(rejected?.body).toContain('证书照片不清晰');
  });

  it('each action from every status: allowed only from its states (spec/3 §4), the row compared after each', async () => {
    // written out here rather than read from CARD_MACHINE, so a wrong table fails: [op, from, to]
    const FROM: [string, number[], number][] = [
      ['edit', [1, 2, 5], 1],
      ['end', [2], 4],
      ['republish', [3, 4], 1],
      ['approve', [1], 2],
      ['reject', [1], 5],
    ];
    const plain = {
      resume_category: [1],
      resume_driving_age: 2,
      content: '本人有十年挖掘机操作经验，熟悉卡特320、小松200等机型。',
      province: 32,
      city: 3205,
      area: 320505,
      address: '科技城锦峰路158号',
      cert: [],
      experience: [],
    };
    const body: Record<string, object> = {
      edit: { ...plain, content: '挖掘机、装载机都能开，做过市政道路和地铁基坑，服从安排。' },
      end: { type: 'end', sta: 4 },
      republish: { type: 'republish' },
    };
    for (const s of [1, 2, 3, 4, 5]) {
      for (const [op, from, to] of FROM) {
        // a user of its own for each try: one live card per user, so a republish from 3 or 4 meets no other live card
        const u = await verifiedUser(t);
        const res = (await call('POST', '/api/recruit/card', u.auth, plain)).json();
        expect(res.status, JSON.stringify(res)).toBe(1);
        const id = res.data.id as number;
        await t.db.update(jobCards).set({ status: s }).where(eq(jobCards.id, id));
        const done =
          op === 'approve' || op === 'reject'
            ? await review(
                id,
                op === 'approve' ? { action: 'approve' } : { action: 'reject', reason: '证书照片不清晰' },
              )
            : await put(u, id, body[op]);
        if (from.includes(s)) {
          expect(done.statusCode, `${op} from ${s}: ${done.body}`).toBe(200);
          expect((await card(id)).status, `${op} from ${s}`).toBe(to);
        } else {
          expect(done.statusCode, `${op} from ${s}`).toBe(409);
          expect(done.json().msg).toBe('当前状态不能进行此操作，请刷新后重试');
          expect((await card(id)).status, `${op} from ${s}`).toBe(s);
        }
      }
    }
    // the table's rows by the button they are (both endings are 结束), a new card's submit aside
    const op = (a: string) => (a === 'found' || a === 'close' ? 'end' : a);
    expect(
      Object.fromEntries(
        CARD_MACHINE.rows
          .filter((o) => o.action !== 'view' && o.action !== 'submit')
          .map((o) => [op(o.action), [...o.from]]),
      ),
    ).toEqual(Object.fromEntries(FROM.map(([op, from]) => [op, from])));
  });

  it("another user's card is not found, for every call", async () => {
    const owner = await verifiedUser(t);
    const id = await publishCard(t, owner, staff, 'approve');
    const other = await verifiedUser(t);
    const before = await card(id);
    for (const res of [
      await call('GET', `/api/recruit/card/${id}/edit`, other.auth),
      await put(other, id, { type: 'end', sta: 3 }),
      await put(other, id, await cardForm(t, other)),
      await put(other, 999_999, { type: 'republish' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 0, msg: '信息不存在或已删除' });
    }
    expect(await card(id)).toEqual(before);
    expect((await call('GET', '/api/recruit/card?type=my', other.auth)).json().data.total).toBe(0);
  });

  it('an owner whose personal verification no longer holds may not edit or republish; the card stays as it was', async () => {
    const u = await verifiedUser(t);
    const live = await publishCard(t, u, staff, 'approve');
    expect((await put(u, live, { type: 'end', sta: 3 })).json().status).toBe(1);
    const v = await verifiedUser(t);
    const pending = await publishCard(t, v, staff);
    // the verification is rejected on a later review (status 2)
    await t.db
      .update(personAuths)
      .set({ status: 2 })
      .where(sql`${personAuths.userId} in (${u.user.id}, ${v.user.id})`);
    const before = [await card(live), await card(pending)];
    for (const res of [
      await put(u, live, { type: 'republish' }),
      await put(
        v,
        pending,
        await cardForm(t, v, { content: '挖掘机、装载机都能开，做过市政道路和地铁基坑，服从安排。' }),
      ),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 0, msg: '发布前请先完成个人认证' });
    }
    expect([await card(live), await card(pending)]).toEqual(before);
  });

  it('edits replace the certificates and experiences (up to 3 each)', async () => {
    const u = await verifiedUser(t);
    const id = await publishCard(t, u, staff);
    const three = async () => [1, 2, 3].map(async (i) => ({ name: `证书${i}`, img: await upload(t, u) }));
    const cert = await Promise.all(await three());
    const experience = await Promise.all(
      [1, 2, 3].map(async (i) => ({ name: `项目${i}`, address: `地址${i}`, img: await upload(t, u) })),
    );
    expect((await put(u, id, await cardForm(t, u, { cert, experience }))).json().status).toBe(1);
    const row = (await call('GET', `/api/recruit/card/${id}/edit`, u.auth)).json().data;
    expect(row.cert).toEqual(cert);
    expect(row.experience).toEqual(experience);
    expect((await put(u, id, await cardForm(t, u, { cert: [], experience: [] }))).json().status).toBe(1);
    expect(await t.db.select().from(jobCardCerts).where(eq(jobCardCerts.cardId, id))).toHaveLength(0);
    expect(await t.db.select().from(jobCardExperiences).where(eq(jobCardExperiences.cardId, id))).toHaveLength(0);
  });
});

describe('job cards: the console and the operators hall', () => {
  it('the queue filters by status, category and keyword; staff only', async () => {
    const u = await verifiedUser(t, { name: '队列测试机手' });
    const id = await publishCard(t, u, staff, undefined, {
      resume_category: [13],
      content: '熟练操作混凝土泵车，参与过多个高层建筑浇筑项目',
    });
    expect((await call('GET', '/api/admin/job-cards', u.auth)).statusCode).toBe(403);
    const q = async (qs: string) => (await call('GET', `/api/admin/job-cards?${qs}`, staff.auth)).json().data;
    const pending = await q('status=1&size=100');
    expect(pending.data.map((r: { id: number }) => r.id)).toContain(id);
    const row = pending.data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      user_id: u.user.id,
      member: { username: '队列测试机手' },
      phone: u.phone,
      audit_status: 1,
    });
    expect((await q('status=1&category=13&size=100')).data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await q('status=0&keyword=高层建筑&size=100')).data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await q('status=0&keyword=虎丘 泵车&size=100')).data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await q('status=2&keyword=高层建筑')).total).toBe(0);
  });

  it('the hall shows passed cards only, by category and region, paginated; the card page and its meta; one not public answers its own 求职卡已下架', async () => {
    const a = await verifiedUser(t, { name: '哈尔滨王师傅' });
    const b = await verifiedUser(t);
    const c = await verifiedUser(t);
    const pa = await publishCard(t, a, staff, 'approve', {
      resume_category: [11, 10],
      province: 23,
      city: 2301,
      area: 230102,
      address: '中山路1号',
    });
    const pb = await publishCard(t, b, staff, 'approve', {
      resume_category: [11],
      province: 23,
      city: 2302,
      area: 230202,
      address: '龙华路2号',
    });
    const pc = await publishCard(t, c, staff, 'reject', {
      resume_category: [11],
      province: 23,
      city: 2301,
      area: 230102,
    });
    const hall = async (qs: string) => (await call('GET', `/api/site/job?${qs}`)).json().data;
    const ids = async (qs: string) => (await hall(qs)).data.map((r: { id: number }) => r.id);
    expect(await ids('category=11')).toEqual([pb, pa]);
    expect(await ids('category=10')).toEqual([pa]);
    expect(await ids('category=11&city=2301')).toEqual([pa]);
    expect(await ids('category=11&province=23')).toEqual([pb, pa]);
    expect(await ids('province=23')).toEqual([pb, pa]);
    expect(await ids('city=2302')).toEqual([pb]);
    expect(await ids('province=11&city=2302')).toEqual([]);
    expect(await ids('category=11&size=1&page=2')).toEqual([pa]);
    expect((await hall('category=11&size=1')).total).toBe(2);
    const one = (await hall('category=10')).data[0];
    expect(one).toMatchObject({
      id: pa,
      resume_category_v: '摊铺机、平地机',
      member: { username: '哈尔滨王师傅' },
      phone_mask: `${a.phone.slice(0, 3)}****${a.phone.slice(-4)}`,
      cert: expect.any(Array),
      experience: expect.any(Array),
    });
    expect(one).not.toHaveProperty('audit_reason');
    // the hall's page (one statement) shows a card as its own page does: certificates, experiences, counters, operator
    expect(one).toEqual((await call('GET', `/api/site/job/${pa}`)).json().data);
    expect(one.cert.length).toBeGreaterThan(0);
    expect(await hall('category=11&size=1&page=9')).toMatchObject({ total: 2, data: [] });
    expect(JSON.stringify(one)).not.toContain(a.phone);
    // the public page: passed only
    expect((await call('GET', `/api/site/job/${pa}`)).json().data.id).toBe(pa);
    for (const id of [pc, 999_999]) {
      const res = await call('GET', `/api/site/job/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 0, msg: '该求职卡已下架或尚未通过审核', code: 'CARD_NOT_PUBLIC' });
    }
    // search engines: each page its own title and description, the sitemap lists passed cards
    const page = await call('GET', `/site/job/${pa}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<title>摊铺机、平地机机手求职 · 驾龄3-5年 · 黑龙江省哈尔滨市道里区 - 机手大厅 - 机租通</title>',
    );
    expect(page.body).toContain('<meta name="description" content="本人有十年挖掘机操作经验');
    // a card that is not public (or none): its own title and text, not the listing's 设备已下架
    for (const id of [pc, 999_999]) {
      const hidden = await call('GET', `/site/job/${id}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).toContain('noindex');
      expect(hidden.body).toContain('<title>求职卡已下架 - 机手大厅 - 机租通</title>');
      expect(hidden.body).toContain('<meta name="description" content="该求职卡已下架或尚未通过审核"');
      expect(hidden.body).not.toContain('设备已下架');
    }
    expect((await call('GET', '/site/job?category=11')).body).toContain(
      '<title>摊铺机机手求职 - 机手大厅 - 机租通</title>',
    );
    expect((await call('GET', '/site/job')).body).toContain('<title>机手大厅 - 机租通</title>');
    const map = (await call('GET', '/sitemap.xml')).body;
    expect(map).toContain(`/site/job/${pa}</loc>`);
    expect(map).not.toContain(`/site/job/${pc}</loc>`);
  });

  it('every page of the hall walks an index, newest first, without a sort', async () => {
    const { hallStatements } = await import('./jobcard.repo');
    for (const q of [
      { category: 3 },
      { category: 3, province: 32 },
      { category: 3, city: 3205 },
      {},
      { province: 32 },
      { city: 3205 },
    ]) {
      const plan = await t.db.transaction(async (tx) => {
        // a small table tempts the planner to scan and sort: with that priced out, the plan shows whether an index gives the order
        for (const k of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
          await tx.execute(sql.raw(`set local ${k} = off`));
        const res = (await tx.execute(
          sql`explain ${hallStatements(tx, { page: 1, size: 10, ...q }).ids}`,
        )) as unknown as {
          rows: Record<string, string>[];
        };
        return res.rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan, JSON.stringify(q)).toMatch(/Index/);
      expect(plan, JSON.stringify(q)).not.toMatch(/Sort/);
    }
  });
});
