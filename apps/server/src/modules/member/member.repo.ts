import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { companyMembers, memberMenus, users } from '../../db/schema';

const live = (companyId: number) => and(eq(companyMembers.companyId, companyId), isNull(companyMembers.deletedAt));

export function listMembers(db: Executor, companyId: number) {
  return db
    .select({ id: companyMembers.id, userId: companyMembers.userId, phone: users.phone, memberName: companyMembers.memberName, master: companyMembers.master, remark: companyMembers.remark, createdAt: companyMembers.createdAt, status: companyMembers.status })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(live(companyId))
    .orderBy(desc(companyMembers.master), asc(companyMembers.id));
}

export async function findMember(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(companyMembers)
    .where(and(live(companyId), eq(companyMembers.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findMemberByUser(db: Executor, companyId: number, userId: number) {
  const [row] = await db
    .select()
    .from(companyMembers)
    .where(and(live(companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateMember(db: Executor, id: number, v: Partial<typeof companyMembers.$inferInsert>) {
  await db.update(companyMembers).set(v).where(eq(companyMembers.id, id));
}

export async function grantsOf(db: Executor, memberId: number) {
  return (await db.select({ menuId: memberMenus.menuId }).from(memberMenus).where(eq(memberMenus.memberId, memberId))).map((r) => r.menuId);
}

export async function replaceGrants(tx: Tx, memberId: number, menuIds: number[]) {
  await tx.delete(memberMenus).where(eq(memberMenus.memberId, memberId));
  if (menuIds.length) await tx.insert(memberMenus).values(menuIds.map((menuId) => ({ memberId, menuId })));
}

