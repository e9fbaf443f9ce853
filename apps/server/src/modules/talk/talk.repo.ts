import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { belowId, pageTotal } from '../../db/prepared';
import { companies, inquiries, inquiryResponses, users } from '../../db/schema';
import { rowsWhere, wholeRow, rowWhere } from '../../db/rows';

export type TInquiry = typeof inquiries.$inferSelect;
export type TInquiryInsert = typeof inquiries.$inferInsert;
export type TResponse = typeof inquiryResponses.$inferSelect;

export async function insertInquiry(tx: Executor, v: TInquiryInsert): Promise<TInquiry> {
  const [row] = await tx.insert(inquiries).values(v).returning();
  return row;
}

/** The asking side's display: username for a personal company (type 1), the company's name for an enterprise. */
const fromName = sql<string>`case when ${companies.type} = 1 then ${users.username} else ${companies.name} end`;
const toName = sql<string>`coalesce((select c2.name from companies c2 where c2.id = ${inquiries.toCompanyId}), '')`;
const responsesCount = sql<number>`(select count(*)::int from inquiry_responses r where r.inquiry_id = ${inquiries.id})`;

export type TInquiryListRow = { i: TInquiry; user: string; toName: string; companyName: string; responses: number };

async function page(
  db: Executor,
  where: SQL,
  offset: number,
  limit: number,
): Promise<{ rows: TInquiryListRow[]; total: number }> {
  const rows = await db
    .select({
      i: wholeRow(inquiries),
      user: fromName,
      toName,
      companyName: companies.name,
      responses: responsesCount,
      total: sql<number>`count(*) over ()`,
    })
    .from(inquiries)
    .innerJoin(companies, eq(companies.id, inquiries.fromCompanyId))
    .innerJoin(users, eq(users.id, inquiries.fromUserId))
    .where(where)
    .orderBy(desc(inquiries.id))
    .offset(offset)
    .limit(limit);
  const total = await pageTotal(rows, offset, async () =>
    Number((await db.select({ n: count() }).from(inquiries).where(where))[0].n),
  );
  return { rows, total };
}

const withStatus = (base: SQL, status?: number) =>
  status === undefined ? base : and(base, eq(inquiries.status, status))!;

export function pageSent(
  db: Executor,
  companyId: number,
  toType: number,
  status: number | undefined,
  offset: number,
  limit: number,
  before?: number,
) {
  return page(
    db,
    withStatus(
      and(eq(inquiries.fromCompanyId, companyId), eq(inquiries.toType, toType), belowId(inquiries.id, before))!,
      status,
    ),
    offset,
    limit,
  );
}

export function pageReceived(
  db: Executor,
  companyId: number,
  status: number | undefined,
  offset: number,
  limit: number,
  before?: number,
) {
  return page(
    db,
    withStatus(and(eq(inquiries.toCompanyId, companyId), belowId(inquiries.id, before))!, status),
    offset,
    limit,
  );
}

export function pagePackages(db: Executor, status: number, offset: number, limit: number) {
  return page(db, and(eq(inquiries.toType, 0), eq(inquiries.status, status))!, offset, limit);
}

export async function findInquiryRow(db: Executor, id: number): Promise<TInquiryListRow | null> {
  const { rows } = await page(db, eq(inquiries.id, id), 0, 1);
  return rows[0] ?? null;
}

export async function findInquiry(db: Executor, id: number): Promise<TInquiry | null> {
  const row = await rowWhere(db, inquiries, eq(inquiries.id, id));
  return row ?? null;
}

/** Compare-and-set on the status: two clicks cannot both complete it. */
export async function setStatus(tx: Tx, id: number, from: number, to: number): Promise<TInquiry | null> {
  const [row] = await tx
    .update(inquiries)
    .set({ status: to, completedAt: new Date() })
    .where(and(eq(inquiries.id, id), eq(inquiries.status, from)))
    .returning();
  return row ?? null;
}

export async function insertResponse(tx: Tx, v: typeof inquiryResponses.$inferInsert): Promise<TResponse> {
  const [row] = await tx.insert(inquiryResponses).values(v).returning();
  return row;
}

export async function responsesOf(db: Executor, inquiryIds: number[]): Promise<TResponse[]> {
  if (!inquiryIds.length) return [];
  return rowsWhere(db, inquiryResponses, inArray(inquiryResponses.inquiryId, inquiryIds), {
    orderBy: [desc(inquiryResponses.id)],
  });
}

/** The package offers on a company's requests, newest first. */
export async function pageCompanyResponses(
  db: Executor,
  companyId: number,
  inquiryId: number | undefined,
  offset: number,
  limit: number,
) {
  const where = and(
    eq(inquiries.fromCompanyId, companyId),
    eq(inquiries.toType, 0),
    inquiryId ? eq(inquiries.id, inquiryId) : undefined,
  )!;
  const rows = await db
    .select({ r: wholeRow(inquiryResponses), sn: inquiries.sn, total: sql<number>`count(*) over ()` })
    .from(inquiryResponses)
    .innerJoin(inquiries, eq(inquiries.id, inquiryResponses.inquiryId))
    .where(where)
    .orderBy(desc(inquiryResponses.id))
    .offset(offset)
    .limit(limit);
  const total = await pageTotal(rows, offset, async () =>
    Number(
      (
        await db
          .select({ n: count() })
          .from(inquiryResponses)
          .innerJoin(inquiries, eq(inquiries.id, inquiryResponses.inquiryId))
          .where(where)
      )[0].n,
    ),
  );
  return { rows, total };
}

export async function findCompanyResponse(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({ r: wholeRow(inquiryResponses), i: wholeRow(inquiries) })
    .from(inquiryResponses)
    .innerJoin(inquiries, eq(inquiries.id, inquiryResponses.inquiryId))
    .where(and(eq(inquiryResponses.id, id), eq(inquiries.fromCompanyId, companyId)))
    .limit(1);
  return row ?? null;
}

export async function acceptResponse(tx: Tx, id: number): Promise<TResponse | null> {
  const [row] = await tx
    .update(inquiryResponses)
    .set({ state: 1 })
    .where(and(eq(inquiryResponses.id, id), eq(inquiryResponses.state, 0)))
    .returning();
  return row ?? null;
}

export async function userPhone(db: Executor, userId: number): Promise<string> {
  const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.phone ?? '';
}

export async function companyName(db: Executor, id: number): Promise<string> {
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).limit(1);
  return c?.name ?? '';
}
