import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { hallCountCap } from '@jizu/shared/constants/site';
import { DEMAND_STATE } from '@jizu/shared/constants/demand';
import { maskPhone } from '@jizu/shared/rules/mask';
import type { TDemandPublic } from '@jizu/shared/schemas/demand';
import type { Executor } from '../../db/client';
import { cappedTotal } from '../../db/prepared';
import { AppError } from '../../platform/errors';
import { cityInProvince } from '../region/region.service';
import { companyNameSql, findCompanyNames } from '../company/company.service';
import { quickDemands } from './demand.tables';
import { effectiveState, names, stateCond, view, type TDemand } from './demand.view';
import { wholeRow, rowWhere } from '../../db/rows';

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
        d: wholeRow(quickDemands),
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
  const d = await rowWhere(db, quickDemands, eq(quickDemands.id, id));
  if (!d) throw new AppError('DEMAND_NOT_FOUND');
  if (effectiveState(d) !== DEMAND_STATE.passed) throw new AppError('DEMAND_NOT_PUBLIC');
  return (await publicViews(db, [d], member))[0];
}

export const sitemapDemands = (db: Executor, limit: number) =>
  db
    .select({ id: quickDemands.id, at: quickDemands.updatedAt })
    .from(quickDemands)
    .where(stateCond(DEMAND_STATE.passed))
    .orderBy(desc(quickDemands.id))
    .limit(limit);
