import { and, asc, desc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { companyMembers, memberMenus, users } from '../../db/schema';
import { rowWhere } from '../../db/rows';

const live = (companyId: unknown) =>
  and(eq(companyMembers.companyId, companyId as number), isNull(companyMembers.deletedAt));

/** A company's members, main account first; `verified` is the caller's fragment for the real-name badge (verify's). */
export function listMembers(db: Executor, companyId: number, verified: (userId: AnyColumn) => SQL<number>) {
  const q = prepared(db, 'member.list', (d) =>
    d
      .select({
        id: companyMembers.id,
        userId: companyMembers.userId,
        phone: users.phone,
        memberName: companyMembers.memberName,
        master: companyMembers.master,
        remark: companyMembers.remark,
        createdAt: companyMembers.createdAt,
        status: companyMembers.status,
        verified: verified(companyMembers.userId),
      })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(live(sql.placeholder('companyId')))
      .orderBy(desc(companyMembers.master), asc(companyMembers.id))
      .prepare('member.list'),
  );
  return q.execute({ companyId });
}

export async function findMember(db: Executor, companyId: number, id: number) {
  const q = prepared(db, 'member.find', (d) =>
    d
      .select()
      .from(companyMembers)
      .where(and(live(sql.placeholder('companyId')), eq(companyMembers.id, sql.placeholder('id'))))
      .limit(1)
      .prepare('member.find'),
  );
  const [row] = await q.execute({ companyId, id });
  return row ?? null;
}

export async function findMemberByUser(db: Executor, companyId: number, userId: number) {
  const row = await rowWhere(db, companyMembers, and(live(companyId), eq(companyMembers.userId, userId)));
  return row ?? null;
}

export async function updateMember(db: Executor, id: number, v: Partial<typeof companyMembers.$inferInsert>) {
  await db.update(companyMembers).set(v).where(eq(companyMembers.id, id));
}

/** One member of a company with their menu grants: the privilege page's read in one statement. */
export async function findMemberWithGrants(db: Executor, companyId: number, id: number) {
  const q = prepared(db, 'member.findWithGrants', (d) =>
    d
      .select({
        master: companyMembers.master,
        grants: sql<
          number[]
        >`array(select ${memberMenus.menuId} from ${memberMenus} where ${memberMenus.memberId} = ${companyMembers.id})`,
      })
      .from(companyMembers)
      .where(and(live(sql.placeholder('companyId')), eq(companyMembers.id, sql.placeholder('id'))))
      .limit(1)
      .prepare('member.findWithGrants'),
  );
  const [row] = await q.execute({ companyId, id });
  return row ?? null;
}

export async function replaceGrants(tx: Tx, memberId: number, menuIds: number[]) {
  await tx.delete(memberMenus).where(eq(memberMenus.memberId, memberId));
  if (menuIds.length) await tx.insert(memberMenus).values(menuIds.map((menuId) => ({ memberId, menuId })));
}
