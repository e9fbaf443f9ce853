import {
  CARD_END_ACTION,
  CARD_HISTORY_STATES,
  CARD_LIVE_STATES,
  CARD_MACHINE,
  CARD_STATUS,
  CARD_STATUS_LABEL,
  cardOps,
  isCardSearching,
  optionName,
  type TCardAction,
} from '@jizu/shared/constants/recruit';
import { nextStatus, statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import { SITE } from '@jizu/shared/constants/site';
import { jobcardTexts as J } from '@jizu/shared/messages/recruit';
import { fmt } from '@jizu/shared/messages/fmt';
import { maskPhone } from '@jizu/shared/rules/mask';
import type {
  TCardAdminRow,
  TJobCardPublic,
  TJobCardRow,
  TJobCardSave,
  TJobHallQuery,
} from '@jizu/shared/schemas/jobcard';
import { inTx, type DB, type Executor } from '../../db/client';
import { cappedTotal } from '../../db/prepared';
import type { TDeps } from '../../platform/deps';
import { AppError, invalid, isUniqueViolation } from '../../platform/errors';
import { indexText, keywordQuery } from '../../platform/grams';
import { recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { createMessage } from '../message/message.service';
import type { TLabourTarget } from '../recruit/labour';
import { regionChain, regionNames } from '../region/region.service';
import { ownUploadPath } from '../upload/upload.service';
import { isPersonVerified } from '../verify/verify.service';
import { labourCounters } from './feedback.service';
import * as repo from './jobcard.repo';

/**
 * Operators' job cards (spec/3 §2 "Job card list", §3, §4, §5): publishing needs personal verification; a user has one
 * live card at a time (CARD_LIVE_STATES) and a history of ended ones; every change follows CARD_MACHINE, is a
 * compare-and-set on the status read, and is audited. Staff review it; the owner gets a system message.
 */
const AUDIT = 'job_card';
type TCard = repo.TCard;

const categoryNames = (ids: number[]) =>
  ids
    .map((id) => optionName('category', id))
    .filter(Boolean)
    .join('、');

/** What a page of cards needs besides the rows: region names, certificates, experiences, counters. */
async function extras(db: Executor, rows: TCard[]) {
  const ids = rows.map((r) => r.id);
  const [regions, certs, exps, counters] = await Promise.all([
    regionNames(
      db,
      rows.flatMap((r) => [r.province, r.city, r.area]),
    ),
    repo.certsOf(db, ids),
    repo.experiencesOf(db, ids),
    labourCounters(db, 'card', ids),
  ]);
  return { regions, certs, exps, counters };
}

function view(c: TCard, x: Awaited<ReturnType<typeof extras>>): TJobCardRow {
  const n = x.counters.get(c.id);
  return {
    id: c.id,
    resume_category: c.categories.join(','),
    resume_category_ids: c.categories,
    resume_category_v: categoryNames(c.categories),
    resume_driving_age: c.drivingAge,
    resume_driving_age_v: optionName('dage', c.drivingAge),
    content: c.content,
    province: c.province,
    city: c.city,
    area: c.area,
    region_v: [c.province, c.city, c.area].map((id) => x.regions.get(id) ?? '').join(''),
    address: c.address,
    lng: c.lng,
    lat: c.lat,
    audit_status: c.status,
    audit_status_v: CARD_STATUS_LABEL[c.status] ?? '',
    audit_reason: c.status === CARD_STATUS.rejected ? c.auditReason : '',
    browse_num: n?.browse_num ?? 0,
    comment_num: n?.comment_num ?? 0,
    like_num: n?.like_num ?? 0,
    create_time: shanghaiDateTime(c.createdAt),
    update_time: shanghaiDateTime(c.updatedAt),
    view_url: SITE.job(c.id),
    cert: x.certs.get(c.id) ?? [],
    experience: x.exps.get(c.id) ?? [],
    option: cardOps(c.status),
  };
}

async function views(db: Executor, rows: TCard[]) {
  const x = await extras(db, rows);
  return rows.map((r) => view(r, x));
}

async function requireVerified(db: Executor, userId: number) {
  if (!(await isPersonVerified(db, userId))) throw new AppError('CARD_NEED_AUTH');
}

/**
 * The checks of a form beyond its schema: a real region chain, and every image an upload of kind recruit by this user
 * (an address of someone else's upload, or not ours at all, is refused). Answers the stored fields.
 */
async function checkForm(deps: Pick<TDeps, 'db' | 'config'>, userId: number, v: TJobCardSave) {
  const chain = await regionChain(deps.db, v.province, v.city, v.area);
  if (!chain) invalid('area', J.regionBad);
  const own = async (field: string, address: string) =>
    (await ownUploadPath(deps, userId, address, ['recruit'])) ?? fail(field);
  const fail = (field: string): never => {
    throw new AppError('CARD_IMAGE_BAD', undefined, { errors: [{ field, msg: J.imageBad }] });
  };
  const cert = [];
  for (const [i, c] of v.cert.entries()) cert.push({ name: c.name, img: await own(`cert.${i}.img`, c.img) });
  const experience = [];
  for (const [i, e] of v.experience.entries())
    experience.push({ name: e.name, address: e.address, img: await own(`experience.${i}.img`, e.img) });
  const search = indexText([
    v.content,
    v.address,
    chain!.province_v,
    chain!.city_v,
    chain!.area_v,
    categoryNames(v.resume_category),
  ]);
  const fields: repo.TCardFields = {
    categories: v.resume_category,
    drivingAge: v.resume_driving_age,
    content: v.content,
    province: v.province,
    city: v.city,
    area: v.area,
    address: v.address,
    lng: v.lng ?? null,
    lat: v.lat ?? null,
    searchBody: search.body,
    searchGrams: search.grams,
  };
  return { fields, cert, experience };
}

/** The one live card per user is held by a unique index: a second one at the same time is refused the same way. */
async function liveGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CARD_LIVE_EXISTS');
    throw e;
  }
}

/** POST /recruit/card: publish a card (待审核). */
export async function createCard(deps: Pick<TDeps, 'db' | 'config'>, actor: TActor, userId: number, v: TJobCardSave) {
  const db = deps.db;
  await requireVerified(db, userId);
  if (await repo.findLiveCard(db, userId)) throw new AppError('CARD_LIVE_EXISTS');
  const f = await checkForm(deps, userId, v);
  return liveGuard(() =>
    inTx(db, async (tx) => {
      const status = nextStatus(CARD_MACHINE, { status: null }, 'submit', 'owner')!;
      const c = await repo.insertCard(tx, { ...f.fields, userId, status });
      await repo.replaceCerts(tx, c.id, f.cert);
      await repo.replaceExperiences(tx, c.id, f.experience);
      await recordAudit(tx, actor, { entity: AUDIT, entityId: c.id, action: 'submit', from: null, to: status });
      return { id: c.id };
    }),
  );
}

async function requireOwn(db: Executor, userId: number, id: number): Promise<TCard> {
  const c = await repo.findOwnCard(db, userId, id);
  if (!c) throw new AppError('CARD_NOT_FOUND');
  return c;
}

/** Whether the side's action on the card is allowed now (CARD_MACHINE), else the one refusal CARD_STATE. */
function mustAllow(c: TCard, action: TCardAction, who: 'owner' | 'staff' = 'owner') {
  const t = transitionOf(CARD_MACHINE, c, action, who);
  if (!t) throw new AppError('CARD_STATE');
  return t;
}

/** Moves a card by its table from the status read (compare-and-set), keeps the hall in step and audits it. */
async function move(
  tx: Executor,
  actor: TActor,
  c: TCard,
  action: TCardAction,
  set: Partial<repo.TCardInsert> = {},
  reason?: string,
  who: 'owner' | 'staff' = 'owner',
) {
  const to = statusAfter(mustAllow(c, action, who), c.status);
  const row = await repo.updateCardFrom(tx, c.id, c.status, { ...set, status: to });
  if (!row) throw new AppError('CARD_STATE');
  await repo.syncHall(tx, row);
  // the trail names both endings as the one 结束 the owner chose
  await recordAudit(tx, actor, {
    entity: AUDIT,
    entityId: c.id,
    action: action === 'found' || action === 'close' ? 'end' : action,
    from: c.status,
    to,
    reason,
  });
  return row;
}

/** PUT /recruit/card/{id} with the form: an edit (from 1, 2 or 5) goes (back) to review. */
export async function updateCard(
  deps: Pick<TDeps, 'db' | 'config'>,
  actor: TActor,
  userId: number,
  id: number,
  v: TJobCardSave,
) {
  const db = deps.db;
  const c = await requireOwn(db, userId, id);
  mustAllow(c, 'edit');
  await requireVerified(db, userId);
  const f = await checkForm(deps, userId, v);
  await inTx(db, async (tx) => {
    await move(tx, actor, c, 'edit', { ...f.fields, auditReason: '', approvedAt: null });
    await repo.replaceCerts(tx, id, f.cert);
    await repo.replaceExperiences(tx, id, f.experience);
  });
}

/** PUT /recruit/card/{id} {type: 'end', sta}: a searching card ends as found a job (3) or closed (4). */
export async function endCard(db: DB, actor: TActor, userId: number, id: number, sta: 3 | 4) {
  const c = await requireOwn(db, userId, id);
  await inTx(db, (tx) => move(tx, actor, c, CARD_END_ACTION[sta], { endedAt: new Date() }));
}

/** PUT /recruit/card/{id} {type: 'republish'}: an ended card goes back to review, if no other card is live. */
export async function republishCard(db: DB, actor: TActor, userId: number, id: number) {
  const c = await requireOwn(db, userId, id);
  mustAllow(c, 'republish');
  await requireVerified(db, userId);
  if (await repo.findLiveCard(db, userId)) throw new AppError('CARD_LIVE_EXISTS');
  await liveGuard(() =>
    inTx(db, (tx) => move(tx, actor, c, 'republish', { auditReason: '', approvedAt: null, endedAt: null })),
  );
}

/** GET /recruit/card: type my (the live card) or history (ended cards), newest first. */
export async function listCards(
  db: Executor,
  userId: number,
  q: { type: 'my' | 'history'; page: number; size: number },
) {
  const states = q.type === 'my' ? [...CARD_LIVE_STATES] : [...CARD_HISTORY_STATES];
  const { rows, total } = await repo.pageOwnCards(db, userId, states, (q.page - 1) * q.size, q.size);
  return { data: await views(db, rows), total };
}

/** GET /recruit/card/{id}/edit: one of the user's own cards. */
export async function getOwnCard(db: Executor, userId: number, id: number): Promise<TJobCardRow> {
  return (await views(db, [await requireOwn(db, userId, id)]))[0];
}

/* The console. */

export async function pageReviewQueue(
  db: Executor,
  q: { status: number; category?: number; keyword?: string; page: number; size: number },
) {
  const k = keywordQuery(q.keyword ?? '');
  const { rows, total } = await repo.pageQueue(db, {
    status: q.status,
    category: q.category,
    grams: k.grams,
    terms: k.terms,
    offset: (q.page - 1) * q.size,
    limit: q.size,
  });
  const [list, people] = await Promise.all([
    views(db, rows),
    repo.usersBrief(
      db,
      rows.map((r) => r.userId),
    ),
  ]);
  const data: TCardAdminRow[] = list.map(({ option: _o, ...v }, i) => {
    const u = people.get(rows[i].userId);
    return {
      ...v,
      audit_reason: rows[i].auditReason,
      user_id: rows[i].userId,
      member: { avatar: u?.avatar ?? '', username: u?.username ?? '' },
      phone: u?.phone ?? '',
    };
  });
  return { data, total };
}

/** Staff approve (1 → 2, into the hall) or reject (1 → 5 with the reason); the owner gets a system message. */
export async function reviewCard(db: DB, actor: TActor, id: number, action: 'approve' | 'reject', reason: string) {
  await inTx(db, async (tx) => {
    const c = await repo.findCard(tx, id);
    if (!c) throw new AppError('CARD_NOT_FOUND');
    const approve = action === 'approve';
    await move(
      tx,
      actor,
      c,
      action,
      approve ? { approvedAt: new Date(), auditReason: '' } : { auditReason: reason },
      reason,
      'staff',
    );
    const category = categoryNames(c.categories);
    await createMessage(tx, {
      userId: c.userId,
      kind: 'job_card',
      title: approve ? J.approvedTitle : J.rejectedTitle,
      content: approve ? fmt(J.approvedBody, { category }) : fmt(J.rejectedBody, { category, reason }),
    });
  });
}

/* The public operators' hall and card page. */

export async function pageHall(db: Executor, q: TJobHallQuery) {
  const page = await repo.hallPage(db, q);
  const counted = await cappedTotal(page.rows.length ? [{ total: page.total ?? 0 }] : [], page.cap, async () =>
    Number((await page.count)[0].n),
  );
  return { data: await publicOf(db, page.rows), ...counted };
}

/** The public view of cards read with their parts (repo.hallPage, repo.cardWithParts): no contact but the masked phone. */
async function publicOf(db: Executor, rows: repo.TCardWithParts[]): Promise<TJobCardPublic[]> {
  const regions = await regionNames(
    db,
    rows.flatMap((r) => [r.card.province, r.card.city, r.card.area]),
  );
  const x = {
    regions,
    certs: new Map(rows.map((r) => [r.card.id, r.certs])),
    exps: new Map(rows.map((r) => [r.card.id, r.exps])),
    counters: new Map(rows.map((r) => [r.card.id, r.counters ?? NO_COUNTS])),
  };
  return rows.map((r) => {
    const { option: _o, audit_reason: _r, lng: _lng, lat: _lat, ...v } = view(r.card, x);
    return {
      ...v,
      member: { avatar: r.user?.avatar ?? '', username: r.user?.username ?? '' },
      phone_mask: maskPhone(r.user?.phone),
    };
  });
}

const NO_COUNTS = { browse_num: 0, comment_num: 0, like_num: 0 };

/** A passed card's public page; any other (or none) answers the not-public 404. */
export async function publicCard(db: Executor, id: number): Promise<TJobCardPublic> {
  const r = await repo.cardWithParts(db, id);
  if (!r || !isCardSearching({ audit_status: r.card.status })) throw new AppError('CARD_NOT_PUBLIC');
  return (await publicOf(db, [r]))[0];
}

export const sitemapCards = repo.sitemapCards;

/** The labour registry's loader of cards (recruit/labour.ts): owner, public while searching, page, region, categories. */
export async function loadCardTargets(db: Executor, ids: number[]): Promise<Map<number, TLabourTarget>> {
  const rows = await repo.cardsByIds(db, ids);
  const regions = await regionNames(
    db,
    rows.flatMap((r) => [r.province, r.city]),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        ownerUserId: r.userId,
        public: isCardSearching({ audit_status: r.status }),
        view_url: SITE.job(r.id),
        address: `${regions.get(r.province) ?? ''}${regions.get(r.city) ?? ''}`,
        resume_category: categoryNames(r.categories),
      },
    ]),
  );
}

/** The labour centre's card figures: the user's cards by status and the counters of all of them. */
export async function cardSummary(db: Executor, userId: number) {
  const rows = await repo.countByStatus(db, userId);
  const counters = await labourCounters(
    db,
    'card',
    rows.flatMap((r) => r.ids),
  );
  const sum = { browse_num: 0, comment_num: 0, like_num: 0 };
  for (const c of counters.values()) {
    sum.browse_num += c.browse_num;
    sum.comment_num += c.comment_num;
    sum.like_num += c.like_num;
  }
  return {
    total: rows.reduce((a, r) => a + Number(r.n), 0),
    by_status: Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)])),
    ...sum,
  };
}

/** Name, avatar and phone of users (comments, the labour centre). */
export const usersBrief = repo.usersBrief;
