import {
  BIDDING_CLASSIFY,
  BIDDING_CLASSIFY_TEXT,
  BIDDING_STATUS,
  INOUT_QUOTED,
  OFFER_MACHINE,
  OFFER_STATUS_TEXT,
  isBiddingResponding,
  isOfferWithdrawn,
} from '@jizu/shared/constants/bidding';
import { actionsOf, statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import { MENU } from '@jizu/shared/constants/menu';
import { fmt } from '@jizu/shared/messages/fmt';
import { offerRules as R } from '@jizu/shared/messages/offer';
import { maskName, maskPhone } from '@jizu/shared/rules/mask';
import { fenToYuanText, taxInclusiveFen } from '@jizu/shared/rules/money';
import { TOTAL_MAX_FEN } from '@jizu/shared/schemas/money';
import type {
  TOfferForm,
  TOfferQuery,
  TOfferRow,
  TOfferSave,
  TOfferView,
  TOfferWithBidding,
} from '@jizu/shared/schemas/offer';
import { inTx, type DB, type Executor } from '../../db/client';
import { publishEvent } from '../events/events.service';
import { AppError, invalid, isUniqueViolation } from '../../platform/errors';
import { mayUseMenu, type TCompanyCtx } from '../../platform/company-context';
import { recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { findCompany } from '../company/company.service';
import { approvedListingIds } from '../equipment/equipment.service';
import { regionNames } from '../region/region.service';
import { findCompanyShop } from '../shop/shop.service';
import { findBidding, deadlinePassed, PUBLIC_BIDDING_STATUSES } from './bidding.access';
import { AUDIT_OFFER } from './bidding.transition';
import { biddingBaseView, loadLines, type TBiddingLineRow, type TBiddingRow } from './bidding.view';
import * as repo from './offer.repo';
import { money, offerDetail, offerMay } from './offer.view';

type TPage<T> = { data: T[]; total: number };
export interface TOfferDeps {
  db: DB;
  publicUrl: string;
}

/** A contact's name before selection: the surname and two stars. */

/** The edit page of a response (the create form's 'already responded' refusal points there). */
export const offerEditPath = (offerId: number) => `/response/edit/${offerId}`;

/**
 * Whether this company may quote this project now (create, check_offer, save): not its own, responding, deadline not
 * passed, and no withdrawn response of its own. A project the providers may not see (in review, rejected) reads as missing.
 */
function assertQuotable(b: TBiddingRow | null, companyId: number): TBiddingRow {
  if (!b || (!PUBLIC_BIDDING_STATUSES.includes(b.status) && b.status !== BIDDING_STATUS.closed))
    throw new AppError('BIDDING_NOT_FOUND');
  if (b.companyId === companyId) throw new AppError('OFFER_OWN_PROJECT');
  if (!isBiddingResponding(b)) throw new AppError('OFFER_NOT_RESPONDING');
  if (deadlinePassed(b.endTime)) throw new AppError('OFFER_DEADLINE');
  return b;
}

function refuseExisting(existing: repo.TOfferRow | null): void {
  if (!existing) return;
  if (isOfferWithdrawn(existing)) throw new AppError('OFFER_WITHDRAWN_BEFORE');
  throw new AppError('OFFER_RESPONDED', undefined, {
    data: { offer_id: existing.id, edit: offerEditPath(existing.id) },
  });
}

/** A provider reads the project as the public does, in full once it was selected on it. */
const providerBase = (deps: TOfferDeps, b: TBiddingRow, o: repo.TOfferRow | null) =>
  biddingBaseView(deps.db, b, { publicUrl: deps.publicUrl, full: !!o && o.selected === 1 });

/** GET /ep/offer: the company's responses (spec/2 §3 "Response"). */
export async function listOffers(
  db: Executor,
  companyId: number,
  q: TOfferQuery & { before?: number },
): Promise<TPage<TOfferRow>> {
  const { rows, total } = await repo.pageCompanyOffers(db, companyId, q, q.page, q.size);
  const totals = await repo.offerTotals(
    db,
    rows.map((r) => r.o.id),
  );
  return {
    total,
    data: rows.map(({ o, b, tenant }) => {
      const t = totals.get(o.id) ?? { num: 0, money: 0 };
      const visible = b.show === 1 || o.selected === 1;
      return {
        id: o.id,
        bid: b.id,
        sn: b.sn,
        name: b.name,
        address: b.address,
        CompanyName: visible ? tenant : '某企业',
        contacts: o.contacts,
        TotalNum: t.num,
        TotalMoney: t.money,
        TotalMoney_v: money(t.money),
        end_time: b.endTime,
        status: o.status,
        status_v: OFFER_STATUS_TEXT[o.status] ?? '',
        classify: b.classify,
        classify_v: BIDDING_CLASSIFY_TEXT[b.classify] ?? '',
        create_time: shanghaiDateTime(o.createdAt),
        actions: actionsOf(
          OFFER_MACHINE,
          { status: o.status, bidding_status: b.status, deadline_passed: deadlinePassed(b.endTime) },
          'provider',
        ),
      };
    }),
  };
}

/** GET /ep/offer/create?id: the form, or the refusal the page shows before going home. */
export async function createForm(deps: TOfferDeps, ctx: TCompanyCtx, biddingId: number): Promise<TOfferForm> {
  const b = assertQuotable(await findBidding(deps.db, biddingId), ctx.companyId);
  refuseExisting(await repo.findCompanyOffer(deps.db, ctx.companyId, b.id));
  const bidding = await providerBase(deps, b, null);
  return { bidding, quotable: bidding.bidding_req_detail.map((l) => l.id), offer: null };
}

/** GET /ep/check_offer?rid: a line this company may quote now. */
export async function checkLine(db: Executor, ctx: TCompanyCtx, lineId: number): Promise<void> {
  const line = await repo.findLine(db, lineId);
  if (!line) throw new AppError('BIDDING_NOT_FOUND');
  const b = assertQuotable(await findBidding(db, line.biddingId), ctx.companyId);
  const existing = await repo.findCompanyOffer(db, ctx.companyId, b.id);
  if (existing && isOfferWithdrawn(existing)) throw new AppError('OFFER_WITHDRAWN_BEFORE');
  // the project responds before its deadline (assertQuotable): an existing offer must still take changes
  if (existing && !offerMay(existing, b, 'change')) throw new AppError('OFFER_NOT_EDITABLE');
}

/**
 * The §5 Response rules a schema cannot know (they depend on the line): each rid belongs to the project and is quoted
 * once; price ≤ the line's limit unless 0; num 0..line.num (comprehensive: the line's quantity, every line quoted);
 * inout_price required when the line's inout is 2 or 3, else 0. tax_total is computed here from fen.
 */
function quoteRows(
  b: TBiddingRow,
  lines: TBiddingLineRow[],
  v: TOfferSave,
  offerId: number,
  companyId: number,
): repo.TOfferLineInsert[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const total = b.classify === BIDDING_CLASSIFY.total;
  const rows = v.list.map((q, i): repo.TOfferLineInsert => {
    const f = (name: string) => `list.${i}.${name}`;
    const line = byId.get(q.rid);
    if (!line || (q.bid !== undefined && q.bid !== b.id)) return invalid(f('rid'), R.lineUnknown);
    if (seen.has(line.id)) return invalid(f('rid'), R.lineRepeated);
    seen.add(line.id);
    const price = q.price;
    if (line.limit > 0 && price > line.limit)
      return invalid(f('price'), fmt(R.priceOverLimit, { limit: fenToYuanText(line.limit) }));
    if (total && q.num !== line.num) return invalid(f('num'), fmt(R.numTotal, { n: line.num }));
    if (q.num > line.num) return invalid(f('num'), fmt(R.numBad, { n: line.num }));
    const quoted = (INOUT_QUOTED as readonly number[]).includes(line.inout);
    if (quoted && q.inout_price === undefined) return invalid(f('inout_price'), R.inoutRequired);
    const inout = quoted ? (q.inout_price ?? 0) : 0;
    return {
      offerId,
      biddingId: b.id,
      lineId: line.id,
      companyId,
      price,
      rate: q.rate,
      num: q.num,
      inoutPrice: inout,
      taxTotal: taxInclusiveFen(price, q.rate),
    };
  });
  if (total && seen.size !== lines.length) invalid('list', R.totalAllLines);
  // each line's amount is a safe integer at the schema's ceilings; their sum is kept within TOTAL_MAX_FEN
  if (rows.reduce((n, r) => n + r.taxTotal * r.num + (r.inoutPrice ?? 0), 0) > TOTAL_MAX_FEN)
    invalid('list', fmt(R.totalTooLarge, { max: fenToYuanText(TOTAL_MAX_FEN) }));
  return rows;
}

/** POST /ep/offer: one response per company and project, status 1, audit 'respond'. */
export async function createOffer(
  db: DB,
  actor: TActor,
  ctx: TCompanyCtx,
  userId: number,
  v: TOfferSave,
): Promise<{ id: number }> {
  try {
    return await inTx(db, async (tx) => {
      const b = assertQuotable(await repo.lockBiddingShared(tx, v.bid), ctx.companyId);
      refuseExisting(await repo.findCompanyOffer(tx, ctx.companyId, b.id));
      const lines = await loadLines(tx, b.id);
      // rules first (nothing written on a bad line), then the offer and its lines
      quoteRows(b, lines, v, 0, ctx.companyId);
      const t = transitionOf(
        OFFER_MACHINE,
        { status: null, bidding_status: b.status, deadline_passed: false },
        'respond',
        'provider',
      );
      if (!t) throw new AppError('OFFER_NOT_RESPONDING');
      const status = statusAfter(t, null);
      const o = await repo.insertOffer(tx, {
        biddingId: b.id,
        companyId: ctx.companyId,
        userId,
        status,
        contacts: v.umessage.contacts,
        tel: v.umessage.tel,
        remark: v.umessage.remark,
      });
      await repo.replaceOfferLines(tx, o.id, quoteRows(b, lines, v, o.id, ctx.companyId));
      await recordAudit(tx, actor, {
        entity: AUDIT_OFFER,
        entityId: o.id,
        action: 'respond',
        from: null,
        to: status,
        reason: `bidding ${b.id}`,
      });
      await publishEvent(tx, {
        type: 'offer',
        companyId: b.companyId,
        menu: MENU.rentCompete,
        link: '/rent/compete',
        vars: { from: ctx.companyName, name: b.name },
      });
      return { id: o.id };
    });
  } catch (e) {
    // two clicks at once: the unique index (bidding, company) lets one through; the other reads as 'already responded'
    if (isUniqueViolation(e)) refuseExisting(await repo.findCompanyOffer(db, ctx.companyId, v.bid));
    throw e;
  }
}

/** The company's own offer, or 404 (another company's id reads as missing). */
async function requireOwnOffer(db: Executor, companyId: number, id: number, lock = false): Promise<repo.TOfferRow> {
  const o = await repo.findOffer(db, id, lock);
  if (!o || o.companyId !== companyId) throw new AppError('OFFER_NOT_FOUND');
  return o;
}

/** PUT /ep/offer/:id: replaces the quote lines while the offer and the project respond and the deadline has not passed. */
export async function updateOffer(
  db: DB,
  actor: TActor,
  ctx: TCompanyCtx,
  userId: number,
  id: number,
  v: TOfferSave,
): Promise<{ id: number }> {
  return inTx(db, async (tx) => {
    const o = await requireOwnOffer(tx, ctx.companyId, id, true);
    const b = await repo.lockBiddingShared(tx, o.biddingId);
    if (!offerMay(o, b, 'change', true)) throw new AppError('OFFER_NOT_EDITABLE');
    if (v.bid !== o.biddingId) invalid('bid', R.lineUnknown);
    if (deadlinePassed(b!.endTime)) throw new AppError('OFFER_DEADLINE');
    const rows = quoteRows(b, await loadLines(tx, b.id), v, o.id, ctx.companyId);
    const row = await repo.updateOfferContact(tx, o.id, {
      contacts: v.umessage.contacts,
      tel: v.umessage.tel,
      remark: v.umessage.remark,
      userId,
    });
    if (!row) throw new AppError('OFFER_NOT_EDITABLE');
    await repo.replaceOfferLines(tx, o.id, rows);
    await recordAudit(tx, actor, {
      entity: AUDIT_OFFER,
      entityId: o.id,
      action: 'change',
      from: o.status,
      to: o.status,
    });
    return { id: o.id };
  });
}

/** DELETE /ep/offer/:id: 1 → 6; the company can never respond to that project again. */
export async function withdrawOffer(db: DB, actor: TActor, ctx: TCompanyCtx, id: number): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await requireOwnOffer(tx, ctx.companyId, id);
    const b = await repo.lockBiddingShared(tx, o.biddingId);
    const t = offerMay(o, b, 'withdraw');
    if (!t) throw new AppError('OFFER_NOT_EDITABLE');
    const to = statusAfter(t, o.status);
    // compare-and-set from responding to withdrawn, the row's own from and to
    const row = await repo.withdrawOffer(tx, o.id);
    if (!row) throw new AppError('OFFER_NOT_EDITABLE');
    await recordAudit(tx, actor, { entity: AUDIT_OFFER, entityId: o.id, action: 'withdraw', from: o.status, to });
  });
}

/** GET /ep/offer/:id (or ?bid=): the project and the company's own quote. */
export async function offerWithBidding(
  deps: TOfferDeps,
  ctx: TCompanyCtx,
  by: { id?: number; bid?: number },
): Promise<TOfferWithBidding> {
  const o = by.id
    ? await requireOwnOffer(deps.db, ctx.companyId, by.id)
    : await repo.findCompanyOffer(deps.db, ctx.companyId, by.bid ?? 0);
  if (!o) throw new AppError('OFFER_NOT_FOUND');
  const b = await findBidding(deps.db, o.biddingId);
  if (!b) throw new AppError('OFFER_NOT_FOUND');
  const bidding = await providerBase(deps, b, o);
  return { bidding, offer: await offerDetail(deps.db, o, bidding, b.status) };
}

/** GET /ep/offer/:id/edit: the form with the quote, only while it may change. */
export async function editForm(deps: TOfferDeps, ctx: TCompanyCtx, id: number): Promise<TOfferForm> {
  const o = await requireOwnOffer(deps.db, ctx.companyId, id);
  const b = await findBidding(deps.db, o.biddingId);
  if (!b) throw new AppError('OFFER_NOT_FOUND');
  if (!offerMay(o, b, 'change', true)) throw new AppError('OFFER_NOT_EDITABLE');
  if (deadlinePassed(b.endTime)) throw new AppError('OFFER_DEADLINE');
  const bidding = await providerBase(deps, b, o);
  return {
    bidding,
    quotable: bidding.bidding_req_detail.map((l) => l.id),
    offer: await offerDetail(deps.db, o, bidding, b.status),
  };
}

/**
 * GET /rent/bidding/offer?id: the quote view. Readers: the project owner (with 竞价管理), the quoting company (with
 * 竞价响应) and staff; anyone else reads 404. The owner sees the prices at any time (sealed from other providers, not
 * from the owner) but the contact only once this provider is selected; a withdrawn quote is no longer the owner's to read.
 */
export async function offerView(
  deps: TOfferDeps,
  viewer: { staff: true } | { ctx: TCompanyCtx },
  id: number,
): Promise<TOfferView> {
  const o = await repo.findOffer(deps.db, id);
  if (!o) throw new AppError('OFFER_NOT_FOUND');
  const b = await findBidding(deps.db, o.biddingId);
  if (!b) throw new AppError('OFFER_NOT_FOUND');
  let linkVisible = true;
  if (!('staff' in viewer)) {
    const ctx = viewer.ctx;
    if (ctx.companyId === o.companyId) {
      if (!mayUseMenu(ctx, MENU.response)) throw new AppError('NO_GRANT');
    } else if (ctx.companyId === b.companyId && !isOfferWithdrawn(o)) {
      if (!mayUseMenu(ctx, MENU.rentCompete)) throw new AppError('NO_GRANT');
      linkVisible = o.selected === 1;
    } else throw new AppError('OFFER_NOT_FOUND');
  }
  const [base, c, shop, stats, equips] = await Promise.all([
    biddingBaseView(deps.db, b, { publicUrl: deps.publicUrl, full: true }),
    findCompany(deps.db, o.companyId),
    findCompanyShop(deps.db, o.companyId),
    repo.companyOfferStats(deps.db, o.companyId),
    approvedListingIds(deps.db, o.companyId, 10_000),
  ]);
  const names = await regionNames(
    deps.db,
    [c?.province, c?.city, c?.area].filter((x): x is number => !!x),
  );
  const detail = await offerDetail(deps.db, o, base, b.status);
  const region = (rid: number | null | undefined) => (rid ? (names.get(rid) ?? '') : '');
  return {
    id: o.id,
    bid: b.id,
    bidding_name: b.name,
    bidding_sn: b.sn,
    classify: b.classify,
    classify_v: BIDDING_CLASSIFY_TEXT[b.classify] ?? '',
    status: o.status,
    status_v: OFFER_STATUS_TEXT[o.status] ?? '',
    company_id: o.companyId,
    name: c?.name ?? '',
    shop_href: shop?.href ?? '',
    flow_time: c ? shanghaiDate(c.createdAt) : '',
    registered_assets: c?.registeredAssets ?? null,
    found_date: c?.foundDate ?? '',
    province_v: region(c?.province),
    city_v: region(c?.city),
    area_v: region(c?.area),
    address: c?.address ?? '',
    response_count: stats.responses,
    select_count: stats.selected,
    amount: detail.total_money,
    amount_v: detail.total_money_v,
    equip_count: equips.length,
    link_visible: linkVisible ? 1 : 0,
    req_contacts: {
      contacts: linkVisible ? o.contacts : maskName(o.contacts),
      tel: linkVisible ? o.tel : maskPhone(o.tel),
      create_time: shanghaiDateTime(o.createdAt),
      remark: o.remark,
    },
    bidding_offer: detail.lines,
  };
}
