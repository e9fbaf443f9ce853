import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { BIDDING_SHOW, OFFER_STATUS } from '@jizu/shared/constants/bidding';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from './bidding.tables';
import { belowId, pageTotal, totalOver } from '../../db/prepared';
import { rowWhere, rowsWhere, wholeRow } from '../../db/rows';

export type TOfferRow = typeof biddingOffers.$inferSelect;
export type TOfferLineRow = typeof biddingOfferLines.$inferSelect;
export type TOfferLineInsert = typeof biddingOfferLines.$inferInsert;

export async function findOffer(db: Executor, id: number, lock = false): Promise<TOfferRow | null> {
  const row = await rowWhere(db, biddingOffers, eq(biddingOffers.id, id), { lock: lock ? 'update' : undefined });
  return row ?? null;
}

/** The one offer of a company on a project (withdrawn ones included: they bar a new response). */
export async function findCompanyOffer(db: Executor, companyId: number, biddingId: number): Promise<TOfferRow | null> {
  const row = await rowWhere(
    db,
    biddingOffers,
    and(eq(biddingOffers.biddingId, biddingId), eq(biddingOffers.companyId, companyId)),
  );
  return row ?? null;
}

/**
 * Reads the bidding's status under a share lock: a concurrent cut-off (an UPDATE of the row) waits for this transaction,
 * and its offer-status sync then sees the offer written here; a cut-off that committed first is seen here.
 */
export async function lockBiddingShared(tx: Executor, biddingId: number) {
  const [row] = await rowsWhere(tx, biddings, eq(biddings.id, biddingId), { lock: 'share' });
  return row ?? null;
}

export async function insertOffer(tx: Executor, v: typeof biddingOffers.$inferInsert): Promise<TOfferRow> {
  const [row] = await tx.insert(biddingOffers).values(v).returning();
  return row;
}

export async function replaceOfferLines(tx: Executor, offerId: number, rows: TOfferLineInsert[]): Promise<void> {
  await tx.delete(biddingOfferLines).where(eq(biddingOfferLines.offerId, offerId));
  if (rows.length) await tx.insert(biddingOfferLines).values(rows);
}

export async function updateOfferContact(
  tx: Executor,
  id: number,
  v: { contacts: string; tel: string; remark: string; userId: number },
): Promise<TOfferRow | null> {
  const [row] = await tx
    .update(biddingOffers)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(biddingOffers.id, id), eq(biddingOffers.status, OFFER_STATUS.responding)))
    .returning();
  return row ?? null;
}

/** 1 → 6, compare-and-set: a second click finds nothing to change. */
export async function withdrawOffer(tx: Executor, id: number): Promise<TOfferRow | null> {
  const now = new Date();
  const [row] = await tx
    .update(biddingOffers)
    .set({ status: OFFER_STATUS.withdrawn, withdrawnAt: now, updatedAt: now })
    .where(and(eq(biddingOffers.id, id), eq(biddingOffers.status, OFFER_STATUS.responding)))
    .returning();
  return row ?? null;
}

export function loadOfferLines(db: Executor, offerId: number): Promise<TOfferLineRow[]> {
  return rowsWhere(db, biddingOfferLines, eq(biddingOfferLines.offerId, offerId), {
    orderBy: [asc(biddingOfferLines.lineId)],
  });
}

/** Σ num and Σ (tax_total × num + inout) per offer: the company's own totals (TotalNum, TotalMoney). */
export async function offerTotals(
  db: Executor,
  offerIds: number[],
): Promise<Map<number, { num: number; money: number }>> {
  if (!offerIds.length) return new Map();
  const rows = await db
    .select({
      id: biddingOfferLines.offerId,
      num: sql<string>`coalesce(sum(${biddingOfferLines.num}), 0)`,
      money: sql<string>`coalesce(sum(${biddingOfferLines.taxTotal}::bigint * ${biddingOfferLines.num} + ${biddingOfferLines.inoutPrice}), 0)`,
    })
    .from(biddingOfferLines)
    .where(inArray(biddingOfferLines.offerId, offerIds))
    .groupBy(biddingOfferLines.offerId);
  return new Map(rows.map((r) => [r.id, { num: Number(r.num), money: Number(r.money) }]));
}

export interface TOfferFilter {
  status: number;
  address?: string;
  company?: string;
  /** the export's keyset batches (platform/export.ts keysetPages) */
  before?: number;
}

/** The company's responses, newest first, on bidding_offers_company_idx (company, status, id). */
export async function pageCompanyOffers(db: Executor, companyId: number, f: TOfferFilter, page: number, size: number) {
  const addr = f.address ? containsPattern(f.address) : null;
  const com = f.company ? containsPattern(f.company) : null;
  const where = and(
    eq(biddingOffers.companyId, companyId),
    f.status > 0 ? eq(biddingOffers.status, f.status) : undefined,
    addr ? ilike(biddings.address, addr) : undefined,
    // a hidden tenant's name is not searchable: a match would reveal it
    com ? and(ilike(companies.name, com), eq(biddings.show, BIDDING_SHOW.public)) : undefined,
    belowId(biddingOffers.id, f.before),
  );
  const offset = (page - 1) * size;
  const rows = await db
    .select({ o: wholeRow(biddingOffers), b: wholeRow(biddings), tenant: companies.name, total: totalOver() })
    .from(biddingOffers)
    .innerJoin(biddings, eq(biddings.id, biddingOffers.biddingId))
    .innerJoin(companies, eq(companies.id, biddings.companyId))
    .where(where)
    .orderBy(desc(biddingOffers.id))
    .limit(size)
    .offset(offset);
  const total = await pageTotal(rows, offset, async () => {
    const [r] = await db
      .select({ n: count() })
      .from(biddingOffers)
      .innerJoin(biddings, eq(biddings.id, biddingOffers.biddingId))
      .innerJoin(companies, eq(companies.id, biddings.companyId))
      .where(where);
    return Number(r.n);
  });
  return { rows, total };
}

/** A company's responses on the platform (not withdrawn) and how many of them were selected. */
export async function companyOfferStats(
  db: Executor,
  companyId: number,
): Promise<{ responses: number; selected: number }> {
  const [r] = await db
    .select({
      responses: count(),
      selected: sql<string>`count(*) filter (where ${biddingOffers.status} = ${OFFER_STATUS.selected})`,
    })
    .from(biddingOffers)
    .where(and(eq(biddingOffers.companyId, companyId), ne(biddingOffers.status, OFFER_STATUS.withdrawn)));
  return { responses: Number(r?.responses ?? 0), selected: Number(r?.selected ?? 0) };
}

export async function findLine(db: Executor, id: number) {
  const row = await rowWhere(db, biddingLines, eq(biddingLines.id, id));
  return row ?? null;
}
