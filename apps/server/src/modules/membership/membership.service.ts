import { and, desc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { MEMBER_LEVELS, levelButtons, type TMemberLevel } from '@jizu/shared/constants/user';
import { M, fmt } from '@jizu/shared/messages';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { maskPhone } from '@jizu/shared/rules/mask';
import { daysLeft, effectiveMembership, planMembership, type TMemberNow } from '@jizu/shared/rules/membership';
import type { TMemberPayInfo, TMemberPlan, TPayOrder, TRight } from '@jizu/shared/schemas/payment';
import type { TPage } from '@jizu/shared/errors';
import { inTx, type DB, type Executor, type Tx } from '../../db/client';
import { prepared, pageOf } from '../../db/prepared';
import { memberGrants, memberPlans, memberships, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { TChannels } from '../../platform/payment';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { createPayment } from '../payment/payment.service';
import { registerPaidHook, type TOrder } from '../payment/payment.settle.service';
import { payTypeLogos } from '../payment/coin.service';
import { createMessage } from '../message/message.service';
import type { TPayType } from '@jizu/shared/constants/payment';
import { bindingsOf } from './rights.service';
import { rowsWhere } from '../../db/rows';

const DEFAULT_PLANS = [
  { level: 'A', name: 'A级会员', price: 0, benefits: ['注册即享', '发布设备租赁信息', '在线询价与报价'], forSale: 0 },
  {
    level: 'AA',
    name: 'AA级会员',
    price: 36500,
    benefits: ['A级会员全部权益', '供应链金融服务', '11个基地一票停车', '机手优先派遣'],
    forSale: 1,
  },
  {
    level: 'AAA',
    name: 'AAA级会员',
    price: 99900,
    benefits: ['AA级会员全部权益', '一台设备免费停放12个月', '设备绑定会员权益', '下载设备铭牌'],
    forSale: 1,
  },
];

export async function ensureMemberDefaults(db: DB) {
  await db.insert(memberPlans).values(DEFAULT_PLANS).onConflictDoNothing();
}

const planView = (p: typeof memberPlans.$inferSelect): TMemberPlan => ({
  level: p.level as TMemberLevel,
  name: p.name,
  price: p.price,
  price_v: fenToYuanText(p.price),
  days: p.days,
  benefits: p.benefits,
  for_sale: p.forSale,
});

export async function listPlans(db: Executor): Promise<TMemberPlan[]> {
  const rows = await rowsWhere(db, memberPlans, undefined);
  return MEMBER_LEVELS.flatMap((l) => rows.filter((r) => r.level === l).map(planView));
}

async function storedMembership(db: Executor, userId: number) {
  const q = prepared(db, 'membership.stored', (d) =>
    d
      .select()
      .from(memberships)
      .where(eq(memberships.userId, sql.placeholder('userId')))
      .limit(1)
      .prepare('membership.stored'),
  );
  const [m] = await q.execute({ userId });
  return m ?? null;
}

/** The levels that can be bought now (`purchasable` below, as SQL); read on every account card. */
async function levelsOnSale(db: Executor): Promise<string[]> {
  const q = prepared(db, 'membership.onSale', (d) =>
    d
      .select({ level: memberPlans.level })
      .from(memberPlans)
      .where(and(eq(memberPlans.forSale, 1), gt(memberPlans.price, 0)))
      .prepare('membership.onSale'),
  );
  return (await q.execute()).map((r) => r.level);
}

/** The level in force now; an expired tier reads as A (and users.level is brought back to A). */
export async function currentMembership(db: Executor, userId: number, now = new Date()): Promise<TMemberNow> {
  const m = await storedMembership(db, userId);
  const eff = effectiveMembership(m ? { level: m.level, expiresAt: m.expiresAt.getTime() } : null, now.getTime());
  await settleExpiredLevel(db, userId, m, eff);
  return eff;
}

/**
 * An expired tier reads as A, and users.level is brought back to A once: the update matches nothing after that, and a
 * caller that read users.level already (`userLevel`) skips it, so later reads stay reads.
 */
async function settleExpiredLevel(
  db: Executor,
  userId: number,
  stored: { level: string } | null,
  eff: TMemberNow,
  userLevel?: string,
) {
  if (stored && eff.level === 'A' && stored.level !== 'A' && userLevel !== 'A') {
    await db
      .update(users)
      .set({ level: 'A' })
      .where(and(eq(users.id, userId), ne(users.level, 'A')));
  }
}

/** A plan can be bought when the admin has it on sale at a price (A is free and never bought). */
const purchasable = (p: typeof memberPlans.$inferSelect) => p.forSale === 1 && p.price > 0;

/** memberLevel of GET /index/info; buttons only for plans that can be bought now. @internal: only tests call it (the account card reads memberLevelFrom). */
export async function memberLevelInfo(db: Executor, userId: number, now = new Date()) {
  const [m, onSale] = await Promise.all([currentMembership(db, userId, now), levelsOnSale(db)]);
  return memberLevelView(m, onSale, now);
}

const memberLevelView = (m: TMemberNow, onSale: readonly string[], now: Date) => ({
  level: m.level,
  expiration_time: m.expiresAt === null ? '' : shanghaiDate(new Date(m.expiresAt)),
  level_count: daysLeft(m, now.getTime()),
  buttons: levelButtons(m.level, onSale),
});

/**
 * memberLevelInfo from what the account card read in its own statement: the stored membership, the user's level and the
 * levels on sale (`purchasable`).
 */
export async function memberLevelFrom(
  db: Executor,
  userId: number,
  read: { stored: { level: string; expiresAt: Date } | null; userLevel: string; onSale: readonly string[] },
  now = new Date(),
) {
  const m = effectiveMembership(
    read.stored ? { level: read.stored.level, expiresAt: read.stored.expiresAt.getTime() } : null,
    now.getTime(),
  );
  await settleExpiredLevel(db, userId, read.stored, m, read.userLevel);
  return memberLevelView(m, read.onSale, now);
}

async function planOf(db: Executor, level: TMemberLevel) {
  const rows = await rowsWhere(db, memberPlans, undefined);
  const price = Object.fromEntries(
    MEMBER_LEVELS.map((l) => [l, rows.find((r) => r.level === l)?.price ?? 0]),
  ) as Record<TMemberLevel, number>;
  return { plan: rows.find((r) => r.level === level) ?? null, price };
}

async function preview(db: Executor, userId: number, level: TMemberLevel, now: Date) {
  if (level === 'A') throw new AppError('VALIDATION', M.payment.levelFree);
  const { plan, price } = await planOf(db, level);
  if (!plan || !purchasable(plan)) throw new AppError('CONFLICT', M.payment.planNotForSale);
  const cur = await currentMembership(db, userId, now);
  const r = planMembership(cur, level, price, plan.days, now.getTime());
  if (!r.ok)
    throw r.reason === 'free' ? new AppError('VALIDATION', M.payment.levelFree) : new AppError('MEMBER_LEVEL_LOWER');
  return { plan, cur, r };
}

/** GET /payment/detail: member payment info for the chosen level. */
export async function memberPayInfo(
  db: DB,
  userId: number,
  level: TMemberLevel,
  now = new Date(),
): Promise<TMemberPayInfo> {
  const { plan, cur, r } = await preview(db, userId, level, now);
  const [u] = await db
    .select({ phone: users.phone, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return {
    mobile: maskPhone(u?.phone ?? ''),
    name: u?.username ?? '',
    level,
    label_text: plan.name,
    level_count_text: `${plan.days}天${r.creditDays ? `（另折算${r.creditDays}天）` : ''}`,
    amount: plan.price,
    amount_text: `${fenToYuanText(plan.price)}元`,
    pay_type: payTypeLogos(),
    benefits: plan.benefits,
    current_level: cur.level,
    current_expiration: cur.expiresAt === null ? '' : shanghaiDate(new Date(cur.expiresAt)),
    new_expiration: shanghaiDate(new Date(r.expiresAt)),
    credit_days: r.creditDays,
    mode: r.mode,
  };
}

/** POST /payment/purchase: an order for one year of the level (checked again when paid). */
export async function purchaseMember(
  db: DB,
  channel: TChannels,
  userId: number,
  companyId: number | null,
  level: TMemberLevel,
  payType: TPayType,
  now = new Date(),
): Promise<TPayOrder> {
  const { plan } = await preview(db, userId, level, now);
  return createPayment(
    db,
    channel,
    {
      kind: 'member',
      userId,
      companyId,
      amount: plan.price,
      subject: `${plan.name}（${plan.days}天）`,
      payType,
      payload: { level, days: plan.days },
    },
    now,
  );
}

/**
 * A paid membership order, applied at the payment instant: the row of the user is locked, the arithmetic of
 * planMembership runs against what is in force then. A lower tier bought while a higher one started meanwhile still
 * gets its days, added to the higher tier at price ratio, so nothing paid is lost.
 */
export async function applyMembership(
  tx: Tx,
  userId: number,
  level: TMemberLevel,
  days: number,
  orderSn: string,
  amount: number,
  now: Date,
) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const { price } = await planOf(tx, level);
  const cur = await currentMembership(tx, userId, now);
  let r = planMembership(cur, level, price, days, now.getTime());
  let applied: TMemberLevel = level;
  if (!r.ok && cur.expiresAt !== null) {
    // bought lower than what is now in force: convert its days into the current tier
    const credit = price[cur.level] > 0 ? Math.floor((days * price[level]) / price[cur.level]) : days;
    r = {
      ok: true,
      mode: 'renew',
      beginsAt: cur.expiresAt,
      expiresAt: cur.expiresAt + credit * 86_400_000,
      creditDays: credit,
    };
    applied = cur.level;
  }
  if (!r.ok) throw new Error(`membership order ${orderSn} cannot apply`);
  const expiresAt = new Date(r.expiresAt);
  await tx
    .insert(memberships)
    .values({ userId, level: applied, expiresAt, updatedAt: now })
    .onConflictDoUpdate({ target: memberships.userId, set: { level: applied, expiresAt, updatedAt: now } });
  await tx.update(users).set({ level: applied }).where(eq(users.id, userId));
  await tx.insert(memberGrants).values({
    userId,
    orderSn,
    level: applied,
    mode: r.mode,
    amount,
    beginsAt: new Date(r.beginsAt),
    expiresAt,
    creditDays: r.creditDays,
    createdAt: now,
  });
}

async function onMemberPaid(tx: Tx, order: TOrder) {
  const p = order.payload as { level: TMemberLevel; days: number };
  await applyMembership(tx, order.userId, p.level, p.days, order.orderSn, order.amount, order.paidAt ?? new Date());
}
export const registerMemberHook = () => registerPaidHook('member', onMemberPaid);

/** A paid tier ending within this many days gets one system message (issue 3 § system messages). */
export const MEMBER_REMIND_DAYS = 30;

/**
 * Sends "会员即将到期" once per expiry date to every member whose paid tier ends within 30 days. The claim
 * (reminded_for := expires_at) and the message commit together, so two servers running the job send one message;
 * a renewal moves expires_at, and the new date is reminded of in its own time.
 */
export async function remindExpiringMemberships(db: DB, now = new Date()): Promise<number> {
  return inTx(db, async (tx) => {
    const due = await tx
      .update(memberships)
      .set({ remindedFor: sql`${memberships.expiresAt}` })
      .where(
        and(
          gt(memberships.expiresAt, now),
          lte(memberships.expiresAt, new Date(now.getTime() + MEMBER_REMIND_DAYS * 86_400_000)),
          ne(memberships.level, 'A'),
          or(isNull(memberships.remindedFor), ne(memberships.remindedFor, memberships.expiresAt)),
        ),
      )
      .returning({ userId: memberships.userId, level: memberships.level, expiresAt: memberships.expiresAt });
    for (const m of due) {
      const days = daysLeft({ level: m.level as TMemberLevel, expiresAt: m.expiresAt.getTime() }, now.getTime());
      await createMessage(tx, {
        userId: m.userId,
        kind: 'member_expiring',
        title: M.payment.memberExpiringTitle,
        content: fmt(M.payment.memberExpiringBody, { level: m.level, date: shanghaiDate(m.expiresAt), days }),
      });
    }
    return due.length;
  });
}

/** GET /index/user/rightsList: each paid membership year, newest first. */
export async function listRights(
  db: DB,
  userId: number,
  page: number,
  size: number,
  now = new Date(),
): Promise<TPage<TRight>> {
  const [{ rows, total: n }, cur] = await Promise.all([
    pageOf(db, memberGrants, {
      where: eq(memberGrants.userId, userId),
      orderBy: [desc(memberGrants.id)],
      offset: (page - 1) * size,
      limit: size,
    }),
    currentMembership(db, userId, now),
  ]);
  const bound = await bindingsOf(
    db,
    rows.map((g) => g.id),
  );
  return {
    total: Number(n),
    data: rows.map((g) => ({
      id: g.id,
      sn: g.orderSn,
      rights_type: `${g.level}级会员`,
      success_time: shanghaiDateTime(g.createdAt),
      amount: fenToYuanText(g.amount),
      begin_time_v: shanghaiDate(g.beginsAt),
      expiration_time_v: shanghaiDate(g.expiresAt),
      equipment_id: bound.get(g.id)?.listingId ?? 0,
      equip_name: bound.get(g.id)?.name ?? '',
      project_name: bound.get(g.id)?.projectName ?? '',
      project_short_name: '',
      status: cur.level === g.level && g.expiresAt.getTime() > now.getTime() ? '有效' : '已失效',
      card_img: '',
    })),
  };
}

export async function adminSavePlan(
  db: DB,
  b: { level: TMemberLevel; name: string; price: number; benefits: string[]; for_sale: number },
) {
  await db
    .insert(memberPlans)
    .values({ level: b.level, name: b.name, price: b.price, benefits: b.benefits, forSale: b.for_sale })
    .onConflictDoUpdate({
      target: memberPlans.level,
      set: { name: b.name, price: b.price, benefits: b.benefits, forSale: b.for_sale, updatedAt: new Date() },
    });
}
