import { and, desc, eq, sql } from 'drizzle-orm';
import { FINPROD_APP_STATE } from '@jizu/shared/constants/finprod';
import type { Executor } from '../../db/client';
import { financeProductApps } from './finprod.tables';

export type TFinProdApp = typeof financeProductApps.$inferSelect;

export async function insertApp(db: Executor, v: typeof financeProductApps.$inferInsert): Promise<TFinProdApp | null> {
  const [row] = await db.insert(financeProductApps).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findAppByNo(db: Executor, no: string): Promise<TFinProdApp | null> {
  const [row] = await db.select().from(financeProductApps).where(eq(financeProductApps.no, no)).limit(1);
  return row ?? null;
}

/** The company's newest application: the status it shows reads from it. */
export async function latestApp(db: Executor, companyId: number): Promise<TFinProdApp | null> {
  const [row] = await db.select().from(financeProductApps).where(eq(financeProductApps.companyId, companyId)).orderBy(desc(financeProductApps.id)).limit(1);
  return row ?? null;
}

/** Compare-and-set: decides an application still in review; null when it was decided already. */
export async function decideApp(db: Executor, no: string, v: { state: number; reason: string }): Promise<TFinProdApp | null> {
  const [row] = await db
    .update(financeProductApps)
    .set({ ...v, decidedAt: sql`now()` })
    .where(and(eq(financeProductApps.no, no), eq(financeProductApps.state, FINPROD_APP_STATE.review)))
    .returning();
  return row ?? null;
}
