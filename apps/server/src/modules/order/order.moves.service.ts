import { PROVIDER_STATUS } from '@jizu/shared/constants/order';
import { isVerified } from '@jizu/shared/constants/verify';
import { M } from '@jizu/shared/messages';
import { orderRules as R } from '@jizu/shared/messages/order';
import { PROJECT_TYPES } from '@jizu/shared/constants/bidding';
import { fenToYuanText, taxInclusiveFen } from '@jizu/shared/rules/money';
import type { TOrderForm, TOrderLineSave, TOrderSubmit, TProviderConfirm } from '@jizu/shared/schemas/order';
import { inTx, type DB } from '../../db/client';
import type { Vault } from '../../platform/crypto';
import { AppError, invalid } from '../../platform/errors';
import { findCompany } from '../company/company.service';
import { getInvoiceProfile, listInvoiceAddresses } from '../invoice/invoice.service';
import { isRegionPath } from '../region/region.service';
import * as repo from './order.repo';
import type { Executor } from '../../db/client';
import { auditValues, type TActor } from '../audit/audit.service';
import { AUDIT_ORDER } from './order.view';
import { lockOrder, moveOrder, mustAllow, mustSee, orderDetail, requireOrder } from './order.service';

/** An order's moves (spec/2 §5, §7): the tenant submits, edits lines, closes and completes; the provider confirms or returns. */

// ---------- the tenant ----------

/** GET /rent/order/add: the confirmation form's data; refused (the page's pre-check) unless the order may be submitted now. */
export async function submitForm(db: DB, vault: Vault, companyId: number, id: number): Promise<TOrderForm> {
  const o = await requireOrder(db, 'tenant', companyId, id);
  mustAllow(o, 'submit', 'tenant');
  const [order, profile, addresses] = await Promise.all([
    orderDetail(db, vault, 'tenant', companyId, id),
    getInvoiceProfile(db, vault, companyId),
    listInvoiceAddresses(db, companyId),
  ]);
  return {
    order,
    invoice_profile: {
      type: profile.type,
      name: profile.name,
      no: profile.no,
      address: profile.address,
      telphone: profile.telphone,
      bank: profile.bank,
      bank_no: profile.bank_no,
      target: profile.target,
    },
    addresses: addresses.map((a) => ({
      id: a.id,
      name: a.name,
      phone: a.phone,
      province: a.province,
      city: a.city,
      area: a.area,
      region_v: `${a.province_v}${a.city_v}${a.area_v}`,
      address: a.address,
      remark: a.remark,
      is_default: a.is_default,
    })),
    project_types: PROJECT_TYPES,
  };
}

/**
 * POST /rent/order/save: the tenant submits the confirmation form (draft or returned → submitted). Invoice title and
 * tax number come from the company register, never from the request; a personal company may only take an ordinary
 * invoice. The provider's answer starts afresh.
 */
export async function submitOrder(
  db: DB,
  vault: Vault,
  actor: TActor,
  companyId: number,
  v: TOrderSubmit,
): Promise<void> {
  if (!PROJECT_TYPES.some((t) => t.value === v.project_type)) invalid('project_type', R.projectTypeRequired);
  const a = v.order_invoice_address;
  if (!(await isRegionPath(db, a.province, a.city, a.area)))
    invalid('order_invoice_address.province', R.regionRequired);
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'tenant', companyId, v.id);
    mustAllow(o, 'submit', 'tenant');
    const company = await findCompany(tx, companyId);
    if (!company) throw new AppError('ORDER_NOT_FOUND');
    if (company.type === 1 && v.order_invoice.type === 0) invalid('order_invoice.type', M.invoice.personalOrdinaryOnly);
    const inv = v.order_invoice;
    const special = inv.type === 0;
    await moveOrder(tx, actor, o, 'submit', 'tenant', {
      projectName: v.project_name,
      projectType: v.project_type,
      projectAddress: v.project_address,
      remark: v.remark,
      tenantContacts: v.order_party.contacts,
      tenantTel: v.order_party.tel,
      invType: inv.type,
      invTitle: company.name,
      invNo: company.registNo ?? '',
      invAddress: special ? inv.address : '',
      invTel: special ? inv.telphone : '',
      invBank: special ? inv.bank : '',
      invBankNo: special && inv.bank_no ? vault.encrypt('bank_no', inv.bank_no) : '',
      rcvName: a.name,
      rcvPhone: a.phone,
      rcvProvince: a.province,
      rcvCity: a.city,
      rcvArea: a.area,
      rcvAddress: a.address,
      rcvRemark: a.remark,
      providerStatus: PROVIDER_STATUS.pending,
      returnReason: '',
      submittedAt: new Date(),
    });
  });
}

/**
 * A line edit's order: locked and marked changed in one statement (repo.touchOrderOfLine); a line that does not exist
 * answers as before, and an order the tenant may not see is the order's 404.
 */
async function lockOrderOfLine(tx: Executor, companyId: number, lineId: number) {
  const o = await repo.touchOrderOfLine(tx, lineId);
  if (!o) throw new AppError('ORDER_LINE_NOT_FOUND');
  return mustSee(o, 'tenant', companyId);
}

/** POST /rent/order/saveReq: a line of a draft or returned order; the tax-inclusive price is computed here. */
export async function saveLine(db: DB, actor: TActor, companyId: number, v: TOrderLineSave): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrderOfLine(tx, companyId, v.id);
    mustAllow(o, 'edit_line', 'tenant');
    const line = await repo.findLine(tx, o.id, v.id);
    if (!line) throw new AppError('ORDER_LINE_NOT_FOUND');
    const orig = line.origEnterDate ?? line.enterDate;
    if (orig && v.enter_date < orig) throw new AppError('ORDER_ENTER_EARLY');
    const taxTotal = taxInclusiveFen(v.price, v.rate);
    const changes = [
      line.num !== v.num && `数量${line.num}→${v.num}`,
      line.price !== v.price && `单价${fenToYuanText(line.price)}→${fenToYuanText(v.price)}元`,
      line.rate !== v.rate && `税率${line.rate}%→${v.rate}%`,
      line.enterDate !== v.enter_date && `进场日期${line.enterDate ?? ''}→${v.enter_date}`,
    ].filter(Boolean);
    const audit = auditValues(actor, {
      entity: AUDIT_ORDER,
      entityId: o.id,
      action: 'edit_line',
      from: o.status,
      to: o.status,
      reason: `${line.model || `明细${line.id}`}：${changes.join('，') || '未改动'}`,
    });
    await repo.updateLine(
      tx,
      line.id,
      { num: v.num, price: v.price, rate: v.rate, taxTotal, enterDate: v.enter_date },
      audit,
    );
  });
}

/** POST /rent/order/delReq: removes a line of a draft or returned order; the last line stays. */
export async function deleteLine(db: DB, actor: TActor, companyId: number, lineId: number): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrderOfLine(tx, companyId, lineId);
    mustAllow(o, 'delete_line', 'tenant');
    const line = await repo.findLine(tx, o.id, lineId);
    if (!line) throw new AppError('ORDER_LINE_NOT_FOUND');
    if (line.lines <= 1) throw new AppError('ORDER_LAST_LINE');
    await repo.deleteLine(
      tx,
      line.id,
      auditValues(actor, {
        entity: AUDIT_ORDER,
        entityId: o.id,
        action: 'delete_line',
        from: o.status,
        to: o.status,
        reason: `明细${line.id}`,
      }),
    );
  });
}

/** POST /rent/order/close: draft, submitted or returned → closed, with a reason. */
export async function closeOrder(db: DB, actor: TActor, companyId: number, id: number, reason: string): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'tenant', companyId, id);
    await moveOrder(tx, actor, o, 'close', 'tenant', { reason, closedAt: new Date() }, reason);
  });
}

/** GET /rent/order/createCheck: the add-order pre-check: a verified company with a completed bidding still without orders. */
export async function createCheck(db: Executor, companyId: number, candidates: number): Promise<void> {
  const company = await findCompany(db, companyId);
  if (!company || !isVerified(company)) throw new AppError('ORDER_NEED_COMPANY');
  if (candidates < 1) throw new AppError('ORDER_NOTHING_TO_CREATE');
}

// ---------- the provider ----------

/** GET /ep/bdetail_order: the confirm page: the order (refused unless it waits for this provider) and its prefill. */
export async function confirmForm(db: DB, vault: Vault, companyId: number, id: number) {
  const o = await requireOrder(db, 'provider', companyId, id);
  mustAllow(o, 'confirm', 'provider');
  const [order, profile] = await Promise.all([
    orderDetail(db, vault, 'provider', companyId, id),
    getInvoiceProfile(db, vault, companyId),
  ]);
  return {
    order,
    prefill: { contacts: o.providerContacts, tel: o.providerTel, bank_name: profile.bank, bank_no: profile.bank_no },
  };
}

/** POST /ep/ckorderok: the provider confirms (1 → 2) with its contact, payee account and the finance agreement; final. */
export async function confirmOrder(
  db: DB,
  vault: Vault,
  actor: TActor,
  companyId: number,
  v: TProviderConfirm,
): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'provider', companyId, v.id);
    await moveOrder(tx, actor, o, 'confirm', 'provider', {
      providerStatus: PROVIDER_STATUS.confirmed,
      providerContacts: v.contacts,
      providerTel: v.tel,
      payeeBank: v.bank_name,
      payeeBankNo: vault.encrypt('bank_no', v.bank_no),
      financeAgreed: 1,
      confirmedAt: new Date(),
    });
  });
}

/** POST /ep/ckorderng: the provider returns a submitted order to the tenant (1 → 5) with a reason. */
export async function returnOrder(db: DB, actor: TActor, companyId: number, id: number, reason: string): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'provider', companyId, id);
    await moveOrder(
      tx,
      actor,
      o,
      'return',
      'provider',
      { providerStatus: PROVIDER_STATUS.returned, returnReason: reason },
      reason,
    );
  });
}

/**
 * POST /rent/order/complete: the tenant ends an order in progress (2 → 3) once no machine works on it; the count is
 * taken under the order's lock (machine entries lock it too), by the machinery module's counter.
 */
export async function completeOrder(
  db: DB,
  actor: TActor,
  companyId: number,
  id: number,
  workingMachines: (tx: Executor, orderId: number) => Promise<number>,
): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'tenant', companyId, id);
    mustAllow(o, 'complete', 'tenant');
    if ((await workingMachines(tx, o.id)) > 0) throw new AppError('ORDER_MACHINES_ON_SITE');
    await moveOrder(tx, actor, o, 'complete', 'tenant', { completedAt: new Date() });
  });
}
