import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { companies, invoiceAddresses, invoiceProfiles } from '../../db/schema';
import { rowWhere } from '../../db/rows';

export async function findCompanyRegister(db: Executor, companyId: number) {
  const [row] = await db
    .select({ name: companies.name, registNo: companies.registNo, type: companies.type })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

export async function findProfile(db: Executor, companyId: number) {
  const row = await rowWhere(db, invoiceProfiles, eq(invoiceProfiles.companyId, companyId));
  return row ?? null;
}

export async function upsertProfile(db: Executor, v: typeof invoiceProfiles.$inferInsert) {
  const { companyId: _c, ...set } = v;
  await db
    .insert(invoiceProfiles)
    .values(v)
    .onConflictDoUpdate({ target: invoiceProfiles.companyId, set: { ...set, updatedAt: new Date() } });
}

export function listAddresses(db: Executor, companyId: number) {
  const q = prepared(db, 'invoice.addresses', (d) =>
    d
      .select()
      .from(invoiceAddresses)
      .where(eq(invoiceAddresses.companyId, sql.placeholder('companyId')))
      .orderBy(asc(invoiceAddresses.id))
      .prepare('invoice.addresses'),
  );
  return q.execute({ companyId });
}

export async function findAddress(db: Executor, companyId: number, id: number) {
  const row = await rowWhere(
    db,
    invoiceAddresses,
    and(eq(invoiceAddresses.companyId, companyId), eq(invoiceAddresses.id, id)),
  );
  return row ?? null;
}

export async function countAddresses(db: Executor, companyId: number) {
  const [r] = await db.select({ n: count() }).from(invoiceAddresses).where(eq(invoiceAddresses.companyId, companyId));
  return Number(r.n);
}

export { lockCompany } from '../company/company.repo';

export async function insertAddress(db: Executor, v: typeof invoiceAddresses.$inferInsert) {
  const [row] = await db.insert(invoiceAddresses).values(v).returning();
  return row;
}

export async function updateAddress(
  db: Executor,
  companyId: number,
  id: number,
  v: Partial<typeof invoiceAddresses.$inferInsert>,
) {
  await db
    .update(invoiceAddresses)
    .set(v)
    .where(and(eq(invoiceAddresses.companyId, companyId), eq(invoiceAddresses.id, id)));
}

export async function makeDefault(tx: Tx, companyId: number, id: number) {
  await tx
    .update(invoiceAddresses)
    .set({ isDefault: 0 })
    .where(
      and(eq(invoiceAddresses.companyId, companyId), ne(invoiceAddresses.id, id), eq(invoiceAddresses.isDefault, 1)),
    );
  await tx
    .update(invoiceAddresses)
    .set({ isDefault: 1 })
    .where(and(eq(invoiceAddresses.companyId, companyId), eq(invoiceAddresses.id, id)));
}

export async function deleteAddress(db: Executor, companyId: number, id: number) {
  await db.delete(invoiceAddresses).where(and(eq(invoiceAddresses.companyId, companyId), eq(invoiceAddresses.id, id)));
}
