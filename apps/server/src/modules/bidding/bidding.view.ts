import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  BID_INVOICE_TYPES,
  BIDDING_CLASSIFY_TEXT,
  BIDDING_SHOW,
  BIDDING_STATUS_TEXT,
  BOARDING_OPTIONS,
  DRIVER_OPTIONS,
  EQUIP_AGES,
  INOUT_OPTIONS,
  OFFER_STATUS,
  OIL_OPTIONS,
  PAYMENT_TYPE_TEXT,
  PROJECT_TYPES,
  REGISTERED_ASSETS,
  optionText,
  unitOf,
  unitText,
} from '@jizu/shared/constants/bidding';
import { SITE } from '@jizu/shared/constants/site';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { TBiddingBase, TBiddingLine, TBiddingReq } from '@jizu/shared/schemas/biddingView';
import type { Executor } from '../../db/client';
import { anyOf, idsOf, prepared } from '../../db/prepared';
import { readRows, rowDecoder } from '../../db/json-rows';
import { productNames, regionNames } from '../region/region.service';
import { companyNameSql } from '../company/company.service';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { biddingLines, biddingOffers, biddings } from './bidding.tables';

export type TBiddingRow = typeof biddings.$inferSelect;
export type TBiddingLineRow = typeof biddingLines.$inferSelect;

/** limit_v: a price cap in yuan, or 不限 for 0 (no cap). */
export const limitText = (fen: number | null | undefined) => (fen ? fenToYuanText(fen) : '不限');

/** The public address of a bidding (href, relative) and the absolute one a QR code holds (web_url). */
export const biddingHref = (id: number) => SITE.bidding(id);
export const biddingWebUrl = (publicUrl: string, id: number) => `${publicUrl}${SITE.bidding(id)}`;

/** Loads a bidding's lines in their order. */
export function loadLines(db: Executor, biddingId: number): Promise<TBiddingLineRow[]> {
  const q = prepared(db, 'bidding.lines', (d) =>
    d
      .select()
      .from(biddingLines)
      .where(eq(biddingLines.biddingId, sql.placeholder('biddingId')))
      .orderBy(asc(biddingLines.no), asc(biddingLines.id))
      .prepare('bidding.lines'),
  );
  return q.execute({ biddingId });
}

/** Responding companies per bidding: offers that are not withdrawn. */
export async function countResponses(db: Executor, biddingIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!biddingIds.length) return out;
  const q = prepared(db, 'bidding.responses', (d) =>
    d
      .select({ id: biddingOffers.biddingId, n: count() })
      .from(biddingOffers)
      .where(and(anyOf(biddingOffers.biddingId), ne(biddingOffers.status, OFFER_STATUS.withdrawn)))
      .groupBy(biddingOffers.biddingId)
      .prepare('bidding.responses'),
  );
  const rows = await q.execute({ ids: idsOf(biddingIds) });
  for (const r of rows) out.set(r.id, Number(r.n));
  return out;
}

const timeText = (time: number | null | undefined) => (time ? `${time}天` : '');

function reqView(b: TBiddingRow): TBiddingReq | null {
  if (b.num === null || b.unit === null) return null;
  const unit = unitOf(b.paymentType, b.unit);
  return {
    num: b.num,
    unit,
    num_unit_v: unitText(unit),
    limit: b.limit ?? 0,
    limit_v: limitText(b.limit),
    payment_type: b.paymentType,
    payment_type_v: PAYMENT_TYPE_TEXT[b.paymentType] ?? '',
    time: b.time ?? 0,
    time_v: timeText(b.time),
    enter_date: b.enterDate ?? '',
    age: b.age ?? 0,
    age_v: optionText(EQUIP_AGES, b.age),
    driver: b.driver ?? 0,
    driver_v: optionText(DRIVER_OPTIONS, b.driver),
    inout: b.inout ?? 0,
    inout_v: optionText(INOUT_OPTIONS, b.inout),
    oil: b.oil ?? 0,
    oil_v: optionText(OIL_OPTIONS, b.oil),
    boarding: b.boarding ?? 0,
    boarding_v: optionText(BOARDING_OPTIONS, b.boarding),
  };
}

export interface TViewOptions {
  /** the configured public URL (config.publicUrl), for web_url */
  publicUrl: string;
  /** the viewer sees the tenant's real name and full phone (the owner, staff, or a provider selected on it) */
  full: boolean;
}

/**
 * The common read of one bidding (ZBiddingBase). With `full` false (the public page, a provider that was not
 * selected) a hidden tenant (`show` 0) reads as 某企业 and the contact's phone is masked.
 */
const decodeLine = rowDecoder(biddingLines);

/**
 * What every page of a project shows beside its row, in one statement: the lines in their order, the responding
 * companies (offers not withdrawn), per line too, and the company's name. Written at first use (the company module's
 * SQL value).
 */
let partsSql = '';
const PARTS_SQL = () =>
  (partsSql ||=
    `select (select coalesce(json_agg(to_json(l) order by l.no, l.id), '[]') from bidding_lines l where l.bidding_id = $1) as lines, ` +
    `(select count(*)::int from bidding_offers f where f.bidding_id = $1 and f.status <> ${OFFER_STATUS.withdrawn}) as responses, ` +
    `(select coalesce(json_object_agg(x.line_id, x.n), '{}') from (select ol.line_id, count(*)::int as n from bidding_offer_lines ol ` +
    `join bidding_offers f on f.id = ol.offer_id where ol.bidding_id = $1 and f.status <> ${OFFER_STATUS.withdrawn} group by ol.line_id) x) as line_counts, ` +
    `${companyNameSql('$2')} as company_name`);

async function readParts(db: Executor, b: TBiddingRow) {
  type TRow = {
    lines: Record<string, unknown>[];
    responses: number;
    line_counts: Record<string, number>;
    company_name: string | null;
  };
  const [row] = await readRows<TRow>(db, 'bidding.parts', PARTS_SQL(), [b.id, b.companyId]);
  return {
    lines: row.lines.map(decodeLine),
    responses: Number(row.responses),
    lineCounts: new Map(Object.entries(row.line_counts).map(([k, n]) => [Number(k), Number(n)])),
    companyName: row.company_name ?? '',
  };
}

export async function biddingBaseView(db: Executor, b: TBiddingRow, opts: TViewOptions): Promise<TBiddingBase> {
  // the parts in one statement; the region and product names are held by the process (no statement once known)
  const [{ lines, responses, lineCounts, companyName }, regions] = await Promise.all([
    readParts(db, b),
    regionNames(db, [b.province, b.city, b.area]),
  ]);
  const names = await productNames(db, [...new Set(lines.map((l) => l.productId))]);
  const visible = opts.full || b.show === BIDDING_SHOW.public;
  const maskTel = (t: string) => (opts.full ? t : t.length >= 7 ? `${t.slice(0, 3)}****${t.slice(-4)}` : t);
  const line = (l: TBiddingLineRow): TBiddingLine => {
    const n = names.get(l.productId);
    return {
      id: l.id,
      bid: b.id,
      no: l.no,
      eq_type: l.categoryId,
      eq_group: l.groupId,
      eq_product: l.productId,
      eq_product_v: n?.product ?? '',
      eq_type_v: n?.category ?? '',
      eq_group_v: n?.group ?? '',
      model: l.model,
      eq_num: l.eqNum,
      payment_type: l.paymentType,
      payment_type_v: PAYMENT_TYPE_TEXT[l.paymentType] ?? '',
      num: l.num,
      unit: l.unit,
      num_unit_v: unitText(l.unit),
      real_num: l.num - l.allotNum,
      allot_num: l.allotNum,
      time: l.time,
      time_v: timeText(l.time),
      limit: l.limit,
      limit_v: limitText(l.limit),
      age: l.age,
      age_v: optionText(EQUIP_AGES, l.age),
      driver: l.driver,
      driver_v: optionText(DRIVER_OPTIONS, l.driver),
      inout: l.inout,
      inout_v: optionText(INOUT_OPTIONS, l.inout),
      oil: l.oil,
      oil_v: optionText(OIL_OPTIONS, l.oil),
      boarding: l.boarding,
      boarding_v: optionText(BOARDING_OPTIONS, l.boarding),
      enter_date: l.enterDate ?? '',
      remark: l.remark,
      response_com_status: l.selectState,
      response_com_count: lineCounts.get(l.id) ?? 0,
    };
  };
  return {
    id: b.id,
    sn: b.sn,
    name: b.name,
    status: b.status,
    status_v: BIDDING_STATUS_TEXT[b.status] ?? '',
    classify: b.classify,
    classify_v: BIDDING_CLASSIFY_TEXT[b.classify] ?? '',
    href: biddingHref(b.id),
    web_url: biddingWebUrl(opts.publicUrl, b.id),
    end_time: b.endTime,
    create_time: shanghaiDateTime(b.createdAt),
    finish_date_v: b.finishedAt ? shanghaiDate(b.finishedAt) : '',
    reason: b.status === 6 ? b.reviewReason : b.status === 4 ? b.closeReason : '',
    order_status: b.orderStatus,
    response_com_count: responses,
    company_id: b.companyId,
    company_v: visible ? companyName : '某企业',
    contacts: b.contacts,
    tel: maskTel(b.tel),
    show: b.show,
    province: b.province,
    city: b.city,
    area: b.area,
    region_v: [b.province, b.city, b.area].map((id) => regions.get(id) ?? '').join(''),
    address: b.address,
    lng: b.lng,
    lat: b.lat,
    type: b.type,
    type_v: optionText(PROJECT_TYPES, b.type),
    payment_type: b.paymentType,
    payment_type_v: PAYMENT_TYPE_TEXT[b.paymentType] ?? '',
    remark: b.remark,
    invoice_type: b.invoiceType,
    invoice_type_v: optionText(BID_INVOICE_TYPES, b.invoiceType),
    registered_assets: b.registeredAssets,
    registered_assets_v: optionText(REGISTERED_ASSETS, b.registeredAssets),
    other: b.other,
    req: reqView(b),
    bidding_req_detail: lines.map(line),
  };
}
