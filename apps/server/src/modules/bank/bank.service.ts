import { maskAccount } from '@jizu/shared/rules/mask';
import { BANK_CARD_LIMIT, type TBankCard, type TBankSave } from '@jizu/shared/schemas/bank';
import { inTx, type DB } from '../../db/client';
import type { bankCards } from '../../db/schema';
import type { Vault } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import * as repo from './bank.repo';

/** The number is stored encrypted and leaves the server only masked: its last 4 digits (spec/1 §3). */
const view = (vault: Vault, c: typeof bankCards.$inferSelect): TBankCard => ({
  id: c.id,
  company_id: c.companyId,
  name: c.name,
  no: maskAccount(vault.decrypt('bank_no', c.no)),
  remark: c.remark,
  is_default: c.isDefault,
});

export async function listBankCards(db: DB, vault: Vault, companyId: number): Promise<TBankCard[]> {
  return (await repo.listCards(db, companyId)).map((c) => view(vault, c));
}

/** Adds a card: at most 4 per company, no number twice (by its blind index); the first card becomes the default. */
export async function addBankCard(
  db: DB,
  vault: Vault,
  companyId: number,
  userId: number,
  input: TBankSave,
): Promise<TBankCard> {
  return inTx(db, async (tx) => {
    await repo.lockCompany(tx, companyId);
    const n = await repo.countCards(tx, companyId);
    if (n >= BANK_CARD_LIMIT) throw new AppError('BANK_LIMIT');
    if (await repo.hasNumber(tx, companyId, vault.blindIndexes('bank_no', input.no)))
      throw new AppError('BANK_DUPLICATE');
    const row = await repo.insertCard(tx, {
      companyId,
      name: input.name,
      no: vault.encrypt('bank_no', input.no),
      noIndex: vault.blindIndex('bank_no', input.no),
      remark: input.remark,
      isDefault: n === 0 ? 1 : 0,
      createdBy: userId,
    });
    return view(vault, row);
  });
}

export async function setDefaultBankCard(db: DB, companyId: number, id: number): Promise<void> {
  await inTx(db, async (tx) => {
    await repo.lockCompany(tx, companyId);
    if (!(await repo.findCard(tx, companyId, id))) notFound();
    await repo.makeDefault(tx, companyId, id);
  });
}

/** Deletes a card; the default one only when it is the last card left. */
export async function deleteBankCard(db: DB, companyId: number, id: number): Promise<void> {
  await inTx(db, async (tx) => {
    await repo.lockCompany(tx, companyId);
    const card = await repo.findCard(tx, companyId, id);
    if (!card) notFound();
    if (card!.isDefault === 1 && (await repo.countCards(tx, companyId)) > 1) throw new AppError('BANK_DEFAULT_DELETE');
    await repo.softDelete(tx, companyId, id);
  });
}
