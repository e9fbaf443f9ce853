import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  BID_INVOICE_TYPES,
  BIDDING_CLASSIFY,
  BIDDING_CLASSIFY_TEXT,
  BIDDING_LIMITS,
  BIDDING_STATUS,
  BIDDING_STATUS_TEXT,
  BOARDING_OPTIONS,
  DRIVER_OPTIONS,
  EQUIP_AGES,
  INOUT_OPTIONS,
  NUM_UNITS,
  OIL_OPTIONS,
  PAYMENT_TYPE_TEXT,
  PROJECT_TYPES,
  REGISTERED_ASSETS,
  OFFER_STATUS,
  BIDDING_MACHINE,
  unitOf,
} from '@jizu/shared/constants/bidding';
import { actionsOf, statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import { biddingRules } from '@jizu/shared/messages/bidding';
import type { TBiddingOptions } from '@jizu/shared/schemas/biddingView';
import type { TBiddingListQuery, TBiddingSave, TBiddingTotalSave } from '@jizu/shared/schemas/bidding';
import { inTx, type DB, type Executor } from '../../db/client';
import { anyOf, idsOf, pageTotal, prepared } from '../../db/prepared';
import { readRows } from '../../db/json-rows';
import { containsPattern } from '../../db/like';
import { AppError, invalid } from '../../platform/errors';
import type { TCompanyCtx } from '../../platform/company-context';
import { recordAudit, PLATFORM_ACTOR, type TActor } from '../audit/audit.service';
import { isRegionPath, productChains, productNames } from '../region/region.service';
import { dayEnd, dayStart, shanghaiDateTime, shanghaiDay } from '@jizu/shared/rules/datetime';
import { makeSn } from '../talk/talk.sn';
import { indexText } from '../../platform/grams';
import { biddingLines, biddings } from './bidding.tables';
import { biddingHref, type TBiddingRow } from './bidding.view';
import { requireOwnBidding } from './bidding.access';
import { AUDIT_BIDDING, moveBidding } from './bidding.transition';

const opts = (list: { value: number; label: string }[]) => list.map((o) => ({ value: o.value, label: o.label }));

/** GET /rent/bidding/add: what the forms choose from, and how long the name may be after the company prefix. */
export function biddingOptions(ctx: TCompanyCtx): TBiddingOptions {
  return {
    company_name: ctx.companyName,
    name_max: Math.max(0, BIDDING_LIMITS.nameMax - [...ctx.companyName].length),
    project_types: opts(PROJECT_TYPES),
    payment_types: Object.entries(PAYMENT_TYPE_TEXT).map(([value, label]) => ({ value: Number(value), label })),
    units: opts(NUM_UNITS),
    invoice_types: opts(BID_INVOICE_TYPES),
    registered_assets: opts(REGISTERED_ASSETS),
    ages: opts(EQUIP_AGES),
    drivers: opts(DRIVER_OPTIONS),
    inouts: opts(INOUT_OPTIONS),
    oils: opts(OIL_OPTIONS),
    boardings: opts(BOARDING_OPTIONS),
  };
}

/** Every line's category → group → product chain must be real (the field errors name the line). */
async function checkProducts(db: Executor, lines: { eq_type: number; eq_group: number; eq_product: number }[]) {
  const chain = await productChains(
    db,
    lines.map((l) => l.eq_product),
  );
  lines.forEach((l, i) => {
    const c = chain.get(l.eq_product);
    if (!c || c.groupId !== l.eq_group || c.categoryId !== l.eq_type)
      invalid(`req.${i}.eq_product`, biddingRules.productBad);
  });
}

/** The fields both forms share, checked against the company and the reference data. */
async function commonFields(db: Executor, ctx: TCompanyCtx, v: TBiddingSave | TBiddingTotalSave) {
  const name = `${ctx.companyName}${v.name}`;
  if ([...name].length > BIDDING_LIMITS.nameMax) invalid('name', biddingRules.nameTooLong);
  if (!(await isRegionPath(db, v.province, v.city, v.area))) invalid('area', biddingRules.regionRequired);
  await checkProducts(db, v.req);
  return {
    name,
    contacts: v.contacts,
    tel: v.tel,
    show: v.show,
    endTime: v.end_time,
    type: v.type,
    paymentType: v.payment_type,
    province: v.province,
    city: v.city,
    area: v.area,
    address: v.address,
    lng: v.lng,
    lat: v.lat,
    remark: v.remark,
    invoiceType: v.invoice_type,
    registeredAssets: v.registered_assets,
    other: v.other,
  };
}

type TLineInsert = Omit<typeof biddingLines.$inferInsert, 'biddingId'>;

/** Writes a new project (status 5, in review) or sends a rejected one back to review with its new content. */
async function saveProject(
  db: DB,
  actor: TActor,
  ctx: TCompanyCtx,
  userId: number,
  id: number | undefined,
  fields: Partial<typeof biddings.$inferInsert>,
  lines: TLineInsert[],
): Promise<{ id: number }> {
  return inTx(db, async (tx) => {
    let row: TBiddingRow;
    if (id) {
      const old = await requireOwnBidding(tx, ctx.companyId, id);
      const t = transitionOf(BIDDING_MACHINE, { status: old.status }, 'resubmit', 'owner');
      if (!t || old.classify !== fields.classify) throw new AppError('BIDDING_STATE');
      const to = statusAfter(t, old.status);
      const [upd] = await tx
        .update(biddings)
        .set({ ...fields, status: to, reviewReason: '', updatedAt: new Date() })
        .where(and(eq(biddings.id, id), eq(biddings.status, old.status)))
        .returning();
      if (!upd) throw new AppError('BIDDING_STATE');
      row = upd;
      await tx.delete(biddingLines).where(eq(biddingLines.biddingId, id));
      await recordAudit(tx, actor, { entity: AUDIT_BIDDING, entityId: id, action: 'resubmit', from: old.status, to });
    } else {
      const to = statusAfter(transitionOf(BIDDING_MACHINE, { status: null }, 'submit', 'owner')!, null);
      [row] = await tx
        .insert(biddings)
        .values({
          ...(fields as typeof biddings.$inferInsert),
          sn: makeSn('JJ'),
          companyId: ctx.companyId,
          userId,
          status: to,
        })
        .returning();
      await recordAudit(tx, actor, { entity: AUDIT_BIDDING, entityId: row.id, action: 'submit', from: null, to });
    }
    await tx.insert(biddingLines).values(lines.map((l) => ({ ...l, biddingId: row.id })));
    await refreshBiddingSearch(tx, row.id);
    return { id: row.id };
  });
}

/** The hall's search text of a project (biddings.search_body / search_grams): its name, device names and models. */
export async function refreshBiddingSearch(db: Executor, id: number) {
  const [b] = await db.select({ name: biddings.name }).from(biddings).where(eq(biddings.id, id));
  if (!b) return;
  const lines = await db
    .select({ productId: biddingLines.productId, model: biddingLines.model })
    .from(biddingLines)
    .where(eq(biddingLines.biddingId, id));
  const names = await productNames(
    db,
    lines.map((l) => l.productId),
  );
  // lines of a product the catalogue lacks are left out, as the join with the catalogue left them
  const named = lines.flatMap((l) => (names.has(l.productId) ? [names.get(l.productId)!.product, l.model] : []));
  const { body, grams } = indexText([b.name, ...named]);
  await db.update(biddings).set({ searchBody: body, searchGrams: grams }).where(eq(biddings.id, id));
}

/** Projects written before the hall searched by grams (search_body ''): filled in batches at start; none is quick. */
export async function backfillBiddingSearch(db: DB, batch = 200): Promise<number> {
  let done = 0;
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: biddings.id })
      .from(biddings)
      .where(and(eq(biddings.searchBody, ''), gt(biddings.id, after)))
      .orderBy(asc(biddings.id))
      .limit(batch);
    for (const r of rows) await refreshBiddingSearch(db, r.id);
    done += rows.length;
    if (rows.length < batch) return done;
    after = rows[rows.length - 1].id;
  }
}

/** POST /rent/bidding/save: an itemised project with its lines. */
export async function saveItemised(db: DB, actor: TActor, ctx: TCompanyCtx, userId: number, v: TBiddingSave) {
  const fields = await commonFields(db, ctx, v);
  const lines: TLineInsert[] = v.req.map((l, i) => ({
    no: i + 1,
    categoryId: l.eq_type,
    groupId: l.eq_group,
    productId: l.eq_product,
    model: l.model,
    eqNum: l.eq_num,
    paymentType: l.payment_type,
    num: l.num,
    unit: unitOf(l.payment_type, l.unit),
    time: l.time,
    limit: l.limit,
    age: l.age,
    driver: l.driver,
    inout: l.inout,
    oil: l.oil,
    boarding: l.boarding,
    enterDate: l.enter_date,
    remark: l.remark,
  }));
  return saveProject(db, actor, ctx, userId, v.id, { ...fields, classify: BIDDING_CLASSIFY.itemised }, lines);
}

/** POST /rent/bidding/saveTotal: a comprehensive project; its lines take the block's quantity, cap and terms. */
export async function saveTotal(db: DB, actor: TActor, ctx: TCompanyCtx, userId: number, v: TBiddingTotalSave) {
  const fields = await commonFields(db, ctx, v);
  const unit = unitOf(v.payment_type, v.unit);
  const block = {
    num: v.num,
    unit,
    limit: v.limit,
    time: v.time,
    enterDate: v.enter_date,
    age: v.age,
    driver: v.driver,
    inout: v.inout,
    oil: v.oil,
    boarding: v.boarding,
  };
  const lines: TLineInsert[] = v.req.map((l, i) => ({
    no: i + 1,
    categoryId: l.eq_type,
    groupId: l.eq_group,
    productId: l.eq_product,
    model: l.model,
    eqNum: l.eq_num,
    paymentType: v.payment_type,
    ...block,
  }));
  return saveProject(db, actor, ctx, userId, v.id, { ...fields, ...block, classify: BIDDING_CLASSIFY.total }, lines);
}

/** Product names of several projects' lines, joined (the lists' device column). */
export async function deviceNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const q = prepared(db, 'bidding.lineProducts', (d) =>
    d
      .select({ id: biddingLines.biddingId, productId: biddingLines.productId })
      .from(biddingLines)
      .where(anyOf(biddingLines.biddingId))
      .orderBy(asc(biddingLines.biddingId), asc(biddingLines.no))
      .prepare('bidding.lineProducts'),
  );
  const rows = await q.execute({ ids: idsOf(ids) });
  const names = await productNames(
    db,
    rows.map((r) => r.productId),
  );
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const name = names.get(r.productId)?.product;
    if (name !== undefined) out.set(r.id, [...(out.get(r.id) ?? []), name]);
  }
  return new Map([...out].map(([k, v]) => [k, [...new Set(v)].join('、')]));
}

/** GET /rent/bidding/lst: the company's projects with the tabs and searches of /rent/compete (on biddings_company_*). */
export async function listBiddings(db: Executor, companyId: number, q: TBiddingListQuery & { before?: number }) {
  // one named statement (db/json-rows.ts): the page's ids and total on the company's index, then for those rows only
  // the list's fields, the responding companies and the product names of the lines; its text varies with the filters
  // present, not with their values
  const values: unknown[] = [];
  const p = (v: unknown) => `$${values.push(v)}`;
  const where = [`company_id = ${p(companyId)}`];
  const key: string[] = [];
  const add = (k: string, cond: string) => {
    where.push(cond);
    key.push(k);
  };
  if (q.status !== -1) add('st', `status = ${p(q.status)}`);
  // the export's keyset batches (platform/export.ts keysetPages)
  if (q.before) add('bf', `id < ${p(q.before)}`);
  if (q.sn) add('sn', `sn ilike ${p(containsPattern(q.sn))}`);
  if (q.name) add('nm', `name ilike ${p(containsPattern(q.name))}`);
  if (q.address) add('ad', `address ilike ${p(containsPattern(q.address))}`);
  if (q.create_time_start) add('cs', `created_at >= ${p(dayStart(q.create_time_start).toISOString())}::timestamptz`);
  if (q.create_time_end) add('ce', `created_at <= ${p(dayEnd(q.create_time_end).toISOString())}::timestamptz`);
  if (q.end_time_start) add('es', `end_time >= ${p(q.end_time_start)}::date`);
  if (q.end_time_end) add('ee', `end_time <= ${p(q.end_time_end)}::date`);
  if (q.device) {
    const kw = p(containsPattern(q.device));
    add(
      'dv',
      `exists (select 1 from bidding_lines l join equipment_products ep on ep.id = l.product_id join equipment_groups eg on eg.id = l.group_id ` +
        `join equipment_categories ec on ec.id = l.category_id where l.bidding_id = biddings.id and (ep.name ilike ${kw} or eg.name ilike ${kw} or ec.name ilike ${kw} or l.model ilike ${kw}))`,
    );
  }
  const offset = (q.page - 1) * q.size;
  const n = values.length;
  const text =
    `select b.id, b.sn, b.name, b.classify, b.status, to_json(b.end_time) as end_time, to_json(b.created_at) as created_at, b.review_reason, b.close_reason, b.order_status, p.total, ` +
    `(select count(*)::int from bidding_offers f where f.bidding_id = b.id and f.status <> ${OFFER_STATUS.withdrawn}) as responses, ` +
    // an ARRAY(subquery) in the lines' index order: json_agg(… order by) sorted each row's lines on its own
    `array(select l.product_id from bidding_lines l where l.bidding_id = b.id order by l.no) as devices ` +
    `from (select id, (count(*) over ())::int as total from biddings where ${where.join(' and ')} order by id desc limit $${n + 1} offset $${n + 2}) p ` +
    `join biddings b on b.id = p.id order by b.id desc`;
  type TRow = {
    id: number;
    sn: string;
    name: string;
    classify: number;
    status: number;
    end_time: string;
    created_at: string;
    review_reason: string;
    close_reason: string;
    order_status: number;
    total: number;
    responses: number;
    devices: number[] | null;
  };
  const rows = await readRows<TRow>(db, `bidding.list.${key.join('.')}`, text, [...values, q.size, offset]);
  const total = await pageTotal(rows, offset, async () => {
    const [r] = await readRows<{ n: number }>(
      db,
      `bidding.count.${key.join('.')}`,
      `select count(*)::int as n from biddings where ${where.join(' and ')}`,
      values,
    );
    return Number(r?.n ?? 0);
  });
  // the devices' names from the catalogue the process holds (reference data), not a join per line in the statement
  const names = await productNames(
    db,
    rows.flatMap((b) => b.devices ?? []),
  );
  return {
    data: rows.map((b) => {
      const c = b.responses;
      return {
        id: b.id,
        sn: b.sn,
        name: b.name,
        classify: b.classify,
        classify_v: BIDDING_CLASSIFY_TEXT[b.classify] ?? '',
        status: b.status,
        status_v: BIDDING_STATUS_TEXT[b.status] ?? '',
        end_time: b.end_time,
        create_time: shanghaiDateTime(new Date(b.created_at)),
        response_com_count: c,
        reason:
          b.status === BIDDING_STATUS.rejected
            ? b.review_reason
            : b.status === BIDDING_STATUS.closed
              ? b.close_reason
              : '',
        order_status: b.order_status,
        href: biddingHref(b.id),
        devices: [...new Set((b.devices ?? []).flatMap((id) => names.get(id)?.product ?? []))].join('、'),
        actions: actionsOf(BIDDING_MACHINE, { status: b.status, responses: c, order_status: b.order_status }, 'owner'),
      };
    }),
    total: Number(total),
  };
}

export async function biddingStatus(db: Executor, companyId: number, id: number) {
  return { status: (await requireOwnBidding(db, companyId, id)).status };
}

/** POST /rent/bidding/close: with a reason, unless completed, closed, in review or rejected. */
export async function closeBidding(db: DB, actor: TActor, companyId: number, id: number, reason: string) {
  await inTx(db, async (tx) => {
    const b = await requireOwnBidding(tx, companyId, id);
    await moveBidding(tx, actor, b, 'close', 'owner', { reason, set: { closeReason: reason, finishedAt: new Date() } });
  });
}

/** POST /rent/bidding/advance: early cut-off, while responding and with at least one responding company. */
export async function advanceBidding(db: DB, actor: TActor, companyId: number, id: number) {
  await inTx(db, async (tx) => {
    const b = await requireOwnBidding(tx, companyId, id);
    await moveBidding(tx, actor, b, 'advance', 'owner', { set: { cutoffAt: new Date() } });
  });
}

/* ----------------------------------------------------------------------------------------------------------------
 * The deadline job: responding projects whose end_time is over move to cut-off, with no request.
 * ------------------------------------------------------------------------------------------------------------- */

export async function cutoffDueBiddings(db: DB, now = new Date()): Promise<number> {
  const today = shanghaiDay(0, now.getTime());
  const due = await db
    .select({ id: biddings.id, status: biddings.status })
    .from(biddings)
    .where(and(eq(biddings.status, BIDDING_STATUS.responding), sql`${biddings.endTime} < ${today}`))
    .limit(500);
  let moved = 0;
  for (const b of due) {
    try {
      await inTx(db, (tx) => moveBidding(tx, PLATFORM_ACTOR, b, 'cutoff', 'system', { set: { cutoffAt: now } }));
      moved += 1;
    } catch (e) {
      // another process (or the owner's early cut-off) moved it first: nothing to do
      if (!(e instanceof AppError && e.code === 'BIDDING_STATE')) throw e;
    }
  }
  return moved;
}
