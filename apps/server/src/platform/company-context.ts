import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { flattenMenu } from '@jizu/shared/constants/menu';
import type { Executor } from '../db/client';
import { companies, companyMembers, memberMenus } from '../db/schema';

export interface TCompanyCtx {
  companyId: number;
  companyName: string;
  companyType: number;
  memberId: number;
  master: boolean;
  /** menu ids granted to a sub-user; a main account has every menu */
  grants: Set<number>;
}

/**
 * The active membership of a user in a company: the requested company, or the user's default one (main account
 * first, then the oldest membership) when none was requested. null when the user is not an active member.
 */
export async function resolveCompanyCtx(
  db: Executor,
  userId: number,
  companyId: number | null,
): Promise<TCompanyCtx | null> {
  const where = [eq(companyMembers.userId, userId), eq(companyMembers.status, 1), isNull(companyMembers.deletedAt)];
  if (companyId) where.push(eq(companyMembers.companyId, companyId));
  const [m] = await db
    .select({
      memberId: companyMembers.id,
      master: companyMembers.master,
      companyId: companies.id,
      companyName: companies.name,
      companyType: companies.type,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(...where))
    .orderBy(desc(companyMembers.master), asc(companyMembers.id))
    .limit(1);
  if (!m) return null;
  let grants = new Set<number>();
  if (m.master !== 1) {
    const rows = await db
      .select({ menuId: memberMenus.menuId })
      .from(memberMenus)
      .where(eq(memberMenus.memberId, m.memberId));
    grants = new Set(rows.map((r) => r.menuId));
  }
  return {
    companyId: m.companyId,
    companyName: m.companyName,
    companyType: m.companyType,
    memberId: m.memberId,
    master: m.master === 1,
    grants,
  };
}

const personalIds = new Set(
  flattenMenu()
    .filter((e) => e.node.personal || e.parents.some((p) => flattenMenu().find((x) => x.node.id === p)?.node.personal))
    .map((e) => e.node.id),
);

/** Whether the member may use a menu: main accounts may use all; sub-users need the grant; personal pages need none. */
export function mayUseMenu(ctx: TCompanyCtx, menuId: number): boolean {
  return ctx.master || personalIds.has(menuId) || ctx.grants.has(menuId);
}
