import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { arrayRow } from '../../db/json-rows';
import { pageTotal, pageOf } from '../../db/prepared';
import { orderSettlements, settleInvoices } from './settle.tables';
import { rowsWhere, wholeRow, rowWhere } from '../../db/rows';

/** SQL of settlements and their invoices. */
export type TSettleDb = typeof orderSettlements.$inferSelect;
export type TInvoiceDb = typeof settleInvoices.$inferSelect;

export async function findSettle(db: Executor, orderId: number, id: number): Promise<TSettleDb | null> {
  const row = await rowWhere(
    db,
    orderSettlements,
    and(eq(orderSettlements.id, id), eq(orderSettlements.orderId, orderId)),
  );
  return row ?? null;
}
export async function findSettleById(db: Executor, id: number): Promise<TSettleDb | null> {
  const row = await rowWhere(db, orderSettlements, eq(orderSettlements.id, id));
  return row ?? null;
}
export async function lockSettle(tx: Executor, id: number): Promise<TSettleDb | null> {
  const [row] = await rowsWhere(tx, orderSettlements, eq(orderSettlements.id, id), { lock: 'update' });
  return row ?? null;
}
export async function insertSettle(tx: Executor, v: typeof orderSettlements.$inferInsert): Promise<TSettleDb> {
  const [row] = await tx.insert(orderSettlements).values(v).returning();
  return row;
}
/** Compare-and-set on the fields the caller read (status and the flags it checks); null when any changed. */
export async function updateSettle(
  tx: Executor,
  s: TSettleDb,
  set: Partial<typeof orderSettlements.$inferInsert>,
): Promise<TSettleDb | null> {
  const [row] = await tx
    .update(orderSettlements)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(orderSettlements.id, s.id),
        eq(orderSettlements.status, s.status),
        eq(orderSettlements.providerAffirm, s.providerAffirm),
        eq(orderSettlements.invState, s.invState),
        eq(orderSettlements.leState, s.leState),
      ),
    )
    .returning();
  return row ?? null;
}
export async function pageSettles(db: Executor, orderId: number, status: number, page: number, size: number) {
  const where =
    status === -1
      ? eq(orderSettlements.orderId, orderId)
      : and(eq(orderSettlements.orderId, orderId), eq(orderSettlements.status, status));
  // the total beside the rows: one statement, not two
  const offset = (page - 1) * size;
  const paged = await db
    .select({ s: wholeRow(orderSettlements), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orderSettlements)
    .where(where)
    .orderBy(desc(orderSettlements.id))
    .limit(size)
    .offset(offset);
  const total = await pageTotal(paged, offset, async () =>
    Number((await db.select({ n: count() }).from(orderSettlements).where(where))[0]?.n ?? 0),
  );
  return { rows: paged.map((r) => r.s), total };
}
/** The console's queue: settled, the provider's invoices submitted, the platform's invoice not yet issued. */
export async function pageIssueQueue(db: Executor, page: number, size: number) {
  const where = sql`${orderSettlements.status} = 1 and ${orderSettlements.invState} = 1 and ${orderSettlements.leState} = 0`;
  return pageOf(db, orderSettlements, {
    where,
    orderBy: [desc(orderSettlements.id)],
    offset: (page - 1) * size,
    limit: size,
  });
}
export function invoicesOf(db: Executor, settleIds: number[]): Promise<TInvoiceDb[]> {
  if (!settleIds.length) return Promise.resolve([]);
  return rowsWhere(db, settleInvoices, sql`${settleInvoices.settleId} in ${settleIds}`, {
    orderBy: [settleInvoices.id],
  });
}
export async function insertInvoice(tx: Executor, v: typeof settleInvoices.$inferInsert) {
  const [row] = await tx.insert(settleInvoices).values(v).onConflictDoNothing().returning();
  return row ?? null;
}
export async function updateInvoice(
  tx: Executor,
  settleId: number,
  id: number,
  v: Partial<typeof settleInvoices.$inferInsert>,
) {
  const [row] = await tx
    .update(settleInvoices)
    .set(v)
    .where(and(eq(settleInvoices.id, id), eq(settleInvoices.settleId, settleId)))
    .returning();
  return row ?? null;
}

/**
 * What a settlement's list row shows (viewsOf): its own columns, without the invoice address (rcv_*) and the
 * bookkeeping (created_by, updated_at) the list never shows. Its order and companies are the order's (a settlement is
 * written with its order's companies and never moves), so the list reads those once per page, not once per row.
 */
export type TSettleListRow = Pick<
  TSettleDb,
  | 'id'
  | 'sn'
  | 'orderId'
  | 'tenantCompanyId'
  | 'providerCompanyId'
  | 'settleSn'
  | 'month'
  | 'date'
  | 'taxTotal'
  | 'draftTotal'
  | 'reason'
  | 'serRatioBp'
  | 'serTotal'
  | 'providerTotal'
  | 'attachment'
  | 'status'
  | 'lessorAffirm'
  | 'providerAffirm'
  | 'invState'
  | 'leState'
  | 'leInvNo'
  | 'leInvDate'
> & {
  /** timestamps as the database writes them in JSON (ISO 8601 with offset): the view only formats them */
  createdAt: string;
  confirmedAt: string | null;
  invoicedAt: string | null;
  issuedAt: string | null;
  receivedAt: string | null;
  voidedAt: string | null;
};
/** What an invoice's view shows (invoiceView). */
export type TInvoiceListRow = Pick<
  TInvoiceDb,
  | 'id'
  | 'settleId'
  | 'invoiceType'
  | 'invId'
  | 'invNo'
  | 'invDate'
  | 'invAmount'
  | 'taxRate'
  | 'invTaxAmount'
  | 'verifyNo'
>;

type TOfOrder = 'orderId' | 'tenantCompanyId' | 'providerCompanyId';
/**
 * A settlement's row and an invoice's as JSON arrays of their shown columns (db/json-rows.ts arrayRow): the list's
 * statement's execution went from about 140 to 50 µs for the tenant's page of five, 80 µs for the provider's.
 */
const SETTLE_ROW = arrayRow<Omit<TSettleListRow, TOfOrder>>({
  id: 's.id',
  sn: 's.sn',
  settleSn: 's.settle_sn',
  month: 's.month',
  date: 's.date',
  taxTotal: 's.tax_total',
  draftTotal: 's.draft_total',
  reason: 's.reason',
  serRatioBp: 's.ser_ratio_bp',
  serTotal: 's.ser_total',
  providerTotal: 's.provider_total',
  attachment: 's.attachment',
  status: 's.status',
  lessorAffirm: 's.lessor_affirm',
  providerAffirm: 's.provider_affirm',
  invState: 's.inv_state',
  leState: 's.le_state',
  leInvNo: 's.le_inv_no',
  leInvDate: 's.le_inv_date',
  createdAt: 's.created_at',
  confirmedAt: 's.confirmed_at',
  invoicedAt: 's.invoiced_at',
  issuedAt: 's.issued_at',
  receivedAt: 's.received_at',
  voidedAt: 's.voided_at',
});
const INVOICE_ROW = arrayRow<Omit<TInvoiceListRow, 'settleId'>>({
  id: 'i.id',
  invoiceType: 'i.invoice_type',
  invId: 'i.inv_id',
  invNo: 'i.inv_no',
  invDate: 'i.inv_date',
  invAmount: 'i.inv_amount',
  taxRate: 'i.tax_rate',
  invTaxAmount: 'i.inv_tax_amount',
  verifyNo: 'i.verify_no',
});
type TJsonRow = unknown[];
/** A row of SETTLE_ROW of the order `o` (its id and companies: see TSettleListRow). */
const settleListRowOf = (
  r: TJsonRow,
  o: { id: number; tenantCompanyId: number; providerCompanyId: number },
): TSettleListRow => ({
  ...SETTLE_ROW.of(r),
  orderId: o.id,
  tenantCompanyId: o.tenantCompanyId,
  providerCompanyId: o.providerCompanyId,
});

/**
 * pageSettles with what the views show beside each settlement, as values of the caller's statement over its order
 * `o` (rental_orders): `settles` (the page, newest first, each row SETTLE_ROW's array, then with `invoices` its
 * invoices' INVOICE_ROW arrays), `settle_tn` / `settle_pn` (the names of the order's tenant and provider
 * companies) and `settle_total`. `status`: SQL text of the status, or null for every one. `invoices`: false for the
 * tenant, whose view does not show the provider's invoices. The page is an ARRAY(subquery) in the subquery's order:
 * no aggregate and no second sort (the outer `order by` is the inner one's, which the planner knows: no Sort node).
 * The page is cut in an inner subquery so that only its rows are built: a row's JSON in the select list of the sorted
 * query itself was built for every settlement of the order before the sort and the limit.
 */
export const settlePageSql = (status: string | null, limit: string, offset: string, invoices: boolean) => {
  const where = `order_id = o.id${status === null ? '' : ` and status = ${status}`}`;
  const inv = invoices
    ? `, to_json(array(select json_build_array(${INVOICE_ROW.sql}) from settle_invoices i where i.settle_id = s.id order by i.id))`
    : '';
  return (
    `to_json(array(select json_build_array(${SETTLE_ROW.sql}${inv}) from (select * from order_settlements where ${where} order by id desc limit ${limit} offset ${offset}) s order by s.id desc)) as settles, ` +
    `(select c.name from companies c where c.id = o.tenant_company_id) as settle_tn, (select c.name from companies c where c.id = o.provider_company_id) as settle_pn, ` +
    `(select count(*)::int from order_settlements where ${where}) as settle_total`
  );
};
/** settlePageSql's values over the order `o`: the rows, their invoices (when read), the companies' names (id → name) and the total. */
export function settlePageOf(
  o: { id: number; tenantCompanyId: number; providerCompanyId: number },
  row: Record<string, unknown>,
) {
  const rows: TSettleListRow[] = [];
  const invoices: TInvoiceListRow[] = [];
  for (const r of (row.settles as TJsonRow[] | null) ?? []) {
    const s = settleListRowOf(r, o);
    rows.push(s);
    for (const i of (r[SETTLE_ROW.size] as TJsonRow[] | undefined) ?? [])
      invoices.push({ ...INVOICE_ROW.of(i), settleId: s.id });
  }
  const names = new Map<number, string>();
  if (row.settle_tn !== null) names.set(o.tenantCompanyId, row.settle_tn as string);
  if (row.settle_pn !== null) names.set(o.providerCompanyId, row.settle_pn as string);
  return { rows, invoices, names, total: Number(row.settle_total ?? 0) };
}
