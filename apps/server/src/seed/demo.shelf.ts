import { SHELF_DAYS, SHELF_DEFAULT_PRICE, SHELF_ORDER, SHELF_STATE } from '@jizu/shared/constants/shelf';
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { LISTING_REVIEW } from '@jizu/shared/constants/equipment';
import { equipmentGroups, equipmentProducts, memberGrants, payOrders, rightBindings, shelfOrders, shelves } from '../db/schema';
import type { Tx } from '../db/client';
import type { ObjectStore } from '../platform/object-store';
import { insertListing } from '../modules/equipment/equipment.repo';
import { syncMarketListing } from '../modules/market/market.service';
import { PLATFORM_ACTOR, recordAudit } from '../modules/audit/audit.service';
import { publicListingIds } from '../modules/equipment/equipment.service';
import { applyMembership } from '../modules/membership/membership.service';
import type { TDemoAreaCtx } from './demo';

const DAY = 86_400_000;

/**
 * Rent-then-buy shelves and device rights of the demo: the provider has an effective, paid order of 2 shelves (one
 * carrying its newest approved listing with rent-to-own terms, one empty) and a paid order of 1 shelf under review.
 * No other area makes a demo member AAA, so the provider is made AAA here (a paid year and its renewal: the first right bound to a device, the second free).
 */
export async function seedShelfDemo({ tx, store, users, companies }: TDemoAreaCtx) {
  const now = new Date();
  const provider = users.provider;
  const company = companies.provider;
  let listings = await publicListingIds(tx, company, 2);
  if (!listings.length) listings = await fallbackListings(tx, store, company, provider);

  const order = async (sn: string, num: number, status: number, approvedDaysAgo: number | null) => {
    const paidAt = new Date(now.getTime() - ((approvedDaysAgo ?? 0) + 1) * DAY);
    const amount = SHELF_DEFAULT_PRICE * num;
    await tx.insert(payOrders).values({
      orderSn: `P${sn}`,
      kind: 'shelf',
      userId: provider,
      companyId: company,
      subject: `以租代售货架 ${num}个（${SHELF_DAYS}天）`,
      amount,
      payType: 'wx',
      state: 'SUCCESS',
      payload: { shelf_sn: sn },
      tradeNo: `DEMO${sn}`,
      expiresAt: new Date(paidAt.getTime() + 10 * 60_000),
      paidAt,
      createdAt: paidAt,
    });
    const reviewedAt = approvedDaysAgo === null ? null : new Date(now.getTime() - approvedDaysAgo * DAY);
    const [o] = await tx
      .insert(shelfOrders)
      .values({ sn, companyId: company, userId: provider, num, amount, days: SHELF_DAYS, status, payOrderSn: `P${sn}`, paidAt, reviewerId: reviewedAt ? users.admin : null, reviewedAt, createdAt: paidAt })
      .returning();
    await recordAudit(tx, { userId: provider, companyId: company }, { entity: 'shelf_order', entityId: o.id, action: 'apply', from: null, to: SHELF_ORDER.unpaid });
    await recordAudit(tx, { ...PLATFORM_ACTOR, companyId: company }, { entity: 'shelf_order', entityId: o.id, action: 'pay', from: SHELF_ORDER.unpaid, to: SHELF_ORDER.review });
    if (status === SHELF_ORDER.effective) await recordAudit(tx, { userId: users.admin }, { entity: 'shelf_order', entityId: o.id, action: 'approve', from: SHELF_ORDER.review, to: SHELF_ORDER.effective });
    return { o, reviewedAt };
  };

  const { o, reviewedAt } = await order('H20260101000001', 2, SHELF_ORDER.effective, 12);
  const finishTime = new Date(reviewedAt!.getTime() + SHELF_DAYS * DAY);
  const device = listings[0];
  const made = await tx
    .insert(shelves)
    .values([
      device
        ? { sn: `${o.sn}-1`, companyId: company, orderId: o.id, finishTime, state: SHELF_STATE.filled, listingId: device, monthRent: 1_800_000, leaseTerm: 24, sellingPrice: 32_000_000 }
        : { sn: `${o.sn}-1`, companyId: company, orderId: o.id, finishTime },
      { sn: `${o.sn}-2`, companyId: company, orderId: o.id, finishTime },
    ])
    .returning();
  for (const s of made) {
    await recordAudit(tx, { userId: users.admin }, { entity: 'shelf', entityId: s.id, action: 'create', from: null, to: SHELF_STATE.empty });
    if (s.listingId) await recordAudit(tx, { userId: provider, companyId: company }, { entity: 'shelf', entityId: s.id, action: 'put', from: SHELF_STATE.empty, to: SHELF_STATE.filled });
  }
  await order('H20260101000002', 1, SHELF_ORDER.review, null);

  // the provider as an AAA member (a paid year), its right bound to a device when there is one
  await applyMembership(tx, provider, 'AAA', 365, 'PDEMOAAA000000000001', 99_900, new Date(now.getTime() - 30 * DAY));
  // a renewal: a second valid right, left unbound so the bind page has something to do
  await applyMembership(tx, provider, 'AAA', 365, 'PDEMOAAA000000000002', 99_900, new Date(now.getTime() - 10 * DAY));
  const bound = listings[1] ?? listings[0];
  if (bound) {
    const [g] = await tx.select({ id: memberGrants.id }).from(memberGrants).where(eq(memberGrants.orderSn, 'PDEMOAAA000000000001')).limit(1);
    await tx.insert(rightBindings).values({ grantId: g.id, userId: provider, companyId: company, listingId: bound, createdAt: new Date(now.getTime() - 20 * DAY) });
    await recordAudit(tx, { userId: provider, companyId: company }, { entity: 'member_right', entityId: g.id, action: 'bindDevice', from: 0, to: bound });
  }
}

/** A generated photo (a machine's silhouette on a tinted ground with its name), stored as a public listing image. */
async function demoImage(store: ObjectStore, label: string, hue: number, w = 960, h = 640): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,78%)"/><stop offset="1" stop-color="hsl(${hue},30%,48%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect x="${w * 0.22}" y="${h * 0.42}" width="${w * 0.42}" height="${h * 0.2}" rx="12" fill="#f5b700"/><rect x="${w * 0.48}" y="${h * 0.28}" width="${w * 0.14}" height="${h * 0.16}" rx="8" fill="#f5b700" stroke="#333" stroke-width="4"/><path d="M${w * 0.62} ${h * 0.46} L${w * 0.8} ${h * 0.26} L${w * 0.86} ${h * 0.52}" stroke="#e0a800" stroke-width="22" fill="none"/><rect x="${w * 0.2}" y="${h * 0.62}" width="${w * 0.46}" height="${h * 0.1}" rx="${h * 0.05}" fill="#333"/><text x="50%" y="${h * 0.9}" font-size="${h * 0.07}" text-anchor="middle" fill="#fff" font-family="Noto Sans CJK SC">${label}</text></svg>`;
  const key = `ep/2026/01/${randomBytes(16).toString('hex')}.jpg`;
  await store.put(key, await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer(), 'image/jpeg');
  return `/uploads/${key}`;
}

/** A generated nameplate: an engraved steel plate with the machine's data. */
async function demoNameplate(store: ObjectStore, lines: string[]): Promise<string> {
  const rows = lines.map((l, i) => `<text x="60" y="${170 + i * 62}" font-size="34" fill="#1f2329" font-family="Noto Sans CJK SC">${l}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#8a9299"/><rect x="16" y="16" width="768" height="468" rx="18" fill="#d5dade" stroke="#5b636a" stroke-width="6"/><circle cx="48" cy="48" r="10" fill="#5b636a"/><circle cx="752" cy="48" r="10" fill="#5b636a"/><circle cx="48" cy="452" r="10" fill="#5b636a"/><circle cx="752" cy="452" r="10" fill="#5b636a"/><text x="400" y="96" font-size="44" font-weight="700" text-anchor="middle" fill="#1f2329" font-family="Noto Sans CJK SC">液压挖掘机 产品铭牌</text><line x1="60" y1="120" x2="740" y2="120" stroke="#5b636a" stroke-width="3"/>${rows}</svg>`;
  const key = `ep/2026/01/${randomBytes(16).toString('hex')}.jpg`;
  await store.put(key, await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer(), 'image/jpeg');
  return `/uploads/${key}`;
}

/**
 * Only when the listings area seeded no approved listing for the provider (a worktree without it): two approved,
 * listed machines with generated photos and nameplates, so the shelf and the bound right have a device.
 */
async function fallbackListings(tx: Tx, store: ObjectStore, company: number, userId: number): Promise<number[]> {
  const [p] = await tx
    .select({ id: equipmentProducts.id, groupId: equipmentProducts.groupId, categoryId: equipmentGroups.categoryId })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .where(eq(equipmentProducts.isOther, false))
    .orderBy(asc(equipmentProducts.id))
    .limit(1);
  if (!p) return [];
  const ids: number[] = [];
  for (const [i, m] of [
    { model: 'SY215C', brand: '三一重工', rent: 3_200_000, hue: 200 },
    { model: 'XE60DA', brand: '徐工', rent: 1_600_000, hue: 150 },
  ].entries()) {
    const images = [await demoImage(store, `${m.brand} ${m.model}`, m.hue), await demoImage(store, `${m.brand} ${m.model} 侧面`, m.hue + 20)];
    const nameplate = await demoNameplate(store, [`产品型号  ${m.model}`, `制造商  ${m.brand}`, `出厂编号  ${2021_0400 + i}`, '出厂日期  2021年04月']);
    const row = await insertListing(tx, {
      companyId: company,
      userId,
      categoryId: p.categoryId,
      groupId: p.groupId,
      productId: p.id,
      model: m.model,
      playingTime: '2021-04-01',
      monthlyRent: m.rent,
      brand: m.brand,
      images,
      cover: images[0],
      nameplate,
      serialType: 1,
      serialNumber: `DEMO-${m.model}`,
      province: 32,
      city: 3205,
      area: 320505,
      address: '科技城锦峰路 158 号',
      reviewStatus: LISTING_REVIEW.approved,
      approvedAt: new Date(),
      onSell: 1,
    });
    await syncMarketListing(tx, row.id);
    ids.push(row.id);
  }
  return ids;
}
