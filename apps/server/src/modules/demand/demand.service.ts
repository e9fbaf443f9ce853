import { and, eq, lte } from 'drizzle-orm';
import { DEMAND_MACHINE, DEMAND_STATE } from '@jizu/shared/constants/demand';
import { nextStatus, transitionOf } from '@jizu/shared/rules/machine';
import { demandRules } from '@jizu/shared/messages/demand';
import type { TDemandQuery, TDemandSave } from '@jizu/shared/schemas/demand';
import { inTx, type DB, type Executor } from '../../db/client';
import { pageTotal } from '../../db/prepared';
import { readRows } from '../../db/json-rows';
import { AppError, invalid } from '../../platform/errors';
import { recordAudit, PLATFORM_ACTOR, type TActor } from '../audit/audit.service';
import { isRegionPath, productChains, productNames, regionNames } from '../region/region.service';
import { quickDemands } from './demand.tables';
import { DEMAND_ROW, effectiveState, names, stateText, view, type TDemand, type TDemandShown } from './demand.view';
import { rowWhere } from '../../db/rows';

export const AUDIT = 'quick_demand';

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
  const d = await rowWhere(db, quickDemands, and(eq(quickDemands.id, id), eq(quickDemands.companyId, companyId)));
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
