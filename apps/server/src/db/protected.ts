import { and, asc, count, eq, gt, isNull, ne, notLike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { maskIdCard } from '@jizu/shared/rules/identity';
import { CIPHER_PREFIX, type TSecretKind, type Vault } from '../platform/crypto';
import type { DB } from './client';
import { bankCards, companyAuths, invoiceProfiles, personAuths } from './schema';

/**
 * Every column that holds an ID-card or bank account number, in one list: each is stored encrypted
 * (platform/crypto.ts), some with a blind index beside it. A new column of that kind is added here, so the start's
 * pass below covers it.
 */
interface TProtectedColumn {
  name: string;
  kind: TSecretKind;
  table: PgTable;
  id: PgColumn;
  value: PgColumn;
  /** property names for the update */
  valueKey: string;
  index?: { column: PgColumn; key: string };
  /** the masked form pages show, kept beside the ciphertext so that reads never decrypt */
  mask?: { column: PgColumn; key: string; fn: (plain: string) => string };
}

export const PROTECTED_COLUMNS: TProtectedColumn[] = [
  {
    name: 'bank_cards.no',
    kind: 'bank_no',
    table: bankCards,
    id: bankCards.id,
    value: bankCards.no,
    valueKey: 'no',
    index: { column: bankCards.noIndex, key: 'noIndex' },
  },
  {
    name: 'invoice_profiles.bank_no',
    kind: 'bank_no',
    table: invoiceProfiles,
    id: invoiceProfiles.companyId,
    value: invoiceProfiles.bankNo,
    valueKey: 'bankNo',
  },
  {
    name: 'person_auths.card',
    kind: 'id_card',
    table: personAuths,
    id: personAuths.id,
    value: personAuths.card,
    valueKey: 'card',
    index: { column: personAuths.cardIndex, key: 'cardIndex' },
    mask: { column: personAuths.cardMask, key: 'cardMask', fn: maskIdCard },
  },
  {
    name: 'company_auths.card',
    kind: 'id_card',
    table: companyAuths,
    id: companyAuths.id,
    value: companyAuths.card,
    valueKey: 'card',
    mask: { column: companyAuths.cardMask, key: 'cardMask', fn: maskIdCard },
  },
];

export type TProtectReport = Record<string, number>;

/**
 * Brings every protected column to the encrypting key, idempotently: a plain value (a row from before encryption)
 * is encrypted, a value under an older key is re-encrypted (rotation), a missing blind index or mask is filled. Rows are
 * read in id order, a batch at a time, and each is written only if it still holds what was read (compare-and-set),
 * so several instances starting together, or a row changed meanwhile, never lose a write. Runs at every start; a
 * value under a key that is not loaded stops it with a DataKeyError naming that key. Answers the rows changed.
 */
export async function protectStoredNumbers(db: DB, vault: Vault, batch = 500): Promise<TProtectReport> {
  const report: TProtectReport = {};
  const current = `${CIPHER_PREFIX}${vault.primaryId}:%`;
  for (const c of PROTECTED_COLUMNS) {
    let changed = 0;
    let after: number | null = null;
    const stale = or(
      notLike(c.value, current),
      c.index ? isNull(c.index.column) : undefined,
      c.mask ? isNull(c.mask.column) : undefined,
    ) as SQL;
    for (;;) {
      const rows: { id: number; value: string }[] = (await db
        .select({ id: c.id, value: c.value })
        .from(c.table)
        .where(and(ne(c.value, ''), stale, after === null ? undefined : gt(c.id, after)))
        .orderBy(asc(c.id))
        .limit(batch)) as { id: number; value: string }[];
      if (!rows.length) break;
      for (const r of rows) {
        const plain = vault.decrypt(c.kind, r.value);
        const set: Record<string, string> = { [c.valueKey]: vault.encrypt(c.kind, plain) };
        if (c.index) set[c.index.key] = vault.blindIndex(c.kind, plain);
        if (c.mask) set[c.mask.key] = c.mask.fn(plain);
        const done = await db
          .update(c.table)
          .set(set as never)
          .where(and(eq(c.id, r.id), eq(c.value, r.value)))
          .returning({ id: c.id });
        changed += done.length;
      }
      after = rows[rows.length - 1].id;
    }
    report[c.name] = changed;
  }
  return report;
}

/** How many values of each protected column are not yet under the encrypting key (plain or an older key). */
export async function countStaleNumbers(db: DB, vault: Vault): Promise<TProtectReport> {
  const report: TProtectReport = {};
  const current = `${CIPHER_PREFIX}${vault.primaryId}:%`;
  for (const c of PROTECTED_COLUMNS) {
    const [r] = await db
      .select({ n: count() })
      .from(c.table)
      .where(and(ne(c.value, ''), notLike(c.value, current)));
    report[c.name] = Number(r.n);
  }
  return report;
}
