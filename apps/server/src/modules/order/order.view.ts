import {
  BOARDING_OPTIONS,
  BIDDING_CLASSIFY_TEXT,
  DRIVER_OPTIONS,
  EQUIP_AGES,
  INOUT_OPTIONS,
  OIL_OPTIONS,
  PAYMENT_TYPE_TEXT,
  PROJECT_TYPES,
  optionText,
  unitText,
} from '@jizu/shared/constants/bidding';
import {
  LESSOR,
  ORDER_STATUS,
  ORDER_STATUS_TEXT,
  PROVIDER_ORDER_STATUS_TEXT,
  SUPER,
  ORDER_MACHINE,
  type TOrderWho,
} from '@jizu/shared/constants/order';
import { actionsOf } from '@jizu/shared/rules/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { order as msg, orderActionText } from '@jizu/shared/messages/order';
import { fenToYuanPlain, fenToYuanText } from '@jizu/shared/rules/money';
import type { TOrderDetail, TOrderHistoryEntry, TOrderLineView, TOrderRow } from '@jizu/shared/schemas/order';
import type { Executor } from '../../db/client';
import type { Vault } from '../../platform/crypto';
import type { TAuditBrief } from '../audit/audit.service';
import { maskName } from '@jizu/shared/rules/mask';
import { rowDecoder } from '../../db/json-rows';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { biddingLinesByIds, biddingsByIds } from '../bidding/bidding.repo';
import { findCompanyFlags } from '../company/company.service';
import { productNames, regionNames } from '../region/region.service';
import type { TOrderJsonRow, TOrderLineDb, TOrderListRow, TOrderRowDb } from './order.repo';
import { rentalOrderLines, rentalOrders } from './order.tables';

export const AUDIT_ORDER = 'rental_order';

const flagsOf = (c: { super: number; finance: number } | undefined) => ({
  tenant: c?.super === 1 ? SUPER.ready : SUPER.none,
  provider: c?.super === 1 ? (c.finance === 1 ? SUPER.ready : SUPER.noFinance) : SUPER.none,
});
/** spec/2 §3 tenant_super (0/1) and provider_super (0 none, 1 verified with the finance product, 2 verified without). */
export async function superFlags(db: Executor, o: Pick<TOrderRowDb, 'tenantCompanyId' | 'providerCompanyId'>) {
  const flags = await findCompanyFlags(db, [o.tenantCompanyId, o.providerCompanyId]);
  return {
    tenant_super: flagsOf(flags.get(o.tenantCompanyId)).tenant,
    provider_super: flagsOf(flags.get(o.providerCompanyId)).provider,
    flags,
  };
}

const statusText = (o: { status: number }, who: TOrderWho) =>
  (who === 'provider' ? PROVIDER_ORDER_STATUS_TEXT[o.status] : ORDER_STATUS_TEXT[o.status]) ?? '';

/** The requirement texts of a line's bidding line (itemised) or of its project (comprehensive). */
type TReqSource = {
  paymentType: number;
  time: number | null;
  age: number | null;
  driver: number | null;
  inout: number | null;
  oil: number | null;
  boarding: number | null;
};
const reqList = (r: TReqSource | undefined): string[] =>
  r
    ? [
        PAYMENT_TYPE_TEXT[r.paymentType] ?? '',
        r.time ? `工期${r.time}天` : '',
        optionText(EQUIP_AGES, r.age) && `设备年限：${optionText(EQUIP_AGES, r.age)}`,
        optionText(DRIVER_OPTIONS, r.driver),
        optionText(INOUT_OPTIONS, r.inout),
        optionText(OIL_OPTIONS, r.oil) && `油费${optionText(OIL_OPTIONS, r.oil)}`,
        optionText(BOARDING_OPTIONS, r.boarding),
      ].filter(Boolean)
    : [];

type TSources = { lines: Map<number, TReqSource>; biddings: Map<number, TReqSource & { sn: string }> };
type TFlags = Awaited<ReturnType<typeof findCompanyFlags>>;

async function reqSources(db: Executor, orders: TOrderRowDb[], lines: TOrderLineDb[]): Promise<TSources> {
  const lineIds = lines.map((l) => l.biddingLineId).filter((x): x is number => !!x);
  const bidIds = [...new Set(orders.map((o) => o.biddingId).filter((x): x is number => !!x))];
  // one after the other: `db` may be a transaction (the demo seed's settlements), whose one connection must not be
  // asked a second statement while the first runs (the pages read these in their own statement: orderPartsOf)
  const bl = await biddingLinesByIds(db, lineIds);
  const bs = await biddingsByIds(db, bidIds);
  return { lines: new Map(bl.map((l) => [l.id, l])), biddings: new Map(bs.map((b) => [b.id, b])) };
}

export async function lineViews(
  db: Executor,
  orders: TOrderRowDb[],
  lines: TOrderLineDb[],
  sources?: TSources,
): Promise<Map<number, TOrderLineView[]>> {
  // one after the other, as reqSources (`db` may be a transaction)
  const names = await productNames(
    db,
    lines.map((l) => l.productId),
  );
  const src = sources ?? (await reqSources(db, orders, lines));
  const byId = new Map(orders.map((o) => [o.id, o]));
  const out = new Map<number, TOrderLineView[]>();
  for (const l of lines) {
    const o = byId.get(l.orderId);
    const b = o?.biddingId ? src.biddings.get(o.biddingId) : undefined;
    const bl = l.biddingLineId ? src.lines.get(l.biddingLineId) : undefined;
    const req: TReqSource | undefined = o?.classify === 2 && b ? { ...b, time: b.time } : bl;
    const unit_v = unitText(l.unit);
    const view: TOrderLineView = {
      id: l.id,
      eq_product_v: names.get(l.productId)?.product ?? '',
      model: l.model,
      num: l.num,
      unit: l.unit,
      unit_v,
      price: fenToYuanPlain(l.price),
      price_v: fenToYuanText(l.price),
      rate: l.rate,
      tax_total: fenToYuanPlain(l.taxTotal),
      tax_total_v: fenToYuanText(l.taxTotal),
      inout_price_v: fenToYuanText(l.inoutPrice),
      enter_date: l.enterDate ?? '',
      orig_enter_date: l.origEnterDate ?? l.enterDate ?? '',
      privce_unit: unit_v ? `元/${unit_v}` : '元',
      payment_type_v: PAYMENT_TYPE_TEXT[req?.paymentType ?? o?.paymentType ?? 0] ?? '',
      req_lst: reqList(req),
    };
    const list = out.get(l.orderId) ?? [];
    list.push(view);
    out.set(l.orderId, list);
  }
  return out;
}

const lineText = (l: Pick<TOrderLineView, 'eq_product_v' | 'model' | 'num' | 'unit_v'>) =>
  `${l.eq_product_v}${l.model ? ` ${l.model}` : ''} × ${l.num}${l.unit_v}`;
const sumTaxTotal = (lines: TOrderLineDb[]) => lines.reduce((s, l) => s + l.num * l.taxTotal, 0);

type TRowParts = { src: TSources; views: Map<number, TOrderLineView[]>; flags: TFlags };

const decodeOrder = rowDecoder(rentalOrders);
const decodeLine = rowDecoder(rentalOrderLines);
type TPartsJson = { l: Record<string, unknown>; bl: TReqSource | null }[];
type TParty = { id: number; name: string; status: number; super: number; finance: number; type: number };

/** Orders and what their views show beside them, from rows of order.repo's ORDER_PARTS_SQL (one statement). */
export function orderPartsOf(rows: TOrderJsonRow[]): {
  orders: TOrderRowDb[];
  lines: TOrderLineDb[];
  src: TSources;
  flags: TFlags;
} {
  const orders: TOrderRowDb[] = [];
  const lines: TOrderLineDb[] = [];
  const src: TSources = { lines: new Map(), biddings: new Map() };
  const flags: TFlags = new Map();
  for (const r of rows) {
    orders.push(decodeOrder(r.o));
    for (const x of r.lines as TPartsJson) {
      const l = decodeLine(x.l);
      lines.push(l);
      if (x.bl && l.biddingLineId) src.lines.set(l.biddingLineId, x.bl);
    }
    const b = r.bidding as (TReqSource & { id: number; sn: string }) | null;
    if (b) src.biddings.set(b.id, b);
    for (const c of r.parties as TParty[]) flags.set(c.id, c);
  }
  return { orders, lines, src, flags };
}

/** What a list row shows of an order, from either read: the order's whole row with its views, or pageOrderList's row. */
type TRowCore = Pick<
  TOrderRowDb,
  | 'id'
  | 'sn'
  | 'biddingId'
  | 'offerId'
  | 'classify'
  | 'status'
  | 'providerStatus'
  | 'projectName'
  | 'projectAddress'
  | 'reason'
  | 'returnReason'
> & {
  createdAt: Date | string;
};
/** What a list row shows beside the order's own columns (a second argument: the order's row itself is passed as it is, not copied with these added) */
type TRowMore = {
  biddingSn: string | null | undefined;
  tenantName: string | null | undefined;
  providerName: string | null | undefined;
  lines: string[];
  /** the lines' tax-inclusive total, fen */
  taxTotal: number;
};

function rowView(o: TRowCore, x: TRowMore, who: TOrderWho): TOrderRow {
  return {
    id: o.id,
    sn: o.sn,
    bid: o.biddingId,
    bidding_sn: (o.biddingId && x.biddingSn) || '',
    offer_id: o.offerId,
    classify: o.classify,
    status: o.status,
    status_v: statusText(o, who),
    provider_status: o.providerStatus,
    project_name: o.projectName,
    project_address: o.projectAddress,
    tenant_name: x.tenantName ?? '',
    provider_name: x.providerName ?? '',
    lines: x.lines,
    tax_total_v: fenToYuanText(x.taxTotal),
    create_time_v: shanghaiDateTime(o.createdAt),
    reason: o.status === ORDER_STATUS.closed ? o.reason : o.status === ORDER_STATUS.returned ? o.returnReason : '',
    actions: actionsOf(ORDER_MACHINE, { status: o.status, provider_status: o.providerStatus }, who),
  };
}

/**
 * List rows from order.repo's pageOrderList, the same as orderRows gives for those orders: no statement but the
 * product names' (held by the process).
 */
export async function orderListRows(db: Executor, rows: TOrderListRow[], who: TOrderWho): Promise<TOrderRow[]> {
  const names = await productNames(
    db,
    rows.flatMap((r) => (r.lines ?? []).map((l) => l[0])),
  );
  return rows.map((o) => {
    const lines = o.lines ?? [];
    return rowView(
      {
        id: o.id,
        sn: o.sn,
        biddingId: o.bidding_id,
        offerId: o.offer_id,
        classify: o.classify,
        status: o.status,
        providerStatus: o.provider_status,
        projectName: o.project_name,
        projectAddress: o.project_address,
        reason: o.reason,
        returnReason: o.return_reason,
        createdAt: o.created_at,
      },
      {
        biddingSn: o.bidding_sn,
        tenantName: o.tenant_name,
        providerName: o.provider_name,
        lines: lines.map(([productId, model, num, unit]) =>
          lineText({ eq_product_v: names.get(productId)?.product ?? '', model, num, unit_v: unitText(unit) }),
        ),
        taxTotal: lines.reduce((sum, [, , num, , taxTotal]) => sum + num * taxTotal, 0),
      },
      who,
    );
  });
}

/**
 * List rows of one side (names of both parties, the lines in a text each, the side's buttons). `parts`: what a caller
 * already read for the same orders (the detail page), so that no statement runs twice in one request.
 */
export async function orderRows(
  db: Executor,
  rows: TOrderRowDb[],
  lines: TOrderLineDb[],
  who: TOrderWho,
  parts?: TRowParts,
): Promise<TOrderRow[]> {
  const src = parts?.src ?? (await reqSources(db, rows, lines));
  const [views, flags] = parts
    ? [parts.views, parts.flags]
    : await Promise.all([
        lineViews(db, rows, lines, src),
        findCompanyFlags(
          db,
          rows.flatMap((o) => [o.tenantCompanyId, o.providerCompanyId]),
        ),
      ]);
  return rows.map((o) =>
    rowView(
      o,
      {
        biddingSn: o.biddingId ? src.biddings.get(o.biddingId)?.sn : '',
        tenantName: flags.get(o.tenantCompanyId)?.name,
        providerName: flags.get(o.providerCompanyId)?.name,
        lines: (views.get(o.id) ?? []).map(lineText),
        taxTotal: sumTaxTotal(lines.filter((l) => l.orderId === o.id)),
      },
      who,
    ),
  );
}

function affirmTexts(o: TOrderRowDb): string[] {
  const t = (d: Date | null) => shanghaiDateTime(d);
  const out: string[] = [];
  if (o.status === ORDER_STATUS.draft) out.push(msg.affirmDraft);
  if (o.submittedAt) out.push(fmt(msg.affirmSubmit, { time: t(o.submittedAt) }));
  if (o.status === ORDER_STATUS.submitted) out.push(msg.affirmWaiting);
  if (o.confirmedAt) out.push(fmt(msg.affirmConfirm, { time: t(o.confirmedAt) }));
  if (o.status === ORDER_STATUS.returned)
    out.push(fmt(msg.affirmReturn, { time: t(o.updatedAt), reason: o.returnReason }));
  if (o.status === ORDER_STATUS.closed)
    out.push(fmt(msg.affirmClose, { time: t(o.closedAt ?? o.updatedAt), reason: o.reason }));
  return out;
}

/**
 * The order as one side sees it (spec/2 §3 "Rental order"). Each side sees its own private parts only: the tenant its
 * invoicing and receiver, the provider its payee account (masked to the tenant's eyes: not sent at all).
 */
export async function orderDetailView(
  db: Executor,
  vault: Vault,
  o: TOrderRowDb,
  lines: TOrderLineDb[],
  who: TOrderWho,
  read?: { src: TSources; flags: TFlags },
): Promise<TOrderDetail> {
  // each table once: the requirement sources, the two companies and the line views serve the row and the detail
  const [src, flags, regions] = await Promise.all([
    read?.src ?? reqSources(db, [o], lines),
    read?.flags ?? findCompanyFlags(db, [o.tenantCompanyId, o.providerCompanyId]),
    regionNames(db, [o.rcvProvince, o.rcvCity, o.rcvArea]),
  ]);
  const views = await lineViews(db, [o], lines, src);
  const [row] = await orderRows(db, [o], lines, who, { src, views, flags });
  const sup = {
    tenant_super: flagsOf(flags.get(o.tenantCompanyId)).tenant,
    provider_super: flagsOf(flags.get(o.providerCompanyId)).provider,
  };
  const req = views.get(o.id) ?? [];
  const enter =
    req
      .map((l) => l.enter_date)
      .filter(Boolean)
      .sort()[0] ?? '';
  // the row's fields spread last, not first: a literal that starts with a spread and then adds 21 more properties makes
  // V8 add them one by one to the copy, past its room for added fields, and turn it into a slow dictionary object (55 µs
  // of the detail's view, and slower to serialise); the key order does not matter, the serialiser writes the schema's
  return {
    classify_v: BIDDING_CLASSIFY_TEXT[o.classify] ?? '',
    affirm_v: affirmTexts(o),
    tenant_super: sup.tenant_super,
    provider_super: sup.provider_super,
    project_type: o.projectType,
    project_type_v: optionText(PROJECT_TYPES, o.projectType),
    remark: o.remark,
    return_reason: o.returnReason,
    payment_type_v: PAYMENT_TYPE_TEXT[o.paymentType] ?? '',
    lessor_name: LESSOR.name,
    lessor_info: { inv_title: LESSOR.invTitle },
    tenant_contacts: o.tenantContacts,
    tenant_tel: o.tenantTel,
    provider_contacts: o.providerContacts,
    provider_tel: o.providerTel,
    order_party: [
      { type: 0, contacts: o.tenantContacts, tel: o.tenantTel },
      { type: 1, contacts: o.providerContacts, tel: o.providerTel },
    ],
    order_invoice:
      who === 'tenant' && o.invType !== null
        ? {
            type: o.invType,
            type_v: o.invType === 0 ? '增值税专用发票' : '增值税普通发票',
            name: o.invTitle,
            no: o.invNo,
            address: o.invAddress,
            telphone: o.invTel,
            bank: o.invBank,
            bank_no: o.invBankNo ? vault.decrypt('bank_no', o.invBankNo) : '',
          }
        : null,
    order_invoice_address:
      who === 'tenant' && o.rcvName
        ? {
            name: o.rcvName,
            phone: o.rcvPhone,
            province: o.rcvProvince ?? 0,
            city: o.rcvCity ?? 0,
            area: o.rcvArea ?? 0,
            region_v: [o.rcvProvince, o.rcvCity, o.rcvArea].map((id) => (id ? (regions.get(id) ?? '') : '')).join(''),
            address: o.rcvAddress,
            remark: o.rcvRemark,
          }
        : null,
    order_payee:
      who === 'provider' && o.payeeBank
        ? { bank_name: o.payeeBank, bank_no: vault.decrypt('bank_no', o.payeeBankNo) }
        : null,
    enter_date_v: enter,
    order_req: req,
    ...row,
  };
}

/** An entry of the order's timeline: the event with its action's name. */
/** An entry of the order's timeline: who took the step is the company's name and the person's name masked (张**). */
export const historyEntryView = (h: TAuditBrief): TOrderHistoryEntry => ({
  id: h.id,
  action: h.action,
  action_v: orderActionText[h.action] ?? h.action,
  from: h.from,
  to: h.to,
  reason: h.reason,
  create_time: h.create_time,
  company_name: h.company_name,
  actor_name: maskName(h.actor_name),
});
