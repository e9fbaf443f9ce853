import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { anyOf, idsOf, prepared } from '../../db/prepared';
import { companies, companyMembers, memberMenus } from '../../db/schema';

export type TCompanyInsert = typeof companies.$inferInsert;

export async function insertCompany(db: Executor, v: TCompanyInsert) {
  const [row] = await db.insert(companies).values(v).returning();
  return row;
}

export async function insertMember(
  db: Executor,
  v: { companyId: number; userId: number; master: 0 | 1; memberName: string; remark?: string },
) {
  const [row] = await db.insert(companyMembers).values(v).returning();
  return row;
}

export async function insertMenuGrants(db: Executor, memberId: number, menuIds: number[]) {
  if (menuIds.length)
    await db
      .insert(memberMenus)
      .values(menuIds.map((menuId) => ({ memberId, menuId })))
      .onConflictDoNothing();
}

export async function findCompany(db: Executor, id: number) {
  const q = prepared(db, 'company.byId', (d) =>
    d
      .select()
      .from(companies)
      .where(eq(companies.id, sql.placeholder('id')))
      .limit(1)
      .prepare('company.byId'),
  );
  const [row] = await q.execute({ id });
  return row ?? null;
}

/** A company's name as a value of another module's statement (SQL of its id); null when there is none. */
export const companyNameSql = (id: string) => `(select name from companies where id = ${id})`;

/** Names of several companies (lists and views of other modules). */
export async function findCompanyNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const q = prepared(db, 'company.names', (d) =>
    d
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(anyOf(companies.id))
      .prepare('company.names'),
  );
  const rows = await q.execute({ ids: idsOf(ids) });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names and verification flags of the parties of a trade record (spec/2 §6 gates: super, and the finance product). */
export async function findCompanyFlags(
  db: Executor,
  ids: number[],
): Promise<Map<number, { name: string; status: number; super: number; finance: number; type: number }>> {
  if (!ids.length) return new Map();
  const q = prepared(db, 'company.flags', (d) =>
    d
      .select({
        id: companies.id,
        name: companies.name,
        status: companies.status,
        super: companies.super,
        finance: companies.finance,
        type: companies.type,
      })
      .from(companies)
      .where(anyOf(companies.id))
      .prepare('company.flags'),
  );
  const rows = await q.execute({ ids: idsOf(ids) });
  return new Map(rows.map((r) => [r.id, r]));
}

/** Active memberships of users with the company's display data; default company first (main account, then oldest). */
const membershipFields = {
  memberId: companyMembers.id,
  userId: companyMembers.userId,
  master: companyMembers.master,
  companyId: companies.id,
  companyName: companies.name,
  companyType: companies.type,
  companyStatus: companies.status,
  companySuper: companies.super,
  companyUpdatedAt: companies.updatedAt,
};

/** Active memberships of users, main accounts first, then the oldest; one user's (every account card) is prepared. */
export async function activeMemberships(db: Executor, userIds: number[]) {
  if (!userIds.length) return [];
  const active = () => and(eq(companyMembers.status, 1), isNull(companyMembers.deletedAt));
  if (userIds.length === 1) {
    const q = prepared(db, 'company.activeMembershipsOfUser', (d) =>
      d
        .select(membershipFields)
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(and(eq(companyMembers.userId, sql.placeholder('userId')), active()))
        .orderBy(desc(companyMembers.master), asc(companyMembers.id))
        .prepare('company.activeMembershipsOfUser'),
    );
    return q.execute({ userId: userIds[0] });
  }
  return db
    .select(membershipFields)
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(inArray(companyMembers.userId, userIds), active()))
    .orderBy(desc(companyMembers.master), asc(companyMembers.id));
}

export async function countCompanies(db: Executor) {
  const [row] = await db.select({ n: count() }).from(companies);
  return Number(row.n);
}

/** Serialises writes that keep a per-company rule (a limit, one default): lock the company row for the transaction. */
export async function lockCompany(tx: Tx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

export async function openCompanyFinance(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ finance: 1, updatedAt: new Date() })
    .where(and(eq(companies.id, id), eq(companies.finance, 0)))
    .returning({ id: companies.id });
  return rows.length === 1;
}

export async function updateCompany(db: Executor, id: number, v: Partial<TCompanyInsert>) {
  const [row] = await db
    .update(companies)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  return row ?? null;
}

/** A verified company with this credit code other than the given one. */
export async function findVerifiedByRegistNo(db: Executor, registNo: string, exceptId: number) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.registNo, registNo), eq(companies.status, 1), ne(companies.id, exceptId)))
    .limit(1);
  return row ?? null;
}

/** The user ids of a company's active main accounts (who hears about the company's reviews). */
export async function mainAccountUserIds(db: Executor, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.master, 1),
        eq(companyMembers.status, 1),
        isNull(companyMembers.deletedAt),
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * The company's administrator for confirmations by SMS (contract signing): its oldest active main account, with
 * the phone it logs in with and its member name.
 */
export async function adminContact(
  db: Executor,
  companyId: number,
): Promise<{ userId: number; phone: string; name: string } | null> {
  const { users } = await import('../auth/auth.tables');
  const [row] = await db
    .select({ userId: companyMembers.userId, phone: users.phone, name: companyMembers.memberName })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.master, 1),
        eq(companyMembers.status, 1),
        isNull(companyMembers.deletedAt),
      ),
    )
    .orderBy(companyMembers.id)
    .limit(1);
  return row ?? null;
}
