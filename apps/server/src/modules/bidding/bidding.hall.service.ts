import { and, count, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import {
  BIDDING_CLASSIFY_TEXT,
  BIDDING_SHOW,
  BIDDING_STATUS,
  OFFER_MACHINE,
  OFFER_STATUS,
} from '@jizu/shared/constants/bidding';
import { transitionOf } from '@jizu/shared/rules/machine';
import { hallCountCap } from '@jizu/shared/constants/site';
import type { Executor } from '../../db/client';
import { cappedTotal } from '../../db/prepared';
import { cityInProvince, productNames, regionNames } from '../region/region.service';
import { companyNameSql } from '../company/company.service';
import { keywordQuery } from '../../platform/grams';
import { biddingLines, biddings } from './bidding.tables';
import { biddingBaseView, biddingHref } from './bidding.view';
import { findBidding, requirePublicBidding, deadlinePassed, PUBLIC_BIDDING_STATUSES } from './bidding.access';

/* ----------------------------------------------------------------------------------------------------------------
 * The public bidding hall.
 * ------------------------------------------------------------------------------------------------------------- */

export type THallQuery = {
  page: number;
  size: number;
  kw?: string;
  category?: number;
  province?: number;
  city?: number;
};

/** The hall's two statements for a query: the page's rows and the count (the bench prints their plans). */
export function hallStatements(db: Executor, q: THallQuery) {
  const where: SQL[] = [eq(biddings.status, BIDDING_STATUS.responding)];
  // a city alone, on its own index: its province is in its id (GB/T 2260 codes: 3205 is in 32); the planner, taking
  // the two as independent, would misjudge the rows and pick a bitmap of the whole hall
  if (q.city) where.push(q.province && !cityInProvince(q.city, q.province) ? sql`false` : eq(biddings.city, q.city));
  else if (q.province) where.push(eq(biddings.province, q.province));
  if (q.kw) {
    // on the hall's GIN index of character grams, then each term re-checked in the normalised text
    const k = keywordQuery(q.kw);
    if (k.grams.length) where.push(sql`${biddings.searchGrams} @> ${`{${k.grams.join(',')}}`}::int4[]`);
    for (const t of k.terms) where.push(sql`strpos(${biddings.searchBody}, ${t}) > 0`);
  }
  if (q.category)
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(biddingLines)
          .where(and(eq(biddingLines.biddingId, biddings.id), eq(biddingLines.categoryId, q.category))),
      ),
    );
  const cond = and(...where);
  // counted up to the cap only: an exact count of every responding project grows with the table
  const cap = hallCountCap(q.page, q.size);
  const counted = db.select({ n: count() }).from(
    db
      .select({ one: sql<number>`1`.as('one') })
      .from(biddings)
      .where(cond)
      .orderBy(desc(biddings.id))
      .limit(cap)
      .as('m'),
  );
  return {
    cap,
    // the page in one statement: what a card shows only (not the search text and grams), with the company's name, the
    // lines' products, the responses and the capped count as values of each row
    rows: db
      .select({
        id: biddings.id,
        sn: biddings.sn,
        name: biddings.name,
        classify: biddings.classify,
        show: biddings.show,
        companyId: biddings.companyId,
        province: biddings.province,
        city: biddings.city,
        endTime: biddings.endTime,
        companyName: sql<string | null>`${sql.raw(companyNameSql(`"biddings"."company_id"`))}`,
        productIds: sql<
          number[]
        >`array(select l.product_id from ${biddingLines} l where l.bidding_id = ${biddings.id} order by l.no)`,
        responses: sql<number>`(select count(*)::int from bidding_offers f where f.bidding_id = ${biddings.id} and f.status <> ${sql.raw(String(OFFER_STATUS.withdrawn))})`,
        total: sql<number>`(${counted})`,
      })
      .from(biddings)
      .where(cond)
      .orderBy(desc(biddings.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    // for a page past the end, whose rows cannot carry it
    count: counted,
  };
}

export async function pageHall(db: Executor, q: THallQuery) {
  const st = hallStatements(db, q);
  const rows = await st.rows;
  const counted = await cappedTotal(rows, st.cap, async () => Number((await st.count)[0].n));
  // the catalogue's and the regions' names are reference data, read once per process
  const [products, regions] = await Promise.all([
    productNames(
      db,
      rows.flatMap((r) => r.productIds ?? []),
    ),
    regionNames(
      db,
      rows.flatMap((r) => [r.province, r.city]),
    ),
  ]);
  const devicesOf = (ids: number[] | null) =>
    [...new Set((ids ?? []).flatMap((id) => (products.has(id) ? [products.get(id)!.product] : [])))].join('、');
  return {
    data: rows.map((b) => ({
      id: b.id,
      sn: b.sn,
      name: b.name,
      classify_v: BIDDING_CLASSIFY_TEXT[b.classify] ?? '',
      company_v: b.show === BIDDING_SHOW.public ? (b.companyName ?? '') : '某企业',
      region_v: `${regions.get(b.province) ?? ''}${regions.get(b.city) ?? ''}`,
      end_time: b.endTime,
      devices: devicesOf(b.productIds),
      response_com_count: Number(b.responses ?? 0),
      href: biddingHref(b.id),
    })),
    ...counted,
  };
}

/** GET /site/bidding/:id: the public page of a responding, cut-off or completed project. */
export async function publicBidding(db: Executor, publicUrl: string, id: number) {
  const b = await requirePublicBidding(db, id);
  const view = await biddingBaseView(db, b, { publicUrl, full: false });
  const open = transitionOf(
    OFFER_MACHINE,
    { status: null, bidding_status: b.status, deadline_passed: deadlinePassed(b.endTime) },
    'respond',
    'provider',
  );
  return { ...view, respond_url: open ? `/response/create/${b.id}` : '' };
}

export async function biddingMeta(db: Executor, id: number) {
  const b = await findBidding(db, id);
  if (!b || !PUBLIC_BIDDING_STATUSES.includes(b.status)) return null;
  return {
    title: b.name,
    description: `${BIDDING_CLASSIFY_TEXT[b.classify]}，报价截止 ${b.endTime}。${b.remark.slice(0, 80)}`,
  };
}

export async function sitemapBiddings(db: Executor, limit: number) {
  return db
    .select({ id: biddings.id, at: biddings.updatedAt })
    .from(biddings)
    .where(eq(biddings.status, BIDDING_STATUS.responding))
    .orderBy(desc(biddings.id))
    .limit(limit);
}
