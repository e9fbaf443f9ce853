import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pageTotal } from '../../db/prepared';
import { writeWithAudit, type TAuditValues } from '../audit/audit.repo';
import { readRows, rowDecoder } from '../../db/json-rows';
import { containsPattern } from '../../db/like';
import { rentalOrderLines, rentalOrders } from './order.tables';
import { rowsWhere } from '../../db/rows';

const decodeOrder = rowDecoder(rentalOrders);
const decodeLine = rowDecoder(rentalOrderLines);

/** SQL of rental orders: the services own the rules; this file only reads and writes rows. */
export type TOrderRowDb = typeof rentalOrders.$inferSelect;
export type TOrderLineDb = typeof rentalOrderLines.$inferSelect;
export type TOrderSide = 'tenant' | 'provider';

export async function findOrder(db: Executor, id: number): Promise<TOrderRowDb | null> {
  const [row] = await readRows<{ o: Record<string, unknown> }>(
    db,
    'order.byId',
    'select to_json(o) as o from rental_orders o where o.id = $1',
    [id],
  );
  return row ? decodeOrder(row.o) : null;
}

/** The order under a row lock: the side's transitions and line edits do not interleave. */
export async function lockOrder(tx: Executor, id: number): Promise<TOrderRowDb | null> {
  // one fixed text, named on PostgreSQL even inside the transaction (NamingClient): no query is built for it
  const [row] = await readRows<{ o: Record<string, unknown> }>(
    tx,
    'order.lock',
    'select to_json(o) as o from rental_orders o where o.id = $1 for update',
    [id],
  );
  return row ? decodeOrder(row.o) : null;
}

/**
 * A line edit's start: the order of line `lineId` under its row lock, marked changed (updated_at) by the same
 * statement (an UPDATE locks the row as FOR UPDATE does and returns its latest version); null when there is no such
 * line. The caller's rules run after it: a refusal rolls the mark back with the transaction.
 */
export async function touchOrderOfLine(tx: Executor, lineId: number): Promise<TOrderRowDb | null> {
  const [row] = await readRows<{ o: Record<string, unknown> }>(
    tx,
    'order.touchOfLine',
    'update rental_orders o set updated_at = now() where o.id = (select l.order_id from rental_order_lines l where l.id = $1) returning to_json(o) as o',
    [lineId],
  );
  return row ? decodeOrder(row.o) : null;
}

/** Compare-and-set on the status read under the lock; null when it changed meanwhile. */
export async function updateOrder(
  tx: Executor,
  id: number,
  fromStatus: number,
  set: Partial<typeof rentalOrders.$inferInsert>,
): Promise<TOrderRowDb | null> {
  const [row] = await tx
    .update(rentalOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(rentalOrders.id, id), eq(rentalOrders.status, fromStatus)))
    .returning();
  return row ?? null;
}

export function linesOf(db: Executor, orderIds: number[]): Promise<TOrderLineDb[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return rowsWhere(db, rentalOrderLines, inArray(rentalOrderLines.orderId, orderIds), {
    orderBy: [asc(rentalOrderLines.orderId), asc(rentalOrderLines.id)],
  });
}

/** The offers among `offerIds` whose order was made already (an order per offer: unique offer_id). */
export async function offersWithOrders(db: Executor, offerIds: number[]): Promise<Set<number | null>> {
  return new Set(
    (
      await db
        .select({ offerId: rentalOrders.offerId })
        .from(rentalOrders)
        .where(inArray(rentalOrders.offerId, offerIds))
    ).map((r) => r.offerId),
  );
}

/** A draft order of a bidding's offer; null when the offer has its order already (a concurrent completion). */
export async function insertDraftOrder(
  db: Executor,
  v: typeof rentalOrders.$inferInsert,
): Promise<{ id: number; sn: string } | null> {
  const [row] = await db
    .insert(rentalOrders)
    .values(v)
    .onConflictDoNothing()
    .returning({ id: rentalOrders.id, sn: rentalOrders.sn });
  return row ?? null;
}

export async function insertOrderLines(db: Executor, rows: (typeof rentalOrderLines.$inferInsert)[]): Promise<void> {
  await db.insert(rentalOrderLines).values(rows);
}

/** The orders of a bidding: id, number, provider and status. */
export function ordersOfBidding(db: Executor, biddingId: number) {
  return db
    .select({
      id: rentalOrders.id,
      sn: rentalOrders.sn,
      providerCompanyId: rentalOrders.providerCompanyId,
      status: rentalOrders.status,
    })
    .from(rentalOrders)
    .where(eq(rentalOrders.biddingId, biddingId));
}

/** A line of an order with the number of lines the order has (read under the order's lock: the line as it is now). */
export async function findLine(
  db: Executor,
  orderId: number,
  lineId: number,
): Promise<(TOrderLineDb & { lines: number }) | null> {
  const [row] = await readRows<{ l: Record<string, unknown>; lines: number }>(
    db,
    'order.line',
    'select to_json(l) as l, (select count(*)::int from rental_order_lines c where c.order_id = l.order_id) as lines from rental_order_lines l where l.id = $1 and l.order_id = $2',
    [lineId, orderId],
  );
  return row ? { ...decodeLine(row.l), lines: row.lines } : null;
}
/** A line's new values and the audit row of the edit, in one statement. */
export async function updateLine(
  tx: Executor,
  lineId: number,
  v: { num: number; price: number; rate: number; taxTotal: number; enterDate: string },
  audit: TAuditValues,
) {
  await writeWithAudit(
    tx,
    'order.lineUpdate',
    'update rental_order_lines set num = $2, price = $3, rate = $4, tax_total = $5, enter_date = $6 where id = $1',
    [lineId, v.num, v.price, v.rate, v.taxTotal, v.enterDate],
    audit,
  );
}
/** Removes a line, with the audit row of the removal, in one statement. */
export async function deleteLine(tx: Executor, lineId: number, audit: TAuditValues) {
  await writeWithAudit(tx, 'order.lineDelete', 'delete from rental_order_lines where id = $1', [lineId], audit);
}

export interface TOrderFilter {
  side: TOrderSide;
  companyId: number;
  statuses?: number[];
  sn?: string;
  projectName?: string;
  /** the other party's company name */
  company?: string;
  projectAddress?: string;
  from?: Date;
  to?: Date;
}

// ---------- the views' reads, one statement each (db/json-rows.ts) ----------

/** A request line's (or a comprehensive project's) requirement fields, as order.view's TReqSource. */
const reqJson = (t: string) =>
  `'paymentType', ${t}.payment_type, 'time', ${t}.time, 'age', ${t}.age, 'driver', ${t}.driver, 'inout', ${t}.inout, 'oil', ${t}.oil, 'boarding', ${t}.boarding`;

/**
 * What an order's rows and detail show beside the order `o` itself, as JSON values of the caller's statement: its
 * lines with their request lines' requirements (`lines`: {l, bl}), its bidding's number and requirements (`bidding`),
 * both parties' names and flags (`parties`). order.view's orderPartsOf reads them.
 */
export const ORDER_PARTS_SQL =
  `(select coalesce(json_agg(json_build_object('l', to_json(l), 'bl', case when bl.id is null then null else json_build_object(${reqJson('bl')}) end) order by l.id), '[]'::json) ` +
  `from rental_order_lines l left join bidding_lines bl on bl.id = l.bidding_line_id where l.order_id = o.id) as lines, ` +
  `(select json_build_object('id', b.id, 'sn', b.sn, ${reqJson('b')}) from biddings b where b.id = o.bidding_id) as bidding, ` +
  `(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'status', c.status, 'super', c.super, 'finance', c.finance, 'type', c.type)), '[]'::json) ` +
  `from companies c where c.id in (o.tenant_company_id, o.provider_company_id)) as parties`;

export type TOrderJsonRow = { o: Record<string, unknown> } & Record<string, unknown>;

/**
 * The order `id` (`to_json(o)` as `o`) with the caller's other columns over it (`extra`: SQL of the select list, its
 * parameters from $2 on), in one named statement; null when there is no such order. The caller checks the side.
 */
export async function readOrderWith(
  db: Executor,
  name: string,
  extra: string,
  id: number,
  values: unknown[] = [],
): Promise<TOrderJsonRow | null> {
  const [row] = await readRows<TOrderJsonRow>(
    db,
    name,
    `select to_json(o) as o, ${extra} from rental_orders o where o.id = $1`,
    [id, ...values],
  );
  return row ?? null;
}

/** An order as its pages' lists need it beside their rows: whose it is, and what a settlement row shows of it. */
export type TOrderScope = Pick<
  TOrderRowDb,
  | 'id'
  | 'sn'
  | 'tenantCompanyId'
  | 'providerCompanyId'
  | 'projectName'
  | 'tenantContacts'
  | 'tenantTel'
  | 'providerContacts'
  | 'providerTel'
> & { submitted: boolean };
type TOrderScopeRow = {
  id: number;
  sn: string;
  tenant_company_id: number;
  provider_company_id: number;
  submitted: boolean;
  project_name: string;
  tenant_contacts: string;
  tenant_tel: string;
  provider_contacts: string;
  provider_tel: string;
};

/**
 * readOrderWith for a list of the order's records (contracts, machines, settlements): the order's TOrderScope as plain
 * columns instead of its whole row as JSON (about 20 µs of the database's CPU per request, and the parse of it here).
 */
export async function readOrderScopeWith(
  db: Executor,
  name: string,
  extra: string,
  id: number,
  values: unknown[] = [],
): Promise<{ o: TOrderScope; row: Record<string, unknown> } | null> {
  const [row] = await readRows<TOrderScopeRow & Record<string, unknown>>(
    db,
    name,
    `select o.id, o.sn, o.tenant_company_id, o.provider_company_id, o.submitted_at is not null as submitted, o.project_name, o.tenant_contacts, o.tenant_tel, o.provider_contacts, o.provider_tel, ${extra} from rental_orders o where o.id = $1`,
    [id, ...values],
  );
  if (!row) return null;
  const o: TOrderScope = {
    id: row.id,
    sn: row.sn,
    tenantCompanyId: row.tenant_company_id,
    providerCompanyId: row.provider_company_id,
    submitted: row.submitted,
    projectName: row.project_name,
    tenantContacts: row.tenant_contacts,
    tenantTel: row.tenant_tel,
    providerContacts: row.provider_contacts,
    providerTel: row.provider_tel,
  };
  return { o, row };
}

/** The WHERE of a side's filtered list, as SQL text over rental_orders (no alias), its parameters appended to `values`; and a key of its shape. */
function filterText(f: TOrderFilter, values: unknown[]): { where: string; key: string } {
  const own = f.side === 'tenant' ? 'tenant_company_id' : 'provider_company_id';
  const other = f.side === 'tenant' ? 'provider_company_id' : 'tenant_company_id';
  const p = (v: unknown) => `$${values.push(v)}`;
  const where = [`${own} = ${p(f.companyId)}`];
  const key: string[] = [f.side];
  if (f.side === 'provider') where.push('submitted_at is not null');
  if (f.statuses) {
    // the tabs' statuses are the code's small numbers (the query's status is a validated integer): literals, so that
    // the index on (company, status, id) is chosen by the plan of the statement itself
    const list = f.statuses.map((n) => Math.trunc(Number(n)));
    where.push(`status in (${list.join(', ')})`);
    key.push(`s${list.join('_')}`);
  }
  const like = (col: string, v: string | undefined, k: string) => {
    if (!v) return;
    where.push(`${col} ilike ${p(containsPattern(v))}`);
    key.push(k);
  };
  like('sn', f.sn, 'sn');
  like('project_name', f.projectName, 'pn');
  like('project_address', f.projectAddress, 'pa');
  if (f.company) {
    where.push(
      `exists (select 1 from companies where companies.id = rental_orders.${other} and companies.name ilike ${p(containsPattern(f.company))})`,
    );
    key.push('co');
  }
  if (f.from) {
    where.push(`created_at >= ${p(f.from.toISOString())}::timestamptz`);
    key.push('from');
  }
  if (f.to) {
    where.push(`created_at <= ${p(f.to.toISOString())}::timestamptz`);
    key.push('to');
  }
  return { where: where.join(' and '), key: key.join('.') };
}

/**
 * A list row of an order (order.view's orderListRows): the columns the list shows, the bidding's number, both parties'
 * names and the lines as [product_id, model, num, unit, tax_total] in line order. Nothing of the detail: the list does
 * not show the order's invoicing, payee or requirements, and building them as JSON cost the database more than all the
 * rest of the statement (`npm run bench`: 357 against 160 µs of backend CPU for a page of 5).
 */
export type TOrderListRow = {
  id: number;
  sn: string;
  bidding_id: number | null;
  offer_id: number | null;
  classify: number;
  status: number;
  provider_status: number;
  project_name: string;
  project_address: string;
  reason: string;
  return_reason: string;
  /** JSON text of the timestamp: the same on PostgreSQL and PGlite */
  created_at: string;
  bidding_sn: string | null;
  tenant_name: string | null;
  provider_name: string | null;
  lines: [productId: number, model: string, num: number, unit: number, taxTotal: number][] | null;
};

const LIST_COLUMNS =
  `o.id, o.sn, o.bidding_id, o.offer_id, o.classify, o.status, o.provider_status, o.project_name, o.project_address, o.reason, o.return_reason, ` +
  `to_json(o.created_at) as created_at, b.sn as bidding_sn, t.name as tenant_name, v.name as provider_name, ` +
  `(select json_agg(json_build_array(l.product_id, l.model, l.num, l.unit, l.tax_total) order by l.id) from rental_order_lines l where l.order_id = o.id) as lines`;

/**
 * A page of a side's list (TOrderListRow), newest first, in one statement: the page's ids and total on the side's
 * index first, then the rows for those ids only, with their bidding and both companies.
 */
export async function pageOrderList(
  db: Executor,
  f: TOrderFilter,
  page: number,
  size: number,
): Promise<{ rows: TOrderListRow[]; total: number }> {
  const values: unknown[] = [];
  const { where, key } = filterText(f, values);
  const offset = (page - 1) * size;
  const n = values.length;
  const text =
    `select ${LIST_COLUMNS}, p.total from ` +
    `(select id, (count(*) over ())::int as total from rental_orders where ${where} order by id desc limit $${n + 1} offset $${n + 2}) p ` +
    `join rental_orders o on o.id = p.id left join biddings b on b.id = o.bidding_id ` +
    `left join companies t on t.id = o.tenant_company_id left join companies v on v.id = o.provider_company_id order by o.id desc`;
  const rows = await readRows<TOrderListRow & { total: number }>(db, `order.list.${key}`, text, [
    ...values,
    size,
    offset,
  ]);
  const total = await pageTotal(rows, offset, async () => {
    const [r] = await readRows<{ n: number }>(
      db,
      `order.count.${key}`,
      `select count(*)::int as n from rental_orders where ${where}`,
      values,
    );
    return Number(r?.n ?? 0);
  });
  return { rows, total };
}

/**
 * Every row of a side's filtered list (the same WHERE as the list's page, filterText), newest first, in batches by id
 * (keyset: no OFFSET, flat at any size).
 */
export async function* iterateOrders(db: Executor, f: TOrderFilter, batch = 500): AsyncGenerator<TOrderRowDb[]> {
  let before = 2_147_483_647;
  const values: unknown[] = [];
  const { where, key } = filterText(f, values);
  const n = values.length;
  const text = `select to_json(rental_orders) as o from rental_orders where ${where} and id < $${n + 1} order by id desc limit $${n + 2}`;
  for (;;) {
    const rows = (
      await readRows<{ o: Record<string, unknown> }>(db, `order.iterate.${key}`, text, [...values, before, batch])
    ).map((r) => decodeOrder(r.o));
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1].id;
  }
}
