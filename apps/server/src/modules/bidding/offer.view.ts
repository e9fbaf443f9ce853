import { OFFER_MACHINE, OFFER_STATUS_TEXT, type TOfferAction } from '@jizu/shared/constants/bidding';
import { transitionOf } from '@jizu/shared/rules/machine';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { TBiddingBase, TBiddingLine } from '@jizu/shared/schemas/biddingView';
import type { TOfferDetail, TOfferLine } from '@jizu/shared/schemas/offer';
import type { Executor } from '../../db/client';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { deadlinePassed } from './bidding.access';
import type { TBiddingRow } from './bidding.view';
import * as repo from './offer.repo';

export const money = (fen: number) => fenToYuanText(fen);

/** The request line's requirements in one text (req_lst). */
const reqText = (l: TBiddingLine | undefined) =>
  l
    ? [
        l.payment_type_v,
        l.time_v && `工期${l.time_v}`,
        l.enter_date && `进场${l.enter_date}`,
        l.age_v,
        l.driver_v,
        l.inout_v,
        l.oil_v,
        l.boarding_v,
      ]
        .filter(Boolean)
        .join('；')
    : '';

function lineView(q: repo.TOfferLineRow, line: TBiddingLine | undefined): TOfferLine {
  const amount = q.taxTotal * q.num + q.inoutPrice;
  return {
    id: q.id,
    bid: q.biddingId,
    rid: q.lineId,
    no: line?.no ?? 0,
    eq_product_v: line?.eq_product_v ?? '',
    model: line?.model ?? '',
    req_num: line?.num ?? 0,
    num: q.num,
    num_to_view: `${q.num}${line?.num_unit_v ?? ''}`,
    num_unit_v: line?.num_unit_v ?? '',
    price: q.price,
    price_v: money(q.price),
    rate: q.rate,
    rate_v: `${q.rate}%`,
    tax_total: q.taxTotal,
    tax_total_v: money(q.taxTotal),
    inout_price: q.inoutPrice,
    inout_price_v: money(q.inoutPrice),
    amount,
    amount_v: money(amount),
    select: q.select,
    select_v: q.select ? '已选中' : '未选中',
    allot_num: q.allotNum,
    req_lst: reqText(line),
  };
}

/**
 * Whether the provider's action on its offer is allowed now by the response table (the project responding, its
 * deadline not passed unless `ignoreDeadline`: callers that answer the deadline with its own refusal check it after).
 */
export const offerMay = (
  o: repo.TOfferRow,
  b: Pick<TBiddingRow, 'status' | 'endTime'> | null,
  action: TOfferAction,
  ignoreDeadline = false,
) =>
  transitionOf(
    OFFER_MACHINE,
    {
      status: o.status,
      bidding_status: b?.status,
      deadline_passed: !ignoreDeadline && !!b && deadlinePassed(b.endTime),
    },
    action,
    'provider',
  );

export async function offerDetail(
  db: Executor,
  o: repo.TOfferRow,
  base: TBiddingBase,
  biddingStatus: number,
): Promise<TOfferDetail> {
  const lines = await repo.loadOfferLines(db, o.id);
  const byId = new Map(base.bidding_req_detail.map((l) => [l.id, l]));
  const views = lines.map((q) => lineView(q, byId.get(q.lineId))).sort((a, b) => a.no - b.no);
  const total = views.reduce((n, l) => n + l.amount, 0);
  return {
    id: o.id,
    bid: o.biddingId,
    status: o.status,
    status_v: OFFER_STATUS_TEXT[o.status] ?? '',
    editable: offerMay(o, { status: biddingStatus, endTime: base.end_time }, 'change') ? 1 : 0,
    contacts: o.contacts,
    tel: o.tel,
    remark: o.remark,
    create_time: shanghaiDateTime(o.createdAt),
    update_time: shanghaiDateTime(o.updatedAt),
    total_num: views.reduce((n, l) => n + l.num, 0),
    total_money: total,
    total_money_v: money(total),
    lines: views,
  };
}
