import { fmt, M } from '@jizu/shared/messages';
import { PAY_TYPE_LABEL, type TPayType } from '@jizu/shared/constants/payment';
import {
  ENROL_MACHINE,
  ENROL_PAY_STATE_TEXT,
  ENROL_STATE,
  MAJOR_MACHINE,
  MAJOR_STATUS,
  MAJOR_STATUS_TEXT,
  isEnrolPaid,
  isMajorOnline,
  type TEnrolPayState,
} from '@jizu/shared/constants/training';
import { nextStatus } from '@jizu/shared/rules/machine';
import { idCardProfile } from '@jizu/shared/rules/identity';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { TPage } from '@jizu/shared/errors';
import type {
  TAdminEnrolRow,
  TAdminMajor,
  TAdminMajorSave,
  TApplyCreate,
  TEnrolRow,
  TMajor,
  TTrainingApply,
  TTrainingMember,
  TTrainingPurchase,
} from '@jizu/shared/schemas/training';
import { inTx, type DB, type Executor, type Tx } from '../../db/client';
import type { Vault } from '../../platform/crypto';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { TChannels } from '../../platform/payment';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { PLATFORM_ACTOR, recordAudit, type TActor } from '../audit/audit.service';
import { payTypeSet } from '../payment/coin.service';
import { createPayment, payPageForm, queryOrder } from '../payment/payment.service';
import { registerPaidHook, type TOrder, type TSettle } from '../payment/payment.settle.service';
import { verifiedIdentity } from '../verify/verify.service';
import * as repo from './training.repo';

const ENROL = 'training_enrolment';
const MAJOR = 'training_major';

const majorView = (m: repo.TMajorRow): TMajor => ({
  id: m.id,
  name: m.name,
  content: m.content,
  price: m.price,
  price_v: fenToYuanText(m.price),
});

/** The verified member of spec/3 "Training member": name, masked ID number, sex and age read from it. */
async function memberOf(db: Executor, vault: Vault, userId: number, now: Date): Promise<TTrainingMember | null> {
  const id = await verifiedIdentity(db, vault, userId);
  if (!id) return null;
  const p = idCardProfile(id.card, shanghaiDate(now));
  return { name: id.name, card: id.cardMask, sex: p?.sex ?? '', age: p?.age ?? 0 };
}

/** GET /recruit/applyo/create: the online majors, the member (null before personal verification), the pay types. */
export async function applyCreate(db: DB, vault: Vault, userId: number, now = new Date()): Promise<TApplyCreate> {
  const [majors, member] = await Promise.all([repo.onlineMajors(db), memberOf(db, vault, userId, now)]);
  return { category: majors.map(majorView), member, pay_type: payTypeSet() };
}

/** An online major, or the reason it cannot be enrolled in. */
async function offeredMajor(db: Executor, id: number) {
  const m = await repo.findMajor(db, id);
  if (!m) throw new AppError('TRAINING_MAJOR_NOT_FOUND');
  if (!isMajorOnline(m)) throw new AppError('TRAINING_MAJOR_OFFLINE');
  return m;
}

/** One user, one enrolment per major: a paid one is final, an unpaid one is paid from the registration list. */
function refuseExisting(e: repo.TEnrolRow): never {
  throw new AppError(isEnrolPaid(e) ? 'TRAINING_ALREADY_PAID' : 'TRAINING_ALREADY_PENDING');
}

const subjectOf = (course: string) => fmt(M.training.orderSubject, { name: course });

/**
 * POST /recruit/applyo: a verified user enrols in an online major (unpaid), and its fee is ordered through the
 * payment module (kind `reg`); answers the pay order's number. The enrolment row comes first, under its unique
 * (user, major) index, so concurrent clicks make one enrolment and one order; the losers write nothing.
 */
export async function applyTraining(
  db: DB,
  vault: Vault,
  channel: TChannels,
  actor: TActor & { userId: number },
  b: TTrainingApply,
  now = new Date(),
): Promise<string> {
  const userId = actor.userId;
  const member = await memberOf(db, vault, userId, now);
  if (!member) throw new AppError('TRAINING_NEED_AUTH');
  const major = await offeredMajor(db, b.apply_category_id);
  // the fee the page showed is the fee ordered
  if (b.price !== undefined && b.price !== major.price) throw new AppError('TRAINING_PRICE_CHANGED');
  const existing = await repo.findUserMajorEnrolment(db, userId, major.id);
  if (existing) refuseExisting(existing);
  let enrol: repo.TEnrolRow;
  try {
    enrol = await inTx(db, async (tx) => {
      const e = await repo.insertEnrolment(tx, {
        userId,
        majorId: major.id,
        course: major.name,
        price: major.price,
        education: b.education,
        payType: b.pay_name,
        name: member.name,
        cardMask: member.card,
        sex: member.sex,
        age: member.age,
        createdAt: now,
      });
      await recordAudit(tx, actor, {
        entity: ENROL,
        entityId: e.id,
        action: 'apply',
        from: null,
        to: ENROL_STATE.unpaid,
      });
      return e;
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const won = await repo.findUserMajorEnrolment(db, userId, major.id);
    if (won) refuseExisting(won);
    throw e;
  }
  return newPayment(db, channel, enrol, b.pay_name, now);
}

/** A new pay order for an unpaid enrolment at its enrolled fee; answers the order the enrolment is now tied to. */
async function newPayment(
  db: DB,
  channel: TChannels,
  e: repo.TEnrolRow,
  payType: TPayType,
  now: Date,
): Promise<string> {
  const order = await createPayment(
    db,
    channel,
    {
      kind: 'reg',
      userId: e.userId,
      companyId: null,
      amount: e.price,
      subject: subjectOf(e.course),
      payType,
      payload: { enrol_id: e.id },
    },
    now,
  );
  const tied = await repo.setPayOrder(db, e.id, e.payOrderSn, order.order_sn, payType);
  if (tied) return tied.payOrderSn;
  // a concurrent payment of the same enrolment won: its order is the one to pay (this one is never shown, and expires)
  const cur = await repo.findUserEnrolment(db, e.userId, e.id);
  if (!cur || isEnrolPaid(cur)) throw new AppError('TRAINING_ENROL_PAID');
  return cur.payOrderSn;
}

/**
 * POST /recruit/applyo/{id}/pay: pays an unpaid enrolment again. Its current order is settled first (asking the
 * channel when it expired): paid meanwhile → refused as paid; still open → that order is answered (one live order
 * per enrolment, so the fee is never collected twice); closed → a new order.
 */
export async function repayEnrolment(
  db: DB,
  channel: TChannels,
  userId: number,
  id: number,
  payType: TPayType,
  settle: TSettle,
  now = new Date(),
): Promise<string> {
  const e = await repo.findUserEnrolment(db, userId, id);
  if (!e) throw new AppError('TRAINING_ENROL_NOT_FOUND');
  if (isEnrolPaid(e)) throw new AppError('TRAINING_ENROL_PAID');
  if (e.payOrderSn) {
    const cur = await queryOrder(db, userId, e.payOrderSn, ['reg'], now, settle);
    if (cur.state === 'SUCCESS') throw new AppError('TRAINING_ENROL_PAID');
    if (cur.state === 'WAITING') return cur.order_sn;
  }
  await offeredMajor(db, e.majorId);
  return newPayment(db, channel, e, payType, now);
}

/** The paid hook of kind `reg`: unpaid → paid, once, in the transaction that booked the payment. */
async function onRegPaid(tx: Tx, order: TOrder) {
  const id = Number((order.payload as { enrol_id?: number }).enrol_id);
  if (!Number.isInteger(id)) throw new Error(`reg order ${order.orderSn} has no enrolment`);
  const e = await repo.markPaid(tx, id, order.userId, order.orderSn, order.payType, order.paidAt ?? new Date());
  // already paid by another order: the money stays booked on its pay order, where the console shows it for a refund
  if (e)
    await recordAudit(tx, PLATFORM_ACTOR, {
      entity: ENROL,
      entityId: e.id,
      action: 'pay',
      from: ENROL_STATE.unpaid,
      to: nextStatus(ENROL_MACHINE, { status: ENROL_STATE.unpaid }, 'pay', 'platform'),
    });
}
export const registerTrainingHook = () => registerPaidHook('reg', onRegPaid);

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A form that opens `url` by itself (the alipay-style redirect of spec/3 §4): its query travels as hidden fields. */
export function redirectForm(url: string): string {
  const u = new URL(url);
  const fields = [...u.searchParams]
    .map(([k, v]) => `<input type="hidden" name="${escapeAttr(k)}" value="${escapeAttr(v)}">`)
    .join('');
  return `<form id="paysubmit" name="paysubmit" action="${escapeAttr(`${u.origin}${u.pathname}`)}" method="get">${fields}</form><script>document.forms['paysubmit'].submit();</script>`;
}

/**
 * GET /recruit/purchase (spec/3 §4 step 2): how to pay the user's open training order. QR channels answer the scan
 * page's query; the alipay-style channel a form that submits itself: Alipay's page-pay form (signed now) with the real
 * channel, whose code_url is its precreate QR code; the sandbox payer page otherwise. A paid or closed order cannot be
 * paid.
 */
export async function purchase(
  db: DB,
  userId: number,
  orderSn: string,
  settle: TSettle,
  now = new Date(),
): Promise<TTrainingPurchase> {
  const o = await queryOrder(db, userId, orderSn, ['reg'], now, settle);
  if (o.state === 'SUCCESS') throw new AppError('TRAINING_ENROL_PAID');
  if (o.state === 'CLOSED') throw new AppError('PAY_ORDER_CLOSED');
  const sn = encodeURIComponent(o.order_sn);
  if (o.pay_type === 'alipay') {
    const page = await payPageForm(db, settle.channel, userId, o.order_sn);
    return { order_sn: o.order_sn, pay_type: o.pay_type, query: '', redirect_url: page ?? redirectForm(o.code_url) };
  }
  return {
    order_sn: o.order_sn,
    pay_type: o.pay_type,
    query: o.pay_type === 'chinaums' ? `order_sn=${sn}&buy_type=reg` : `order_sn=${sn}`,
    redirect_url: '',
  };
}

/** GET /recruit/query (spec/3 §4 step 3): the state of the user's training order, with its QR while open. */
export const queryTraining = (db: DB, userId: number, orderSn: string, settle: TSettle, now = new Date()) =>
  queryOrder(db, userId, orderSn, ['reg'], now, settle);

const enrolView = (e: repo.TEnrolRow, payState: TEnrolPayState): TEnrolRow => ({
  id: e.id,
  apply_category_id: e.majorId,
  course: e.course,
  price: e.price,
  price_v: fenToYuanText(e.price),
  education: e.education,
  pay_name: e.payType as TPayType,
  pay_name_v: PAY_TYPE_LABEL[e.payType as TPayType] ?? e.payType,
  order_sn: e.payOrderSn,
  pay_state: payState,
  pay_state_v: ENROL_PAY_STATE_TEXT[payState],
  create_time: shanghaiDateTime(e.createdAt),
  paid_time: shanghaiDateTime(e.paidAt),
});

/** GET /recruit/applyo: the user's sign-ups, newest first. */
export async function listMyEnrolments(
  db: DB,
  userId: number,
  page: number,
  size: number,
  now = new Date(),
): Promise<TPage<TEnrolRow>> {
  const { rows, total } = await repo.pageUserEnrolments(db, userId, (page - 1) * size, size, now);
  return { data: rows.map((r) => enrolView(r.e, r.payState)), total };
}

/** The user's enrolments, all and paid: what the labour centre (GET /recruit/center, `training`) shows. */
export const trainingCounts = (db: Executor, userId: number) => repo.countUserEnrolments(db, userId);

// the console

const adminMajor = (m: repo.TMajorRow, paidNum: number): TAdminMajor => ({
  ...majorView(m),
  status: m.status,
  status_v: MAJOR_STATUS_TEXT[m.status] ?? '',
  sort: m.sort,
  paid_num: paidNum,
  create_time: shanghaiDateTime(m.createdAt),
  update_time: shanghaiDateTime(m.updatedAt),
});

export async function adminListMajors(db: DB): Promise<TAdminMajor[]> {
  return (await repo.allMajors(db)).map((r) => adminMajor(r.m, r.paidNum));
}

/** Adds or changes a major (a name is unique). A new fee applies to new enrolments; enrolled ones keep theirs. */
export async function adminSaveMajor(db: DB, actor: TActor, b: TAdminMajorSave, now = new Date()): Promise<number> {
  try {
    return await inTx(db, async (tx) => {
      const v = { name: b.name, content: b.content, price: b.price, sort: b.sort, status: b.status, updatedAt: now };
      if (!b.id) {
        const m = await repo.insertMajor(tx, { ...v, createdAt: now });
        await recordAudit(tx, actor, { entity: MAJOR, entityId: m.id, action: 'create', from: null, to: m.status });
        return m.id;
      }
      const before = await repo.findMajor(tx, b.id);
      if (!before) throw new AppError('TRAINING_MAJOR_NOT_FOUND');
      await repo.updateMajor(tx, b.id, v);
      await recordAudit(tx, actor, {
        entity: MAJOR,
        entityId: b.id,
        action: 'update',
        from: `${before.status}/${before.price}`,
        to: `${b.status}/${b.price}`,
      });
      return b.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('TRAINING_NAME_TAKEN');
    throw e;
  }
}

/** Takes a major offline (no new enrolments, no new payments) or back online. */
export async function adminSetMajorStatus(db: DB, actor: TActor, id: number, status: number, now = new Date()) {
  await inTx(db, async (tx) => {
    const before = await repo.findMajor(tx, id);
    if (!before) throw new AppError('TRAINING_MAJOR_NOT_FOUND');
    if (before.status === status) return;
    const action = status === MAJOR_STATUS.online ? 'online' : 'offline';
    const to = nextStatus(MAJOR_MACHINE, before, action, 'staff');
    if (to === null) return;
    await repo.updateMajor(tx, id, { status: to, updatedAt: now });
    await recordAudit(tx, actor, { entity: MAJOR, entityId: id, action, from: before.status, to });
  });
}

export async function adminListEnrolments(
  db: DB,
  f: { page: number; size: number; major_id?: number; pay_state?: TEnrolPayState; phone?: string },
  now = new Date(),
): Promise<TPage<TAdminEnrolRow>> {
  const { rows, total } = await repo.pageEnrolments(
    db,
    { majorId: f.major_id, payState: f.pay_state, phone: f.phone || undefined },
    (f.page - 1) * f.size,
    f.size,
    now,
  );
  return {
    total,
    data: rows.map((r) => ({
      ...enrolView(r.e, r.payState),
      user_id: r.e.userId,
      phone: r.phone,
      name: r.e.name,
      card: r.e.cardMask,
      sex: r.e.sex,
      age: r.e.age,
    })),
  };
}
