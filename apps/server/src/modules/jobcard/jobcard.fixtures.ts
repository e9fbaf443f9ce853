import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { personAuths } from '../../db/schema';
import { multipart, seedUser, type createTestApp } from '../../test/harness';

/** What the job-card and feedback tests share: verified users, their uploads, a valid card form. */
export type TT = Awaited<ReturnType<typeof createTestApp>>;
export type TUser = Awaited<ReturnType<typeof seedUser>>;
type H = Record<string, string>;

export const call = (
  t: TT,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: H = {},
  payload?: object,
) => t.app.inject({ method, url, headers, payload });

/** A user with a passed personal verification. */
export async function verifiedUser(t: TT, opts: Parameters<typeof seedUser>[1] = {}) {
  const u = await seedUser(t.db, opts);
  await t.db.insert(personAuths).values({
    userId: u.user.id,
    name: '张三',
    card: 'sealed',
    cardMask: '110***********1234',
    cardIndex: `idx-${u.user.id}`,
    cardFace: '/f.png',
    cardBack: '/b.png',
    status: 1,
  });
  return u;
}

/** An image of kind recruit uploaded by the user (a colour of its own, so no two uploads are the same file). */
export async function upload(t: TT, u: TUser, url = '/api/recruit/upload'): Promise<string> {
  const png = await sharp({
    create: {
      width: 24,
      height: 24,
      channels: 3,
      background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
    },
  })
    .png()
    .toBuffer();
  const body = await multipart([{ name: 'image', value: png, filename: 'c.png', type: 'image/png' }]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...u.auth, ...body.headers },
    payload: body.payload,
  });
  const json = res.json();
  if (json.status !== 1) throw new Error(`upload failed: ${res.body}`);
  return json.data.path as string;
}

/** A valid card form: two categories, a certificate and an experience with the user's own images. */
export async function cardForm(t: TT, u: TUser, over: Record<string, unknown> = {}) {
  return {
    resume_category: [1, 2],
    resume_driving_age: 3,
    content: '本人有十年挖掘机操作经验，熟悉卡特320、小松200等机型，能吃苦耐劳。',
    province: 32,
    city: 3205,
    area: 320505,
    address: '科技城锦峰路158号',
    cert: [{ name: '挖掘机操作证', img: await upload(t, u) }],
    experience: [{ name: '苏州地铁五号线土方工程', address: '苏州市虎丘区', img: await upload(t, u) }],
    ...over,
  };
}

/** Publishes a card and lets staff decide it: 'approve' (2), 'reject' (5) or leave it pending (1). */
export async function publishCard(
  t: TT,
  u: TUser,
  staff: TUser,
  decide?: 'approve' | 'reject',
  over: Record<string, unknown> = {},
): Promise<number> {
  const res = (await call(t, 'POST', '/api/recruit/card', u.auth, await cardForm(t, u, over))).json();
  if (res.status !== 1) throw new Error(`publish failed: ${JSON.stringify(res)}`);
  if (decide)
    await call(
      t,
      'POST',
      `/api/admin/job-cards/${res.data.id}/review`,
      staff.auth,
      decide === 'approve' ? { action: 'approve' } : { action: 'reject', reason: '证书照片不清晰' },
    );
  return res.data.id;
}
