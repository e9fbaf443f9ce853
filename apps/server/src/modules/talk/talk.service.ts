import { talkRules } from '@jizu/shared/messages/talk';
import { talkFailures } from '@jizu/shared/messages/talk';
import { fmt } from '@jizu/shared/messages';
import { talkNotices } from '@jizu/shared/messages/talk';
import { MENU } from '@jizu/shared/constants/menu';
import {
  earliestApproachDate,
  INQUIRY_INVOICE_TEXT,
  INQUIRY_INVOICES,
  INQUIRY_LIMITS,
  INQUIRY_STATUS_TEXT,
  INQUIRY_TO,
  INQUIRY_MACHINE,
  SUIT_MACHINE,
  MACHINE_OPERATOR_TEXT,
  MACHINE_OPERATORS,
  PAYMENT_METHOD_TEXT,
  PAYMENT_METHODS,
  RESPONSE_STATE_TEXT,
  type TInquiryActor,
} from '@jizu/shared/constants/talk';
import type { TInquiryRow, TInquirySave, TPackageSave, TSuitRespond, TSuitRow } from '@jizu/shared/schemas/talk';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { nextStatus, transitionOf } from '@jizu/shared/rules/machine';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError, invalid, notFound } from '../../platform/errors';
import type { TCompanyCtx } from '../../platform/company-context';
import { mayUseMenu } from '../../platform/company-context';
import { recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { mainAccountUserIds } from '../company/company.repo';
import { findPublicListing, listingCards } from '../equipment/equipment.service';
import { createMessage } from '../message/message.service';
import { publishEvent } from '../events/events.service';
import { regionChain, regionNames } from '../region/region.service';
import * as repo from './talk.repo';
import { makeSn } from './talk.sn';

type TPage<T> = { data: T[]; total: number };
const ENTITY = 'inquiry';

/** The rows of a page with their listings' cards and region names, in two reads for the whole page. */
async function views(
  db: Executor,
  rows: repo.TInquiryListRow[],
  who: (i: repo.TInquiry) => TInquiryActor | null,
): Promise<TInquiryRow[]> {
  const cards = new Map(
    (
      await listingCards(
        db,
        rows.flatMap((r) => (r.i.listingId ? [r.i.listingId] : [])),
      )
    ).map((c) => [c.id, c]),
  );
  const names = await regionNames(
    db,
    rows.flatMap((r) => [r.i.province, r.i.city, r.i.area]),
  );
  return rows.map(({ i, user, toName, responses }) => {
    const card = i.listingId ? cards.get(i.listingId) : undefined;
    const actor = who(i);
    return {
      id: i.id,
      sn: i.sn,
      to_type: i.toType,
      create_time: shanghaiDateTime(i.createdAt),
      number: i.toType === INQUIRY_TO.platform ? i.equips.reduce((n, e) => n + e.count, 0) : i.number,
      address: `${names.get(i.province) ?? ''}${names.get(i.city) ?? ''}${names.get(i.area) ?? ''}${i.address}`,
      approach_time: i.approachTime,
      schedule_progress: i.schedule,
      invoice: i.invoice,
      invoice_v: INQUIRY_INVOICE_TEXT[i.invoice] ?? '',
      remark: i.remark,
      status: i.status,
      status_v: INQUIRY_STATUS_TEXT[i.status] ?? '',
      equipment: card
        ? {
            id: card.id,
            cover: card.cover,
            name: card.product_name_v,
            monthly_rent: card.monthly_rent_v,
            phone: i.toPhone,
            href: card.href,
          }
        : null,
      user,
      phone: i.phone,
      to_name: toName,
      f_province: names.get(i.province) ?? '',
      f_city: names.get(i.city) ?? '',
      machine_operator_v: i.machineOperator === null ? '' : (MACHINE_OPERATOR_TEXT[i.machineOperator] ?? ''),
      payment_method_v: i.paymentMethod === null ? '' : (PAYMENT_METHOD_TEXT[i.paymentMethod] ?? ''),
      equips: i.equips,
      responses,
      can_complete: actor !== null && !!transitionOf(INQUIRY_MACHINE, i, 'complete', actor),
    };
  });
}

const asProvider = (companyId: number) => (i: repo.TInquiry) =>
  i.toCompanyId === companyId ? ('provider' as const) : null;
const asTenant = () => null;

async function requireRegion(db: Executor, v: { province: number; city: number; area: number }) {
  if (!(await regionChain(db, v.province, v.city, v.area))) invalid('province', talkRules.regionBad);
}

/** The listing shown on the inquiry page: public listings only; the company's own listing shows, but cannot be asked about. */
export async function inquiryListing(db: Executor, listingId: number) {
  const l = await findPublicListing(db, listingId);
  if (!l) throw new AppError('INQUIRY_OFF_SHELF');
  const [card] = await listingCards(db, [l.id]);
  return { ...card, company_name: await repo.companyName(db, l.companyId) };
}

/**
 * An online inquiry on another company's public listing (to_type 1): the listing's company's main accounts and the
 * listing's creator each get a system message.
 */
export async function createInquiry(
  db: DB,
  actor: TActor,
  ctx: TCompanyCtx,
  userId: number,
  v: TInquirySave,
): Promise<TInquiryRow> {
  const l = await findPublicListing(db, v.listing_id);
  if (!l) throw new AppError('INQUIRY_OFF_SHELF');
  if (l.companyId === ctx.companyId) throw new AppError('INQUIRY_OWN_LISTING');
  await requireRegion(db, v);
  const status = nextStatus(INQUIRY_MACHINE, { status: null }, 'create', 'tenant')!;
  const [card] = await listingCards(db, [l.id]);
  const id = await inTx(db, async (tx) => {
    const row = await repo.insertInquiry(tx, {
      sn: makeSn('XJ'),
      toType: INQUIRY_TO.company,
      fromCompanyId: ctx.companyId,
      fromUserId: userId,
      toCompanyId: l.companyId,
      listingId: l.id,
      toPhone: await repo.userPhone(tx, l.userId),
      number: v.number,
      province: v.province,
      city: v.city,
      area: v.area,
      address: v.address,
      approachTime: v.approach_time,
      schedule: v.schedule_progress,
      invoice: v.invoice,
      remark: v.remark,
      phone: v.phone,
      status,
    });
    await recordAudit(tx, actor, { entity: ENTITY, entityId: row.id, action: 'create', from: null, to: status });
    const from =
      ctx.companyType === 1 ? ((await repo.findInquiryRow(tx, row.id))?.user ?? ctx.companyName) : ctx.companyName;
    const content = fmt(talkNotices.newBody, {
      from,
      name: card?.product_name_v ?? '',
      sn: row.sn,
      number: v.number,
      date: v.approach_time,
    });
    for (const uid of new Set([l.userId, ...(await mainAccountUserIds(tx, l.companyId))]))
      await createMessage(tx, { userId: uid, title: talkNotices.newTitle, content, kind: 'inquiry', event: false });
    await publishEvent(tx, {
      type: 'inquiry',
      companyId: l.companyId,
      menu: MENU.talkReceive,
      link: '/talk/receive',
      vars: { from, name: card?.product_name_v ?? '', sn: row.sn },
    });
    return row.id;
  });
  return (await views(db, [(await repo.findInquiryRow(db, id))!], asTenant))[0];
}

/** A road-and-bridge package request to the platform (to_type 0) with its equipment lines. */
export async function createPackage(
  db: DB,
  actor: TActor,
  ctx: TCompanyCtx,
  userId: number,
  v: TPackageSave,
): Promise<TInquiryRow> {
  await requireRegion(db, v.base);
  const status = nextStatus(INQUIRY_MACHINE, { status: null }, 'create', 'tenant')!;
  const id = await inTx(db, async (tx) => {
    const b = v.base;
    const row = await repo.insertInquiry(tx, {
      sn: makeSn('TC'),
      toType: INQUIRY_TO.platform,
      fromCompanyId: ctx.companyId,
      fromUserId: userId,
      number: v.equips.reduce((n, e) => n + e.count, 0),
      province: b.province,
      city: b.city,
      area: b.area,
      address: b.detail_address,
      approachTime: b.approach_time,
      schedule: b.schedule,
      invoice: b.invoice,
      machineOperator: b.machine_operator,
      paymentMethod: b.payment_method,
      remark: b.remark,
      phone: await repo.userPhone(tx, userId),
      equips: v.equips,
      status,
    });
    await recordAudit(tx, actor, { entity: ENTITY, entityId: row.id, action: 'create', from: null, to: status });
    return row.id;
  });
  return (await views(db, [(await repo.findInquiryRow(db, id))!], asTenant))[0];
}

export async function listSent(
  db: Executor,
  companyId: number,
  q: { to_type: number; status?: number; page: number; size: number; before?: number },
): Promise<TPage<TInquiryRow>> {
  const offset = (q.page - 1) * q.size;
  const { rows, total } = await repo.pageSent(db, companyId, q.to_type, q.status, offset, q.size, q.before);
  return { data: await views(db, rows, asTenant), total };
}

export async function listReceived(
  db: Executor,
  companyId: number,
  q: { status?: number; page: number; size: number; before?: number },
): Promise<TPage<TInquiryRow>> {
  const { rows, total } = await repo.pageReceived(db, companyId, q.status, (q.page - 1) * q.size, q.size, q.before);
  return { data: await views(db, rows, asProvider(companyId)), total };
}

/**
 * One inquiry of the company, sent (needs 发出的询价 or 路桥套餐需求) or received (needs 收到的询价); another company's
 * inquiry is not found, a sub-user without the grant is refused.
 */
export async function inquiryDetail(
  db: Executor,
  ctx: TCompanyCtx,
  id: number,
): Promise<TInquiryRow & { offers: TSuitRow[] }> {
  const row = await repo.findInquiryRow(db, id);
  if (!row) throw new AppError('INQUIRY_NOT_FOUND');
  const sent = row.i.fromCompanyId === ctx.companyId;
  const received = row.i.toCompanyId === ctx.companyId;
  if (!sent && !received) throw new AppError('INQUIRY_NOT_FOUND');
  const allowed =
    (sent && (mayUseMenu(ctx, MENU.talkSend) || mayUseMenu(ctx, MENU.talkSuit))) ||
    (received && mayUseMenu(ctx, MENU.talkReceive));
  if (!allowed) throw new AppError('NO_GRANT', talkFailures.noGrant);
  const [view] = await views(db, [row], received ? asProvider(ctx.companyId) : asTenant);
  return { ...view, offers: (await repo.responsesOf(db, [id])).map((r) => suitView(r, row.i.sn)) };
}

async function complete(
  db: DB,
  actor: TActor,
  id: number,
  who: TInquiryActor,
  companyId: number | null,
): Promise<void> {
  const found = await repo.findInquiry(db, id);
  if (
    !found ||
    (who === 'provider' && found.toCompanyId !== companyId) ||
    (who === 'staff' && found.toType !== INQUIRY_TO.platform)
  )
    throw new AppError('INQUIRY_NOT_FOUND');
  const to = nextStatus(INQUIRY_MACHINE, found, 'complete', who);
  if (to === null) throw new AppError('INQUIRY_COMPLETED');
  await inTx(db, async (tx) => {
    const row = await repo.setStatus(tx, id, found.status, to);
    if (!row) throw new AppError('INQUIRY_COMPLETED');
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'complete', from: found.status, to });
    for (const uid of new Set([row.fromUserId]))
      await createMessage(tx, {
        userId: uid,
        title: talkNotices.doneTitle,
        content: fmt(talkNotices.doneBody, { sn: row.sn }),
        kind: 'inquiry',
      });
  });
}

/** The receiving company marks a processing inquiry completed (INQUIRY_MACHINE). */
export const completeInquiry = (db: DB, actor: TActor, companyId: number, id: number) =>
  complete(db, actor, id, 'provider', companyId);
/** Staff close a package request. */
export const completePackage = (db: DB, actor: TActor, id: number) => complete(db, actor, id, 'staff', null);

const suitView = (r: repo.TResponse, sn: string): TSuitRow => ({
  id: r.id,
  inquiry_id: r.inquiryId,
  inquiry_sn: sn,
  order_no: r.orderNo,
  product_details: r.productDetails,
  price: r.price,
  price_v: fenToYuanText(r.price),
  state: r.state,
  state_v: RESPONSE_STATE_TEXT[r.state] ?? '',
  create_time: shanghaiDateTime(r.createdAt),
});

export function suitOptions() {
  return {
    invoices: [...INQUIRY_INVOICES],
    machine_operators: [...MACHINE_OPERATORS],
    payment_methods: [...PAYMENT_METHODS],
    equips_max: INQUIRY_LIMITS.equipsMax,
    earliest_approach: earliestApproachDate(),
  };
}

export async function listSuits(
  db: Executor,
  companyId: number,
  q: { enquiry_id?: number; page: number; size: number },
): Promise<TPage<TSuitRow>> {
  const { rows, total } = await repo.pageCompanyResponses(db, companyId, q.enquiry_id, (q.page - 1) * q.size, q.size);
  return { data: rows.map((r) => suitView(r.r, r.sn)), total };
}

/** The requester accepts a package offer: the offer is confirmed and the request completed. */
export async function acceptSuit(db: DB, actor: TActor, companyId: number, id: number): Promise<void> {
  const found = await repo.findCompanyResponse(db, companyId, id);
  if (!found) throw new AppError('RESPONSE_NOT_FOUND');
  const accepted = nextStatus(SUIT_MACHINE, { status: found.r.state }, 'accept', 'tenant');
  if (accepted === null) throw new AppError('RESPONSE_ACCEPTED');
  await inTx(db, async (tx) => {
    // compare-and-set offered → accepted, the row's own from and to
    if (!(await repo.acceptResponse(tx, id))) throw new AppError('RESPONSE_ACCEPTED');
    await recordAudit(tx, actor, {
      entity: 'inquiry_response',
      entityId: id,
      action: 'accept',
      from: found.r.state,
      to: accepted,
    });
    const to = nextStatus(INQUIRY_MACHINE, found.i, 'complete', 'staff');
    if (to !== null && (await repo.setStatus(tx, found.i.id, found.i.status, to))) {
      await recordAudit(tx, actor, {
        entity: ENTITY,
        entityId: found.i.id,
        action: 'complete',
        from: found.i.status,
        to,
        reason: found.r.orderNo,
      });
    }
  });
}

export async function pageAdminPackages(db: Executor, q: { status: number; page: number; size: number }) {
  const { rows, total } = await repo.pagePackages(db, q.status, (q.page - 1) * q.size, q.size);
  const data = await views(db, rows, (i) => (i.toType === INQUIRY_TO.platform ? 'staff' : null));
  const offers = await repo.responsesOf(
    db,
    rows.map((r) => r.i.id),
  );
  return {
    data: data.map((d, k) => ({
      ...d,
      company_name: rows[k].companyName,
      offers: offers.filter((o) => o.inquiryId === d.id).map((o) => suitView(o, d.sn)),
    })),
    total,
  };
}

/** Staff add a package offer to a processing package request; the requester's main accounts and the requester hear of it. */
export async function respondPackage(
  db: DB,
  actor: TActor,
  staffId: number,
  id: number,
  v: TSuitRespond,
): Promise<TSuitRow> {
  const found = await repo.findInquiry(db, id);
  if (!found) return notFound(talkFailures.notFound);
  if (found.toType !== INQUIRY_TO.platform) throw new AppError('INQUIRY_NOT_PACKAGE');
  if (!transitionOf(INQUIRY_MACHINE, found, 'respond', 'staff')) throw new AppError('INQUIRY_COMPLETED');
  const price = v.price;
  const state = nextStatus(SUIT_MACHINE, { status: null }, 'offer', 'staff')!;
  return inTx(db, async (tx) => {
    const r = await repo.insertResponse(tx, {
      inquiryId: id,
      orderNo: makeSn('BJ'),
      productDetails: v.product_details,
      price,
      state,
      createdBy: staffId,
    });
    await recordAudit(tx, actor, {
      entity: 'inquiry_response',
      entityId: r.id,
      action: 'create',
      from: null,
      to: state,
      reason: found.sn,
    });
    const content = fmt(talkNotices.offerBody, {
      sn: found.sn,
      details: v.product_details.slice(0, 60),
      price: fenToYuanText(price),
    });
    for (const uid of new Set([found.fromUserId, ...(await mainAccountUserIds(tx, found.fromCompanyId))]))
      await createMessage(tx, { userId: uid, title: talkNotices.offerTitle, content, kind: 'inquiry' });
    return suitView(r, found.sn);
  });
}
