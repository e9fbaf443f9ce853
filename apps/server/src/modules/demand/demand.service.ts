import { and, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { hallCountCap } from '@jizu/shared/constants/site';
import { DEMAND_MACHINE, DEMAND_STATE, DEMAND_STATE_TEXT, demandOps } from '@jizu/shared/constants/demand';
import { nextStatus, transitionOf } from '@jizu/shared/rules/machine';
import { demandRules } from '@jizu/shared/messages/demand';
import { fmt } from '@jizu/shared/messages/fmt';
import { maskPhone } from '@jizu/shared/rules/mask';
import type { TDemandPublic, TDemandQuery, TDemandRow, TDemandSave } from '@jizu/shared/schemas/demand';
import { inTx, type DB, type Executor } from '../../db/client';
import { cappedTotal, pageTotal, pageOf } from '../../db/prepared';
import { arrayRow, readRows, sqlFromText } from '../../db/json-rows';
import { AppError, invalid } from '../../platform/errors';
import { recordAudit, PLATFORM_ACTOR, type TActor } from '../audit/audit.service';
import { createMessage } from '../message/message.service';
import { cityInProvince, isRegionPath, productChains, productNames, regionNames } from '../region/region.service';
import { companyNameSql, findCompanyNames } from '../company/company.service';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { quickDemands } from './demand.tables';

type TDemand = typeof quickDemands.$inferSelect;
const AUDIT = 'quick_demand';
const DAY = 86_400_000;

/** A passed demand whose valid days are over reads as ended, whether or not the job has run. */
const effectiveState = (d: Pick<TDemand, 'state' | 'expiresAt'>, now = Date.now()) =>
  d.state === DEMAND_STATE.passed && d.expiresAt && d.expiresAt.getTime() <= now ? DEMAND_STATE.ended : d.state;

async function names(db: Executor, rows: TDemand[]) {
  const products = await productNames(
    db,
    rows.map((r) => r.productId),
  );
  const regions = await regionNames(
    db,
    rows.flatMap((r) => [r.province, r.city, r.area]),
  );
  return { products, regions };
}

/** What a demand's row shows: its columns but the owner's user and contact, and the approval and creation times. */
type TDemandShown = Omit<TDemand, 'companyId' | 'userId' | 'contacts' | 'tel' | 'approvedAt' | 'createdAt'>;
/**
 * The list's row as a JSON array of the columns it shows (db/json-rows.ts arrayRow): not to_json of the whole row,
 * which carries the contacts the list never shows; the two times as JSON writes them (ISO 8601), made Dates after.
 */
const DEMAND_ROW = arrayRow<
  Omit<TDemandShown, 'updatedAt' | 'expiresAt'> & { updatedAt: string; expiresAt: string | null }
>({
  id: 'd.id',
  categoryId: 'd.category_id',
  groupId: 'd.group_id',
  productId: 'd.product_id',
  num: 'd.num',
  time: 'd.time',
  real: 'd.real',
  remark: 'd.remark',
  address: 'd.address',
  province: 'd.province',
  city: 'd.city',
  area: 'd.area',
  lng: 'd.lng',
  lat: 'd.lat',
  state: 'd.state',
  noLeaseReason: 'd.no_lease_reason',
  updatedAt: 'd.updated_at',
  expiresAt: 'd.expires_at',
});

function view(d: TDemandShown, n: Awaited<ReturnType<typeof names>>): TDemandRow {
  const state = effectiveState(d);
  const p = n.products.get(d.productId);
  return {
    id: d.id,
    eq_name: p?.product ?? '',
    label: p?.category ?? '',
    name: p?.product ?? '',
    category: d.categoryId,
    group: d.groupId,
    product: d.productId,
    num: d.num,
    time: d.time,
    real: d.real,
    remark: d.remark,
    address: d.address,
    region_v: [d.province, d.city, d.area].map((id) => n.regions.get(id) ?? '').join(''),
    province: d.province,
    city: d.city,
    area: d.area,
    lng: d.lng,
    lat: d.lat,
    state,
    state_v: DEMAND_STATE_TEXT[state] ?? '',
    no_lease_reason: state === DEMAND_STATE.rejected ? d.noLeaseReason : '',
    update_time: shanghaiDateTime(d.updatedAt),
    expire_date: d.expiresAt ? shanghaiDate(d.expiresAt) : '',
    op: demandOps(state),
  };
}

async function checkChain(db: Executor, v: TDemandSave) {
  if (!(await isRegionPath(db, v.province, v.city, v.area))) invalid('area', demandRules.regionRequired);
  const p = (await productChains(db, [v.product])).get(v.product);
  if (!p || p.groupId !== v.group || p.categoryId !== v.category) invalid('product', demandRules.productBad);
}

const fields = (v: TDemandSave) => ({
  categoryId: v.category,
  groupId: v.group,
  productId: v.product,
  num: v.num,
  time: v.time,
  real: v.real,
  remark: v.remark,
  province: v.province,
  city: v.city,
  area: v.area,
  address: v.address,
  lng: v.lng ?? null,
  lat: v.lat ?? null,
});

async function requireOwn(db: Executor, companyId: number, id: number): Promise<TDemand> {
  const [d] = await db
    .select()
    .from(quickDemands)
    .where(and(eq(quickDemands.id, id), eq(quickDemands.companyId, companyId)))
    .limit(1);
  if (!d) throw new AppError('DEMAND_NOT_FOUND');
  return d;
}
/** The status after the owner's action on the demand at its effective state (DEMAND_MACHINE), or null when refused. */
const ownerNext = (d: TDemand, action: 'edit' | 'close') =>
  nextStatus(DEMAND_MACHINE, { status: effectiveState(d) }, action, 'owner');

export async function createDemand(
  db: DB,
  actor: TActor,
  companyId: number,
  user: { id: number; phone: string; name: string },
  v: TDemandSave,
) {
  await checkChain(db, v);
  return inTx(db, async (tx) => {
    const state = nextStatus(DEMAND_MACHINE, { status: null }, 'submit', 'owner')!;
    const [d] = await tx
      .insert(quickDemands)
      .values({ ...fields(v), companyId, userId: user.id, contacts: user.name.slice(0, 20), tel: user.phone, state })
      .returning();
    await recordAudit(tx, actor, { entity: AUDIT, entityId: d.id, action: 'submit', from: null, to: state });
    return { id: d.id };
  });
}

/** PUT: an edit goes back to review (修改), compare-and-set on the state read. */
export async function updateDemand(db: DB, actor: TActor, companyId: number, id: number, v: TDemandSave) {
  await checkChain(db, v);
  await inTx(db, async (tx) => {
    const d = await requireOwn(tx, companyId, id);
    const to = ownerNext(d, 'edit');
    if (to === null) throw new AppError('DEMAND_STATE');
    const [row] = await tx
      .update(quickDemands)
      .set({ ...fields(v), state: to, noLeaseReason: '', approvedAt: null, expiresAt: null, updatedAt: new Date() })
      .where(and(eq(quickDemands.id, id), eq(quickDemands.state, d.state)))
      .returning();
    if (!row) throw new AppError('DEMAND_STATE');
    await recordAudit(tx, actor, { entity: AUDIT, entityId: id, action: 'edit', from: d.state, to });
  });
}

/** 关闭: an unreviewed or passed demand ends (3). */
export async function closeDemand(db: DB, actor: TActor, companyId: number, id: number) {
  await inTx(db, async (tx) => {
    const d = await requireOwn(tx, companyId, id);
    const to = ownerNext(d, 'close');
    if (to === null) throw new AppError('DEMAND_STATE');
    const [row] = await tx
      .update(quickDemands)
      .set({ state: to, updatedAt: new Date() })
      .where(and(eq(quickDemands.id, id), eq(quickDemands.state, d.state)))
      .returning();
    if (!row) throw new AppError('DEMAND_STATE');
    await recordAudit(tx, actor, { entity: AUDIT, entityId: id, action: 'close', from: d.state, to });
  });
}

export async function deleteDemand(db: DB, actor: TActor, companyId: number, id: number) {
  await inTx(db, async (tx) => {
    const d = await requireOwn(tx, companyId, id);
    if (!transitionOf(DEMAND_MACHINE, { status: effectiveState(d) }, 'delete', 'owner'))
      throw new AppError('DEMAND_STATE');
    const gone = await tx
      .delete(quickDemands)
      .where(and(eq(quickDemands.id, id), eq(quickDemands.state, d.state)))
      .returning({ id: quickDemands.id });
    if (!gone.length) throw new AppError('DEMAND_STATE');
    await recordAudit(tx, actor, { entity: AUDIT, entityId: id, action: 'delete', from: d.state, to: null });
  });
}

/** The condition of a state as it reads (a passed demand past its days is ended). */
/**
 * A state tab's condition over quick_demands as SQL text, its parameters through `p`: a passed demand past its days
 * reads as ended. The lists' named reads use the text; Drizzle's queries the same text (stateCond).
 */
function stateText(state: number, p: (v: unknown) => string): string {
  const { passed, ended } = DEMAND_STATE;
  if (state === passed)
    return `(quick_demands.state = ${passed} and (quick_demands.expires_at is null or quick_demands.expires_at > ${p(new Date().toISOString())}::timestamptz))`;
  if (state === ended)
    return `(quick_demands.state = ${ended} or (quick_demands.state = ${passed} and quick_demands.expires_at <= ${p(new Date().toISOString())}::timestamptz))`;
  return `quick_demands.state = ${p(state)}`;
}
function stateCond(state: number): SQL {
  const values: unknown[] = [];
  return sqlFromText(
    stateText(state, (v) => `$${values.push(v)}`),
    values,
  );
}

export async function listDemands(db: Executor, companyId: number, q: TDemandQuery) {
  // one named statement (db/json-rows.ts): the page's ids and total on the company's index, then the rows with their
  // product and category names; its text varies with the filters present, not with their values
  const values: unknown[] = [];
  const p = (v: unknown) => `$${values.push(v)}`;
  const where = [`company_id = ${p(companyId)}`];
  const key: string[] = [];
  if (q.state !== -1) {
    where.push(stateText(q.state, p));
    key.push(q.state === DEMAND_STATE.passed ? 'passed' : q.state === DEMAND_STATE.ended ? 'ended' : 'st');
  }
  for (const [k, col] of [
    ['province', 'province'],
    ['city', 'city'],
    ['category', 'category_id'],
  ] as const) {
    if (!q[k]) continue;
    where.push(`${col} = ${p(q[k])}`);
    key.push(k);
  }
  const offset = (q.page - 1) * q.size;
  const n = values.length;
  const text =
    `select json_build_array(${DEMAND_ROW.sql}) as d, p.total ` +
    `from (select id, (count(*) over ())::int as total from quick_demands where ${where.join(' and ')} order by id desc limit $${n + 1} offset $${n + 2}) p ` +
    `join quick_demands d on d.id = p.id order by d.id desc`;
  const paged = await readRows<{ d: unknown[]; total: number }>(db, `demand.list.${key.join('.')}`, text, [
    ...values,
    q.size,
    offset,
  ]);
  const total = await pageTotal(paged, offset, async () => {
    const [r] = await readRows<{ n: number }>(
      db,
      `demand.count.${key.join('.')}`,
      `select count(*)::int as n from quick_demands where ${where.join(' and ')}`,
      values,
    );
    return Number(r?.n ?? 0);
  });
  const rows = paged.map((r): TDemandShown => {
    const d = DEMAND_ROW.of(r.d);
    return { ...d, updatedAt: new Date(d.updatedAt), expiresAt: d.expiresAt === null ? null : new Date(d.expiresAt) };
  });
  // the products' names from the catalogue the process holds (reference data, as regions): a join per row cost the
  // statement a fifth of its database time
  const [products, regions] = await Promise.all([
    productNames(
      db,
      rows.map((r) => r.productId),
    ),
    regionNames(
      db,
      rows.flatMap((r) => [r.province, r.city, r.area]),
    ),
  ]);
  return { data: rows.map((r) => view(r, { products, regions })), total };
}

export async function getDemand(db: Executor, companyId: number, id: number) {
  const d = await requireOwn(db, companyId, id);
  return view(d, await names(db, [d]));
}

/* The admin's review queue. */
export async function pageReviewQueue(db: Executor, state: number, page: number, size: number) {
  const cond = state === -1 ? undefined : stateCond(state);
  const { rows, total: n } = await pageOf(db, quickDemands, {
    where: cond,
    orderBy: [desc(quickDemands.id)],
    offset: (page - 1) * size,
    limit: size,
  });
  const [nm, companies] = await Promise.all([
    names(db, rows),
    findCompanyNames(
      db,
      rows.map((r) => r.companyId),
    ),
  ]);
  return {
    data: rows.map((r) => ({
      ...view(r, nm),
      company_name: companies.get(r.companyId) ?? '',
      contacts: r.contacts,
      tel: r.tel,
    })),
    total: Number(n),
  };
}

export async function reviewDemand(db: DB, actor: TActor, id: number, action: 'approve' | 'reject', reason: string) {
  await inTx(db, async (tx) => {
    const [d] = await tx.select().from(quickDemands).where(eq(quickDemands.id, id)).limit(1);
    if (!d) throw new AppError('DEMAND_NOT_FOUND');
    const to = nextStatus(DEMAND_MACHINE, { status: d.state }, action, 'staff');
    if (to === null) throw new AppError('DEMAND_STATE');
    const now = new Date();
    const [row] = await tx
      .update(quickDemands)
      .set(
        action === 'approve'
          ? { state: to, approvedAt: now, expiresAt: new Date(now.getTime() + d.real * DAY), updatedAt: now }
          : { state: to, noLeaseReason: reason, updatedAt: now },
      )
      .where(and(eq(quickDemands.id, id), eq(quickDemands.state, d.state)))
      .returning();
    if (!row) throw new AppError('DEMAND_STATE');
    await recordAudit(tx, actor, { entity: AUDIT, entityId: id, action, from: d.state, to, reason });
    const nm = await names(tx, [d]);
    const what = `${nm.products.get(d.productId)?.product ?? ''} ${d.num}台（${d.address}）`;
    await createMessage(tx, {
      userId: d.userId,
      title: action === 'approve' ? '快速需求审核通过' : '快速需求审核未通过',
      content:
        action === 'approve'
          ? fmt('您发布的快速需求「{what}」已通过审核，将在需求大厅展示{days}天。', { what, days: d.real })
          : fmt('您发布的快速需求「{what}」未通过审核，原因：{reason}。', { what, reason }),
    });
  });
}

/* The public demand hall. */
export type TDemandHallQuery = { page: number; size: number; province?: number; city?: number; category?: number };

/** The hall's two statements for a query: the page's rows and the count (the bench prints their plans). */
export function hallStatements(db: Executor, q: TDemandHallQuery) {
  const where: (SQL | undefined)[] = [stateCond(DEMAND_STATE.passed)];
  // a city alone, on its own index (its province is in its id; see the bidding hall)
  if (q.city)
    where.push(q.province && !cityInProvince(q.city, q.province) ? sql`false` : eq(quickDemands.city, q.city));
  else if (q.province) where.push(eq(quickDemands.province, q.province));
  if (q.category) where.push(eq(quickDemands.categoryId, q.category));
  const cond = and(...where);
  // counted up to the cap only: an exact count of every passed demand grows with the table
  const cap = hallCountCap(q.page, q.size);
  const counted = db.select({ n: count() }).from(
    db
      .select({ one: sql<number>`1`.as('one') })
      .from(quickDemands)
      .where(cond)
      .orderBy(desc(quickDemands.id))
      .limit(cap)
      .as('m'),
  );
  return {
    cap,
    // the page in one statement: each row with its company's name and the capped count
    rows: db
      .select({
        d: quickDemands,
        companyName: sql<string | null>`${sql.raw(companyNameSql(`"quick_demands"."company_id"`))}`,
        total: sql<number>`(${counted})`,
      })
      .from(quickDemands)
      .where(cond)
      .orderBy(desc(quickDemands.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    // for a page past the end, whose rows cannot carry it
    count: counted,
  };
}

export async function pageHall(db: Executor, q: TDemandHallQuery) {
  const st = hallStatements(db, q);
  const rows = await st.rows;
  const counted = await cappedTotal(rows, st.cap, async () => Number((await st.count)[0].n));
  const companies = new Map(rows.map((r) => [r.d.companyId, r.companyName ?? '']));
  return {
    data: await publicViews(
      db,
      rows.map((r) => r.d),
      false,
      companies,
    ),
    ...counted,
  };
}

async function publicViews(
  db: Executor,
  rows: TDemand[],
  member: boolean,
  companyNames?: Map<number, string>,
): Promise<TDemandPublic[]> {
  const [nm, companies] = await Promise.all([
    names(db, rows),
    companyNames ??
      findCompanyNames(
        db,
        rows.map((r) => r.companyId),
      ),
  ]);
  return rows.map((r) => {
    const { op: _op, no_lease_reason: _r, ...v } = view(r, nm);
    // the contact is for members of a company on the platform; the public sees the masked phone
    return {
      ...v,
      company_v: companies.get(r.companyId) ?? '',
      contacts: member ? r.contacts : `${[...r.contacts][0] ?? ''}**`,
      tel: member ? r.tel : maskPhone(r.tel),
    };
  });
}

export async function publicDemand(db: Executor, id: number, member: boolean) {
  const [d] = await db.select().from(quickDemands).where(eq(quickDemands.id, id)).limit(1);
  if (!d) throw new AppError('DEMAND_NOT_FOUND');
  if (effectiveState(d) !== DEMAND_STATE.passed) throw new AppError('DEMAND_NOT_PUBLIC');
  return (await publicViews(db, [d], member))[0];
}

/** The expiry job: passed demands past their valid days move to ended (3), one statement, audit per row. */
export async function endExpiredDemands(db: DB, now = new Date()): Promise<number> {
  return inTx(db, async (tx) => {
    const rows = await tx
      .update(quickDemands)
      .set({ state: DEMAND_STATE.ended, updatedAt: now })
      .where(and(eq(quickDemands.state, DEMAND_STATE.passed), lte(quickDemands.expiresAt, now)))
      .returning({ id: quickDemands.id });
    const to = nextStatus(DEMAND_MACHINE, { status: DEMAND_STATE.passed }, 'expire', 'system');
    for (const r of rows)
      await recordAudit(tx, PLATFORM_ACTOR, {
        entity: AUDIT,
        entityId: r.id,
        action: 'expire',
        from: DEMAND_STATE.passed,
        to,
      });
    return rows.length;
  });
}

export const sitemapDemands = (db: Executor, limit: number) =>
  db
    .select({ id: quickDemands.id, at: quickDemands.updatedAt })
    .from(quickDemands)
    .where(stateCond(DEMAND_STATE.passed))
    .orderBy(desc(quickDemands.id))
    .limit(limit);
