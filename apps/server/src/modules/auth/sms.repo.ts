import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { smsCodes } from '../../db/schema';

/** Serialises sends per key inside the caller's transaction (PostgreSQL advisory lock; a no-op wait on PGlite). */
export async function lockKey(db: Executor, key: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Milliseconds since the phone's last send, by the database's clock (the send's created_at is the database's too), so
 * the gap between sends is judged the same whichever server process answers. null: never sent.
 */
export async function msSinceLastSend(db: Executor, phone: string): Promise<number | null> {
  const [row] = await db
    .select({ ms: sql<string>`extract(epoch from (clock_timestamp() - ${smsCodes.createdAt})) * 1000` })
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return row ? Number(row.ms) : null;
}

export async function countSendsByPhoneSince(db: Executor, phone: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since)));
  return Number(row.n);
}

export async function countSendsByIpSince(db: Executor, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since)));
  return Number(row.n);
}

export async function insertCode(
  db: Executor,
  v: { phone: string; scene: string; codeHash: string; ip: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(smsCodes).values(v).returning({ id: smsCodes.id });
  return row.id;
}

/** A code the provider did not deliver: as if never asked for (it counts against no cap and starts no gap). */
export async function deleteCode(db: Executor, id: number) {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

/** A newer code (`id`, delivered) replaces the older unused ones of the same phone and scene. */
export async function retireCodesBefore(db: Executor, phone: string, scene: string, id: number) {
  await db
    .update(smsCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.usedAt), lt(smsCodes.id, id)));
}

export async function latestLiveCode(db: Executor, phone: string, scene: string) {
  const [row] = await db
    .select({
      id: smsCodes.id,
      codeHash: smsCodes.codeHash,
      attempts: smsCodes.attempts,
      expiresAt: smsCodes.expiresAt,
    })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.usedAt)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return row ?? null;
}

/** One more wrong try, only while the code is unused; the new count, or null when it was used meanwhile. */
export async function bumpAttempts(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ attempts: smsCodes.attempts });
  return row?.attempts ?? null;
}

/** Compare-and-set consumption: of two concurrent uses of one code exactly one wins. */
export async function consumeCode(db: Executor, id: number, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(smsCodes.id, id),
        isNull(smsCodes.usedAt),
        lt(smsCodes.attempts, maxAttempts),
        sql`${smsCodes.expiresAt} > now()`,
      ),
    )
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}
