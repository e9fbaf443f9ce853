import { and, eq } from 'drizzle-orm';
import { BIDDING_STATUS, offerStatusAlong } from '@jizu/shared/constants/bidding';
import { taxInclusiveFen } from '@jizu/shared/rules/money';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { productsByName } from './demo.products';
import { companies } from '../modules/company/company.tables';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from '../modules/bidding/bidding.tables';
import { AUDIT_BIDDING } from '../modules/bidding/bidding.transition';
import { refreshBiddingSearch } from '../modules/bidding/bidding.service';
import { recordAudit, PLATFORM_ACTOR } from '../modules/audit/audit.service';
import { createDraftOrdersFromBidding } from '../modules/order/order.create.service';
import { makeSn } from '../modules/talk/talk.sn';
import type { TDemoAreaCtx } from './demo';

const OVERVIEW =
  '本项目位于城市核心区，为地铁车站及区间配套工程，主要施工内容包括基坑土方开挖、外运及回填，场地平整、道路破除与恢复等。' +
  '施工场地狭小，周边管线密集，要求设备状况良好、证件齐全，机手持证上岗并服从项目部统一调度。工期紧张，需按计划分批进场，' +
  '夜间施工需遵守当地环保及噪声管控要求。服务商需具备类似工程经验，按月结算，开具增值税专用发票，报价须含设备维修保养费用。' +
  '设备进场前须提供产品合格证、年检报告及机手操作证复印件，经项目部验收合格后方可投入使用。';

type TLineDef = {
  product: number;
  model: string;
  eqNum: number;
  paymentType: number;
  num: number;
  unit: number;
  limit: number;
  inout: number;
};
type TQuoteDef = { company: 'provider' | 'provider2' | 'provider3'; prices: number[]; allot?: number[] };

/** Where each demo project is (Shanghai): its district, address and real point (GCJ-02); Zhangjiang by default. */
const SITES: Record<string, { area: number; address: string; lng: number; lat: number }> = {
  地铁18号线车站基坑土方设备租赁: { area: 310115, address: '龙阳路与白杨路交叉口西北侧', lng: 121.5576, lat: 31.2034 },
  临港大道改造工程挖掘机装载机租赁: {
    area: 310115,
    address: '临港大道与环湖西一路交叉口',
    lng: 121.9183,
    lat: 30.9041,
  },
  浦东机场四期航站楼土方综合竞价: { area: 310115, address: '浦东国际机场启航路以东地块', lng: 121.8053, lat: 31.1443 },
  嘉闵高架北延伸段桥梁吊装设备租赁: {
    area: 310114,
    address: '嘉闵高架路与沪宜公路交叉口',
    lng: 121.3487,
    lat: 31.3265,
  },
  周浦镇安置房项目塔吊施工升降机租赁: {
    area: 310115,
    address: '周浦镇年家浜路与康沈路交叉口',
    lng: 121.5742,
    lat: 31.1154,
  },
  南汇新城道路修复工程压路机租赁: {
    area: 310115,
    address: '南汇新城镇水芸路与古棕路交叉口',
    lng: 121.929,
    lat: 30.899,
  },
};
const siteOf = (name: string) =>
  SITES[name] ?? { area: 310115, address: '张江路与科苑路交叉口东南侧', lng: 121.5905, lat: 31.2035 };

/** The statuses a demo project went through after responding opened (its responses followed each move). */
export const BIDDING_PATH: Record<number, readonly number[]> = { 1: [], 2: [2], 3: [2, 3], 4: [4], 5: [], 6: [] };

/**
 * Demo biddings of the demo tenant in every status (5, 6, 1 itemised, 1 comprehensive, 2 with quotes, 3 with
 * allocations and draft orders, 4), with responses from the demo provider and two more providers. Written through
 * the tables with every invariant the services keep (offer statuses by the response table along BIDDING_PATH, line allocations = Σ quote
 * allocations, audit events for the transitions).
 */
export async function seedBiddingDemo(ctx: TDemoAreaCtx) {
  const { tx, users, companies: co } = ctx;
  const products = await productsByName(tx, [
    '履带式挖掘机',
    '小型挖掘机',
    '轮式装载机',
    '单钢轮压路机',
    '平头塔式起重机',
    '汽车起重机',
  ]);
  if (products.length < 6) return;
  const [tenantCo] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, co.tenant));
  const userOf = { provider: users.provider, provider2: users.provider2, provider3: users.provider3 };
  const tenantActor = { userId: users.tenant, companyId: co.tenant, ip: '127.0.0.1' };
  const staffActor = { userId: users.admin, companyId: null, ip: '127.0.0.1' };

  async function project(p: {
    name: string;
    status: number;
    classify?: 1 | 2;
    endOffset: number;
    lines: TLineDef[];
    quotes?: TQuoteDef[];
    reason?: string;
    ageDays: number;
  }) {
    const classify = p.classify ?? 1;
    const created = new Date(Date.now() - p.ageDays * 86400_000);
    const total = classify === 2;
    const [b] = await tx
      .insert(biddings)
      .values({
        sn: makeSn('JJ', created.getTime()),
        companyId: co.tenant,
        userId: users.tenant,
        classify,
        name: `${tenantCo.name}${p.name}`.slice(0, 50),
        contacts: '陈建国',
        tel: '13800000001',
        show: 1,
        endTime: shanghaiDay(p.endOffset),
        type: 2,
        paymentType: p.lines[0].paymentType,
        province: 31,
        city: 3101,
        ...siteOf(p.name),
        remark: OVERVIEW,
        invoiceType: 1,
        registeredAssets: 3,
        other: '近两年无重大安全事故',
        ...(total
          ? {
              num: p.lines[0].num,
              unit: p.lines[0].unit,
              limit: p.lines[0].limit,
              time: 120,
              enterDate: shanghaiDay(p.endOffset + 10),
              age: 3,
              driver: 1,
              inout: 2,
              oil: 1,
              boarding: 2,
            }
          : {}),
        status: p.status,
        reviewReason: p.status === BIDDING_STATUS.rejected ? (p.reason ?? '') : '',
        closeReason: p.status === BIDDING_STATUS.closed ? (p.reason ?? '') : '',
        reviewedAt: p.status === BIDDING_STATUS.review ? null : created,
        cutoffAt: [2, 3].includes(p.status) ? new Date(created.getTime() + 5 * 86400_000) : null,
        finishedAt: [3, 4].includes(p.status) ? new Date(created.getTime() + 6 * 86400_000) : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning();
    const lines = await tx
      .insert(biddingLines)
      .values(
        p.lines.map((l, i) => {
          const pr = products[l.product % products.length];
          const allot = (p.quotes ?? []).reduce((s, q) => s + (q.allot?.[i] ?? 0), 0);
          return {
            biddingId: b.id,
            no: i + 1,
            categoryId: pr.categoryId,
            groupId: pr.groupId,
            productId: pr.id,
            model: l.model,
            eqNum: l.eqNum,
            paymentType: l.paymentType,
            num: l.num,
            unit: l.unit,
            time: 120,
            limit: l.limit,
            age: 3,
            driver: 1,
            inout: l.inout,
            oil: 1,
            boarding: 2,
            enterDate: shanghaiDay(p.endOffset + 10),
            remark: i === 0 ? '需配备破碎锤' : '',
            allotNum: allot,
            selectState: allot > 0 ? 1 : 0,
          };
        }),
      )
      .returning();
    await refreshBiddingSearch(tx, b.id);
    for (const q of p.quotes ?? []) {
      const selected = (q.allot ?? []).some((n) => n > 0);
      const status = offerStatusAlong(BIDDING_PATH[p.status], { status: 1, selected });
      const [o] = await tx
        .insert(biddingOffers)
        .values({
          biddingId: b.id,
          companyId: co[q.company],
          userId: userOf[q.company],
          status,
          contacts: q.company === 'provider' ? '王立恒' : q.company === 'provider2' ? '刘志强' : '孙海峰',
          tel: q.company === 'provider' ? '13800000002' : q.company === 'provider2' ? '13800000011' : '13800000012',
          remark: '设备均为三年内新机，可提供机手',
          selected: selected ? 1 : 0,
          createdAt: created,
          updatedAt: created,
        })
        .returning();
      await tx.insert(biddingOfferLines).values(
        lines.map((l, i) => ({
          offerId: o.id,
          biddingId: b.id,
          lineId: l.id,
          companyId: co[q.company],
          price: q.prices[i],
          rate: 13,
          num: l.num,
          inoutPrice: l.inout === 1 ? 0 : 150_000,
          taxTotal: taxInclusiveFen(q.prices[i], 13),
          select: (q.allot?.[i] ?? 0) > 0 ? 1 : 0,
          allotNum: q.allot?.[i] ?? 0,
        })),
      );
      await recordAudit(
        tx,
        { userId: userOf[q.company], companyId: co[q.company], ip: '127.0.0.1' },
        { entity: 'bidding_offer', entityId: o.id, action: 'respond', from: null, to: 1 },
      );
    }
    // the trail of how it got here
    await recordAudit(tx, tenantActor, { entity: AUDIT_BIDDING, entityId: b.id, action: 'submit', from: null, to: 5 });
    if (p.status === BIDDING_STATUS.rejected)
      await recordAudit(tx, staffActor, {
        entity: AUDIT_BIDDING,
        entityId: b.id,
        action: 'reject',
        from: 5,
        to: 6,
        reason: p.reason,
      });
    if (p.status !== BIDDING_STATUS.review && p.status !== BIDDING_STATUS.rejected)
      await recordAudit(tx, staffActor, { entity: AUDIT_BIDDING, entityId: b.id, action: 'approve', from: 5, to: 1 });
    if (p.status === BIDDING_STATUS.cutoff || p.status === BIDDING_STATUS.completed)
      await recordAudit(tx, PLATFORM_ACTOR, {
        entity: AUDIT_BIDDING,
        entityId: b.id,
        action: 'cutoff',
        from: 1,
        to: 2,
      });
    if (p.status === BIDDING_STATUS.completed) {
      await recordAudit(tx, tenantActor, { entity: AUDIT_BIDDING, entityId: b.id, action: 'confirm', from: 2, to: 3 });
      const orders = await createDraftOrdersFromBidding(tx, tenantActor, b.id);
      await tx
        .update(biddings)
        .set({ orderStatus: 1 })
        .where(and(eq(biddings.id, b.id), eq(biddings.status, BIDDING_STATUS.completed)));
      await recordAudit(tx, tenantActor, {
        entity: AUDIT_BIDDING,
        entityId: b.id,
        action: 'create_order',
        from: 3,
        to: 3,
        reason: orders.map((o) => o.sn).join('、'),
      });
    }
    if (p.status === BIDDING_STATUS.closed)
      await recordAudit(tx, tenantActor, {
        entity: AUDIT_BIDDING,
        entityId: b.id,
        action: 'close',
        from: 1,
        to: 4,
        reason: p.reason,
      });
    return b;
  }

  const month = (product: number, model: string, num: number, limit: number, inout = 1): TLineDef => ({
    product,
    model,
    eqNum: 2,
    paymentType: 2,
    num,
    unit: 1,
    limit,
    inout,
  });
  const shift = (product: number, model: string, num: number, limit: number): TLineDef => ({
    product,
    model,
    eqNum: 1,
    paymentType: 3,
    num,
    unit: 2,
    limit,
    inout: 3,
  });
  await project({
    name: '地铁18号线车站基坑土方设备租赁',
    status: BIDDING_STATUS.completed,
    endOffset: -12,
    ageDays: 20,
    lines: [month(0, 'SY215C', 6, 4_000_000), shift(1, 'XE60DA', 40, 0)],
    quotes: [
      { company: 'provider', prices: [3_500_000, 180_000], allot: [4, 40] },
      { company: 'provider2', prices: [3_300_000, 195_000], allot: [2, 0] },
      { company: 'provider3', prices: [3_650_000, 172_000] },
    ],
  });
  // completed projects whose orders the order demo takes through submit, confirm, return and close (demo.order.ts)
  for (const [name, age, line] of [
    ['世博文化公园配套道路工程压路机租赁', 30, month(3, 'XS203J', 5, 3_000_000)],
    ['虹桥枢纽配套管廊基坑挖掘机租赁', 26, month(0, 'SY215C', 8, 4_000_000)],
    ['金桥产业园厂房吊装设备租赁', 24, shift(5, 'QY50KA', 30, 350_000)],
    ['北横通道东段土方外运装载机租赁', 22, shift(2, 'LG855N', 50, 200_000)],
  ] as const)
    await project({
      name,
      status: BIDDING_STATUS.completed,
      endOffset: -age + 6,
      ageDays: age,
      lines: [line],
      quotes: [
        { company: 'provider', prices: [line.paymentType === 2 ? 2_800_000 : 160_000], allot: [line.num] },
        { company: 'provider2', prices: [line.paymentType === 2 ? 2_950_000 : 172_000] },
      ],
    });
  await project({
    name: '临港大道改造工程挖掘机装载机租赁',
    status: BIDDING_STATUS.cutoff,
    endOffset: -1,
    ageDays: 8,
    lines: [month(2, 'CAT 320GC', 4, 4_500_000), shift(3, 'LG855N', 30, 200_000)],
    quotes: [
      { company: 'provider', prices: [4_100_000, 168_000] },
      { company: 'provider2', prices: [3_950_000, 175_000] },
      { company: 'provider3', prices: [4_250_000, 159_000] },
    ],
  });
  await project({
    name: '张江科学城二期场平工程机械租赁',
    status: BIDDING_STATUS.responding,
    endOffset: 10,
    ageDays: 3,
    lines: [month(0, 'SY365H', 3, 5_500_000, 2), shift(4, '', 60, 0)],
    quotes: [{ company: 'provider2', prices: [5_200_000, 150_000] }],
  });
  await project({
    name: '浦东机场四期航站楼土方综合竞价',
    status: BIDDING_STATUS.responding,
    classify: 2,
    endOffset: 14,
    ageDays: 2,
    lines: [
      { product: 0, model: '', eqNum: 6, paymentType: 1, num: 120000, unit: 11, limit: 2_800, inout: 2 },
      { product: 5, model: '', eqNum: 4, paymentType: 1, num: 120000, unit: 11, limit: 2_800, inout: 2 },
    ],
  });
  await project({
    name: '嘉闵高架北延伸段桥梁吊装设备租赁',
    status: BIDDING_STATUS.review,
    endOffset: 15,
    ageDays: 0,
    lines: [shift(5, 'QY50KA', 45, 350_000)],
  });
  await project({
    name: '周浦镇安置房项目塔吊施工升降机租赁',
    status: BIDDING_STATUS.rejected,
    endOffset: 12,
    ageDays: 1,
    reason: '项目概况未说明塔吊型号及安装高度，请补充后重新提交',
    lines: [month(4, 'QTZ80', 8, 3_000_000)],
  });
  await project({
    name: '南汇新城道路修复工程压路机租赁',
    status: BIDDING_STATUS.closed,
    endOffset: -20,
    ageDays: 35,
    reason: '项目延期，暂不租赁',
    lines: [month(3, 'XS203J', 3, 2_600_000)],
  });
}
