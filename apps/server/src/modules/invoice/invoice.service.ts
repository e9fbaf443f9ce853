import { M } from '@jizu/shared/messages';
import {
  INVOICE_ADDRESS_LIMIT,
  INVOICE_TYPE,
  type TAddressSave,
  type TInvoiceAddress,
  type TInvoiceProfile,
  type TInvoiceSave,
} from '@jizu/shared/schemas/invoice';
import { inTx, type DB } from '../../db/client';
import type { invoiceAddresses } from '../../db/schema';
import type { Vault } from '../../platform/crypto';
import { AppError, invalid, notFound } from '../../platform/errors';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { regionChain, regionNames } from '../region/region.service';
import * as repo from './invoice.repo';

const TYPE_V: Record<number, string> = {
  [INVOICE_TYPE.special]: M.invoice.special,
  [INVOICE_TYPE.ordinary]: M.invoice.ordinary,
};
/** Personal companies (type 1) get personal invoices (target 1), which may only be ordinary. */
const targetOf = (companyType: number) => (companyType === 1 ? 1 : 0);

/**
 * The qualification as the invoice page shows it: the account whole (spec/1 §3: it is printed on the invoice and
 * edited in this form), though stored encrypted.
 */
export async function getInvoiceProfile(db: DB, vault: Vault, companyId: number): Promise<TInvoiceProfile> {
  const [reg, p] = await Promise.all([repo.findCompanyRegister(db, companyId), repo.findProfile(db, companyId)]);
  if (!reg) notFound();
  const type = p?.type ?? INVOICE_TYPE.ordinary;
  return {
    company_id: companyId,
    type,
    type_v: TYPE_V[type] ?? '',
    name: reg!.name,
    no: reg!.registNo,
    address: p?.address ?? '',
    telphone: p?.telphone ?? '',
    bank: p?.bank ?? '',
    bank_no: p?.bankNo ? vault.decrypt('bank_no', p.bankNo) : '',
    target: targetOf(reg!.type),
    update_time: p ? shanghaiDateTime(p.updatedAt) : '',
  };
}

/**
 * Saves the qualification. A personal invoice may only be ordinary; a special VAT invoice needs the registered
 * address, phone, bank and account. Title and tax number always come from the company register.
 */
export async function saveInvoiceProfile(
  db: DB,
  vault: Vault,
  companyId: number,
  userId: number,
  v: TInvoiceSave,
): Promise<TInvoiceProfile> {
  const reg = await repo.findCompanyRegister(db, companyId);
  if (!reg) notFound();
  if (targetOf(reg!.type) === 1 && v.type !== INVOICE_TYPE.ordinary) invalid('type', M.invoice.personalOrdinaryOnly);
  if (v.type === INVOICE_TYPE.special) {
    if (!v.address) invalid('address', M.invoice.addressRequired);
    if (!v.telphone) invalid('telphone', M.invoice.telRequired);
    if (!v.bank) invalid('bank', M.invoice.bankRequired);
    if (!v.bank_no) invalid('bank_no', M.invoice.bankNoRequired);
  }
  await repo.upsertProfile(db, {
    companyId,
    type: v.type,
    address: v.address,
    telphone: v.telphone,
    bank: v.bank,
    bankNo: v.bank_no ? vault.encrypt('bank_no', v.bank_no) : '',
    updatedBy: userId,
  });
  return getInvoiceProfile(db, vault, companyId);
}

type TAddressRow = typeof invoiceAddresses.$inferSelect;

export async function listInvoiceAddresses(db: DB, companyId: number): Promise<TInvoiceAddress[]> {
  const rows = await repo.listAddresses(db, companyId);
  const names = await regionNames(
    db,
    rows.flatMap((r) => [r.province, r.city, r.area]),
  );
  const view = (r: TAddressRow): TInvoiceAddress => ({
    id: r.id,
    company_id: r.companyId,
    name: r.name,
    phone: r.phone,
    province: r.province,
    city: r.city,
    area: r.area,
    province_v: names.get(r.province) ?? '',
    city_v: names.get(r.city) ?? '',
    area_v: names.get(r.area) ?? '',
    address: r.address,
    remark: r.remark,
    is_default: r.isDefault,
  });
  return rows.map(view);
}

/**
 * Adds or edits a receiving address: at most 3; the region must be a real province → city → area chain.
 * The first address becomes the default; `is_default: 1` moves the default to this one.
 */
export async function saveInvoiceAddress(db: DB, companyId: number, v: TAddressSave): Promise<{ id: number }> {
  if (!(await regionChain(db, v.province, v.city, v.area))) invalid('province', M.invoice.regionBad);
  const fields = {
    name: v.name,
    phone: v.phone,
    province: v.province,
    city: v.city,
    area: v.area,
    address: v.address,
    remark: v.remark,
  };
  return inTx(db, async (tx) => {
    await repo.lockCompany(tx, companyId);
    let id: number;
    if (v.id) {
      if (!(await repo.findAddress(tx, companyId, v.id))) notFound();
      await repo.updateAddress(tx, companyId, v.id, fields);
      id = v.id;
    } else {
      const n = await repo.countAddresses(tx, companyId);
      if (n >= INVOICE_ADDRESS_LIMIT) throw new AppError('INVOICE_ADDRESS_LIMIT');
      id = (await repo.insertAddress(tx, { companyId, ...fields, isDefault: n === 0 ? 1 : 0 })).id;
    }
    if (v.is_default === 1) await repo.makeDefault(tx, companyId, id);
    return { id };
  });
}

export async function setDefaultInvoiceAddress(db: DB, companyId: number, id: number): Promise<void> {
  await inTx(db, async (tx) => {
    await repo.lockCompany(tx, companyId);
    if (!(await repo.findAddress(tx, companyId, id))) notFound();
    await repo.makeDefault(tx, companyId, id);
  });
}

/** Deletes an address; the default one cannot be deleted (spec/1 §5). */
export async function deleteInvoiceAddress(db: DB, companyId: number, id: number): Promise<void> {
  await inTx(db, async (tx) => {
    await repo.lockCompany(tx, companyId);
    const a = await repo.findAddress(tx, companyId, id);
    if (!a) notFound();
    if (a!.isDefault === 1) throw new AppError('INVOICE_DEFAULT_DELETE');
    await repo.deleteAddress(tx, companyId, id);
  });
}
