import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploadShares, uploads } from '../../db/schema';
import { rowWhere } from '../../db/rows';

export type TUploadInsert = typeof uploads.$inferInsert;
export type TUploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Executor, row: TUploadInsert): Promise<TUploadRow> {
  const [r] = await db.insert(uploads).values(row).returning();
  return r;
}

/** insertUpload of several rows: one statement, ids in the order given. */
export async function insertUploads(db: Executor, rows: TUploadInsert[]): Promise<void> {
  if (rows.length) await db.insert(uploads).values(rows);
}

export async function findUploadByPath(db: Executor, path: string): Promise<TUploadRow | null> {
  const r = await rowWhere(db, uploads, eq(uploads.path, path));
  return r ?? null;
}

/** Ties some of a user's uploads to a company: a record of that company now cites them. */
export async function setUploadCompany(db: Executor, userId: number, companyId: number, paths: string[]) {
  if (!paths.length) return;
  await db
    .update(uploads)
    .set({ companyId })
    .where(and(inArray(uploads.path, paths), eq(uploads.userId, userId)));
}

/**
 * An upload of one of these images (by stored or sent MD5) that belongs to someone else: another user, unless it
 * was uploaded for the caller's own (verified) company.
 */
export async function findForeignUpload(
  db: Executor,
  hashes: string[],
  userId: number,
  companyId: number | null,
): Promise<TUploadRow | null> {
  if (!hashes.length) return null;
  const sameHash = or(inArray(uploads.md5, hashes), inArray(uploads.sourceMd5, hashes));
  const notMine = companyId
    ? and(ne(uploads.userId, userId), or(isNull(uploads.companyId), ne(uploads.companyId, companyId)))
    : ne(uploads.userId, userId);
  const r = await rowWhere(db, uploads, and(sameHash, notMine));
  return r ?? null;
}

/** The companies a private upload is shared with. */
export async function sharedWith(db: Executor, path: string): Promise<number[]> {
  return (
    await db.select({ companyId: uploadShares.companyId }).from(uploadShares).where(eq(uploadShares.path, path))
  ).map((r) => r.companyId);
}
export async function insertShares(db: Executor, paths: string[], companyId: number) {
  if (!paths.length) return;
  await db
    .insert(uploadShares)
    .values(paths.map((path) => ({ path, companyId })))
    .onConflictDoNothing();
}
