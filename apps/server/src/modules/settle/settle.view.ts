import { LESSOR, type TOrderWho } from '@jizu/shared/constants/order';
import {
  INVOICE_TYPE_TEXT,
  SETTLE_MACHINE,
  SETTLE_STATUS,
  SETTLE_STATUS_TEXT,
  type TSettleState,
} from '@jizu/shared/constants/settle';
import { actionsOf } from '@jizu/shared/rules/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { settle as msg } from '@jizu/shared/messages/settle';
import { bpToPercentText, fenToYuanPlain, fenToYuanText } from '@jizu/shared/rules/money';
import type { TInvoiceView, TSettleView } from '@jizu/shared/schemas/settle';
import type { Executor } from '../../db/client';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { findCompanyNames } from '../company/company.service';
import { findOrderById } from '../order/order.service';
import type { TOrderRowDb } from '../order/order.repo';
import * as repo from './settle.repo';
import type { TInvoiceDb, TInvoiceListRow, TSettleDb, TSettleListRow } from './settle.repo';

export const settleState = (s: TSettleDb | TSettleListRow): TSettleState => ({
  status: s.status,
  lessor_affirm_status: s.lessorAffirm,
  provider_affirm_status: s.providerAffirm,
  le_state: s.leState,
  inv_state: s.invState,
});

// ---------- views ----------

function invoiceView(i: TInvoiceDb | TInvoiceListRow, names: { buyer: string; seller: string }): TInvoiceView {
  return {
    id: i.id,
    invoice_type: i.invoiceType,
    invoice_type_v: INVOICE_TYPE_TEXT[i.invoiceType] ?? '',
    inv_id: i.invId,
    inv_no: i.invNo,
    inv_date: i.invDate,
    inv_amount: i.invAmount ? fenToYuanPlain(i.invAmount) : '',
    tax_rate: i.taxRate,
    inv_tax_amount: fenToYuanPlain(i.invTaxAmount),
    inv_tax_amount_v: fenToYuanText(i.invTaxAmount),
    verify_no: i.verifyNo,
    buyer_name: names.buyer,
    seller_name: names.seller,
  };
}

export async function views(db: Executor, rows: TSettleDb[], who: TOrderWho | 'staff'): Promise<TSettleView[]> {
  if (!rows.length) return [];
  const orders = new Map<number, TOrderRowDb | null>();
  for (const id of new Set(rows.map((r) => r.orderId))) orders.set(id, await findOrderById(db, id));
  const [names, invoices] = await Promise.all([
    findCompanyNames(
      db,
      rows.flatMap((r) => [r.tenantCompanyId, r.providerCompanyId]),
    ),
    repo.invoicesOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return viewsOf(rows, who, { orders, names, invoices });
}

/** What a settlement's view shows of its order. */
type TSettleOrder = Pick<
  TOrderRowDb,
  'sn' | 'projectName' | 'tenantContacts' | 'tenantTel' | 'providerContacts' | 'providerTel'
>;

/** The views from what was read already (the list's one statement, or views' own reads). */
export function viewsOf(
  rows: (TSettleDb | TSettleListRow)[],
  who: TOrderWho | 'staff',
  read: {
    orders: Map<number, TSettleOrder | null>;
    names: Map<number, string>;
    invoices: (TInvoiceDb | TInvoiceListRow)[];
  },
): TSettleView[] {
  const { orders, names, invoices } = read;
  return rows.map((s) => {
    const o = orders.get(s.orderId);
    const state = settleState(s);
    const mine = invoices.filter((i) => i.settleId === s.id);
    const invTotal = mine.reduce((a, i) => a + i.invTaxAmount, 0);
    const t = (d: Date | string | null) => shanghaiDateTime(d);
    const affirm = [fmt(msg.affirmCreated, { time: t(s.createdAt) })];
    if (s.confirmedAt) affirm.push(fmt(msg.affirmConfirmed, { time: t(s.confirmedAt) }));
    else if (s.status === SETTLE_STATUS.toConfirm) affirm.push(msg.affirmWaiting);
    if (s.invoicedAt) affirm.push(fmt(msg.affirmInvoices, { time: t(s.invoicedAt) }));
    if (s.issuedAt) affirm.push(fmt(msg.affirmIssued, { time: t(s.issuedAt), no: s.leInvNo }));
    if (s.receivedAt) affirm.push(fmt(msg.affirmReceived, { time: t(s.receivedAt) }));
    if (s.voidedAt) affirm.push(fmt(msg.affirmVoided, { time: t(s.voidedAt) }));
    const able = actionsOf(SETTLE_MACHINE, state, who);
    // the provider's invoices are between it and the platform; the tenant sees its own invoice from the platform
    const showInvoices = who !== 'tenant';
    return {
      id: s.id,
      sn: s.sn,
      order_id: s.orderId,
      order_sn: o?.sn ?? '',
      settle_sn: s.settleSn,
      month: s.month,
      date: s.date,
      tax_total: fenToYuanPlain(s.taxTotal),
      tax_total_v: fenToYuanText(s.taxTotal),
      inv_tax_total: showInvoices ? fenToYuanPlain(invTotal) : '',
      inv_tax_total_v: showInvoices ? fenToYuanText(invTotal) : '',
      status: s.status,
      status_v: SETTLE_STATUS_TEXT[s.status] ?? '',
      attachment: s.attachment,
      affirm_v: affirm,
      le_state: s.leState,
      inv_state: s.invState,
      able_option: able,
      lessor_affirm_status: s.lessorAffirm,
      provider_affirm_status: s.providerAffirm,
      create_time_v: t(s.createdAt),
      project_name: o?.projectName ?? '',
      tenant_info: {
        name: names.get(s.tenantCompanyId) ?? '',
        contacts: o?.tenantContacts ?? '',
        tel: o?.tenantTel ?? '',
      },
      lessor_info: { name: LESSOR.name, inv_title: LESSOR.invTitle },
      provider_info: {
        name: names.get(s.providerCompanyId) ?? '',
        contacts: o?.providerContacts ?? '',
        tel: o?.providerTel ?? '',
      },
      settle_inv: showInvoices
        ? mine.map((i) => invoiceView(i, { buyer: LESSOR.invTitle, seller: names.get(s.providerCompanyId) ?? '' }))
        : [],
      ser_ratio_v: bpToPercentText(s.serRatioBp),
      ser_total: fenToYuanText(s.serTotal),
      provider_total: fenToYuanText(s.providerTotal),
      draft_total: fenToYuanText(s.draftTotal),
      reason: s.reason,
      le_inv_no: s.leInvNo,
      le_inv_date: s.leInvDate ?? '',
    };
  });
}
