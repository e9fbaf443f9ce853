import { LESSOR } from '@jizu/shared/constants/order';
import {
  LE_STATE,
  SETTLE_INV_MACHINE,
  SETTLE_LE_MACHINE,
  SETTLE_MACHINE,
  isSettleLive,
} from '@jizu/shared/constants/settle';
import { transitionOf } from '@jizu/shared/rules/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { settleFailures } from '@jizu/shared/messages/settle';
import { fenToYuanText, taxInclusiveFen, yuanToFen } from '@jizu/shared/rules/money';
import type { TInvoiceSave, TLessorInvoice, TSettleInvAddress } from '@jizu/shared/schemas/settle';
import { orderRules } from '@jizu/shared/messages/order';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { findCompanyNames } from '../company/company.service';
import { findOrderById, recordOrderEvent, requireChainGate } from '../order/order.service';
import type { TOrderRowDb } from '../order/order.repo';
import { isRegionPath, regionChain } from '../region/region.service';
import * as repo from './settle.repo';
import type { TSettleDb } from './settle.repo';
import { AUDIT_SETTLE, move, nextOf, requireSettle } from './settle.service';
import { settleState, views } from './settle.view';

/**
 * The invoices of a settlement: the provider's to the platform (for its share, submitted once their total matches), the
 * platform's to the tenant (issued from the console) and where the tenant wants it sent.
 */

// ---------- the provider's ----------

function invoiceFields(v: TInvoiceSave) {
  if (v.invoice_type === 0) {
    const amount = yuanToFen(String(v.inv_amount)) as number;
    const rate = Number(v.tax_rate);
    return {
      invoiceType: 0,
      invId: v.inv_id,
      invNo: v.inv_no,
      invDate: v.inv_date,
      invAmount: amount,
      taxRate: rate,
      invTaxAmount: taxInclusiveFen(amount, rate),
      verifyNo: '',
    };
  }
  return {
    invoiceType: 1,
    invId: v.inv_id,
    invNo: v.inv_no,
    invDate: v.inv_date,
    invAmount: 0,
    taxRate: 0,
    invTaxAmount: yuanToFen(String(v.inv_tax_amount)) as number,
    verifyNo: v.verify_no ?? '',
  };
}

/** POST /ep/sti_add (no id) and /ep/sti_change (id): an invoice of the provider for a settled settlement, until submitted. */
export async function saveInvoice(db: DB, actor: TActor, companyId: number, userId: number, v: TInvoiceSave) {
  const { o } = await requireSettle(db, 'provider', companyId, v.order_id, v.settle_id);
  await requireChainGate(db, o, 'provider');
  return inTx(db, async (tx) => {
    const s = (await repo.lockSettle(tx, v.settle_id))!;
    nextOf(SETTLE_MACHINE, s, v.id ? 'invoice_edit' : 'invoice_add', 'provider'); // refused once submitted
    const fields = invoiceFields(v);
    const row = v.id
      ? await repo.updateInvoice(tx, s.id, v.id, fields)
      : await repo.insertInvoice(tx, { settleId: s.id, createdBy: userId, ...fields });
    if (!row) {
      if (v.id) throw new AppError('SETTLE_INVOICE_NOT_FOUND');
      invalid('inv_no', settleFailures.invoiceDuplicate);
    }
    await recordAudit(tx, actor, {
      entity: AUDIT_SETTLE,
      entityId: s.id,
      action: v.id ? 'invoice_edit' : 'invoice_add',
      from: s.status,
      to: s.status,
      reason: `${fields.invId} ${fields.invNo}`,
    });
    return { id: row!.id };
  });
}

/** POST /ep/sti_submit: the provider submits its invoices, their total equal to its share; then the platform issues its own. */
export async function submitInvoices(db: DB, actor: TActor, companyId: number, ref: { order_id: number; id: number }) {
  const { s: first } = await requireSettle(db, 'provider', companyId, ref.order_id, ref.id);
  const invoices = await repo.invoicesOf(db, [first.id]);
  if (!invoices.length) throw new AppError('SETTLE_NO_INVOICES');
  const sum = invoices.reduce((a, i) => a + i.invTaxAmount, 0);
  if (sum !== first.providerTotal)
    throw new AppError(
      'SETTLE_INVOICE_TOTAL',
      fmt(settleFailures.invoiceTotal, { amount: fenToYuanText(first.providerTotal) }),
    );
  return move(db, actor, 'provider', companyId, ref, 'invoices', (s) => ({
    invState: nextOf(SETTLE_INV_MACHINE, s, 'submit', 'provider'),
    invoicedAt: new Date(),
  }));
}

// ---------- the platform's ----------

export async function pageIssueQueue(db: Executor, page: number, size: number) {
  const { rows, total } = await repo.pageIssueQueue(db, page, size);
  return { data: await views(db, rows, 'staff'), total };
}

/** POST /admin/settlements/:id/issue: the platform records its invoice to the tenant (le_state 1, status 3: to receive). */
export async function issueLessorInvoice(db: DB, actor: TActor, id: number, v: { inv_no: string; inv_date: string }) {
  const first = await repo.findSettleById(db, id);
  if (!first) throw new AppError('SETTLE_NOT_FOUND');
  const o = (await findOrderById(db, first.orderId))!;
  await inTx(db, async (tx) => {
    const s = (await repo.lockSettle(tx, id))!;
    const status = nextOf(SETTLE_MACHINE, s, 'issue', 'staff');
    const row = await repo.updateSettle(tx, s, {
      status,
      leState: nextOf(SETTLE_LE_MACHINE, s, 'issue', 'staff'),
      leInvNo: v.inv_no,
      leInvDate: v.inv_date,
      issuedAt: new Date(),
    });
    if (!row) throw new AppError('SETTLE_STATE');
    await recordAudit(tx, actor, {
      entity: AUDIT_SETTLE,
      entityId: s.id,
      action: 'issue',
      from: s.status,
      to: row.status,
      reason: v.inv_no,
    });
    await recordOrderEvent(tx, actor, o, 'settle_issue', `${s.settleSn} 发票号码 ${v.inv_no}`);
  });
}

// ---------- reading them; the tenant's address ----------

/** GET /ep/sti_lst: the provider's invoices of a settlement. */
export async function listInvoices(db: Executor, companyId: number, ref: { order_id: number; id: number }) {
  const { s } = await requireSettle(db, 'provider', companyId, ref.order_id, ref.id);
  return (await views(db, [s], 'provider'))[0].settle_inv;
}

/** Where the platform's invoice of a settlement goes: its own address once the tenant set one, else the order's. */
async function invAddressOf(db: Executor, s: TSettleDb, o: TOrderRowDb) {
  const own = s.rcvName !== '';
  const a = own
    ? {
        name: s.rcvName,
        phone: s.rcvPhone,
        province: s.rcvProvince,
        city: s.rcvCity,
        area: s.rcvArea,
        address: s.rcvAddress,
        remark: s.rcvRemark,
      }
    : {
        name: o.rcvName,
        phone: o.rcvPhone,
        province: o.rcvProvince,
        city: o.rcvCity,
        area: o.rcvArea,
        address: o.rcvAddress,
        remark: o.rcvRemark,
      };
  const chain = a.province && a.city && a.area ? await regionChain(db, a.province, a.city, a.area) : null;
  return { ...a, region_v: chain ? `${chain.province_v}${chain.city_v}${chain.area_v}` : '' };
}

/** The tenant may change the address until the platform issues the invoice, on a settlement not voided. */
const invAddressEditable = (s: TSettleDb) => !!transitionOf(SETTLE_LE_MACHINE, settleState(s), 'set_address', 'tenant');

/** GET /rent/settle/invDetail: the platform's invoice to the tenant for a settlement (once issued) and where it goes. */
export async function lessorInvoice(
  db: Executor,
  companyId: number,
  ref: { order_id: number; id: number },
): Promise<TLessorInvoice> {
  const { o, s } = await requireSettle(db, 'tenant', companyId, ref.order_id, ref.id);
  const names = await findCompanyNames(db, [s.tenantCompanyId]);
  return {
    issued: s.leState !== LE_STATE.none,
    inv_no: s.leInvNo,
    inv_date: s.leInvDate ?? '',
    seller_name: LESSOR.invTitle,
    buyer_name: names.get(s.tenantCompanyId) ?? '',
    amount_v: fenToYuanText(s.taxTotal),
    le_state: s.leState,
    inv_address: await invAddressOf(db, s, o),
    address_editable: invAddressEditable(s) ? 1 : 0,
  };
}

/**
 * POST /rent/settle/setInvAddress (spec/2 §7): the tenant sets where the platform's invoice of this settlement goes,
 * with the order confirmation's rules (§5: receiver, mobile, a real province → city → area path, address, remark).
 * Refused once the platform issued the invoice (it is on its way) or on a voided settlement. Compare-and-set under
 * the settlement's lock; the trail on the settlement and the order.
 */
export async function setInvoiceAddress(db: DB, actor: TActor, companyId: number, v: TSettleInvAddress) {
  const { o } = await requireSettle(db, 'tenant', companyId, v.order_id, v.id);
  await requireChainGate(db, o, 'tenant');
  if (!(await isRegionPath(db, v.province, v.city, v.area))) invalid('province', orderRules.regionRequired);
  await inTx(db, async (tx) => {
    const s = (await repo.lockSettle(tx, v.id))!;
    // a voided settlement is the state refusal; one whose invoice is on its way says so
    if (!invAddressEditable(s)) throw new AppError(isSettleLive(s) ? 'SETTLE_INV_ISSUED' : 'SETTLE_STATE');
    const row = await repo.updateSettle(tx, s, {
      rcvName: v.name,
      rcvPhone: v.phone,
      rcvProvince: v.province,
      rcvCity: v.city,
      rcvArea: v.area,
      rcvAddress: v.address,
      rcvRemark: v.remark,
    });
    if (!row) throw new AppError('SETTLE_STATE');
    await recordAudit(tx, actor, {
      entity: AUDIT_SETTLE,
      entityId: s.id,
      action: 'set_inv_address',
      from: s.status,
      to: s.status,
      reason: `${v.name} ${v.address}`,
    });
    await recordOrderEvent(tx, actor, o, 'settle_set_inv_address', `${s.settleSn} 收票地址：${v.name} ${v.address}`);
  });
}
