import { fmt } from '@jizu/shared/messages';
import { talkNotices } from '@jizu/shared/messages/talk';
import { reportNotices } from '@jizu/shared/messages/report';
import { INQUIRY_STATUS, INQUIRY_TO, RESPONSE_STATE } from '@jizu/shared/constants/talk';
import { REPORT_STATUS, REPORT_STATUS_TEXT } from '@jizu/shared/constants/report';
import { FAVORITE_TYPE } from '@jizu/shared/constants/favorite';
import { favorites, inquiries, inquiryResponses, reports } from '../db/schema';
import { recordAudit } from '../modules/audit/audit.service';
import { shanghaiDateTime, shanghaiDay } from '@jizu/shared/rules/datetime';
import { mainAccountUserIds } from '../modules/company/company.repo';
import { publicListingIds, listingCards } from '../modules/equipment/equipment.service';
import { createMessage, readMessage } from '../modules/message/message.service';
import { publicShopIds } from '../modules/shop/shop.service';
import { makeSn } from '../modules/talk/talk.sn';
import type { TDemoAreaCtx } from './demo';

const DAY = 86400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3600_000);

/**
 * The talk area's demo (seed/demo.ts DEMO_AREAS): inquiries both ways on approved listings, a road-and-bridge
 * package request with a platform offer and one still waiting, the tenant's favourites, a pending and a handled report.
 */
export async function seedTalkDemo(ctx: TDemoAreaCtx): Promise<void> {
  const { tx, users, companies } = ctx;
  const actor = (userId: number, companyId: number | null) => ({ userId, companyId, ip: '127.0.0.1' });
  // the listings' demo runs first (DEMO_AREAS)
  const providerListings = await publicListingIds(tx, companies.provider, 20);
  const tenantListings = await publicListingIds(tx, companies.tenant, 5);
  const cards = new Map((await listingCards(tx, [...providerListings, ...tenantListings])).map((c) => [c.id, c]));

  const addInquiry = async (o: {
    from: 'tenant' | 'provider';
    listingId: number;
    number: number;
    days: number;
    status: number;
    schedule: string;
    remark: string;
    invoice: number;
  }) => {
    const fromCo = companies[o.from];
    const toCo = o.from === 'tenant' ? companies.provider : companies.tenant;
    const fromUser = users[o.from];
    const toUser = o.from === 'tenant' ? users.provider : users.tenant;
    const [row] = await tx
      .insert(inquiries)
      .values({
        sn: makeSn('XJ', ago(o.days).getTime()),
        toType: INQUIRY_TO.company,
        fromCompanyId: fromCo,
        fromUserId: fromUser,
        toCompanyId: toCo,
        listingId: o.listingId,
        toPhone: o.from === 'tenant' ? '13800000002' : '13800000001',
        number: o.number,
        province: 32,
        city: 3205,
        area: 320505,
        address:
          o.from === 'tenant' ? '苏州工业园区星湖街 328 号轨交 S1 线 6 标工地' : '苏州市虎丘区科技城嘉陵江路 99 号',
        approachTime: shanghaiDay(7 - o.days),
        schedule: o.schedule,
        invoice: o.invoice,
        remark: o.remark,
        phone: o.from === 'tenant' ? '13800000001' : '13800000002',
        status: o.status,
        createdAt: ago(o.days),
        completedAt: o.status === INQUIRY_STATUS.completed ? ago(o.days - 1) : null,
      })
      .returning();
    await recordAudit(tx, actor(fromUser, fromCo), {
      entity: 'inquiry',
      entityId: row.id,
      action: 'create',
      from: null,
      to: INQUIRY_STATUS.processing,
    });
    if (o.status === INQUIRY_STATUS.completed)
      await recordAudit(tx, actor(toUser, toCo), {
        entity: 'inquiry',
        entityId: row.id,
        action: 'complete',
        from: INQUIRY_STATUS.processing,
        to: INQUIRY_STATUS.completed,
      });
    const name = cards.get(o.listingId)?.product_name_v ?? '';
    const fromName = o.from === 'tenant' ? '中铁建设集团华东工程有限公司' : '江苏恒力工程机械租赁有限公司';
    for (const uid of new Set([toUser, ...(await mainAccountUserIds(tx, toCo))])) {
      await createMessage(tx, {
        userId: uid,
        title: talkNotices.newTitle,
        content: fmt(talkNotices.newBody, {
          from: fromName,
          name,
          sn: row.sn,
          number: o.number,
          date: row.approachTime,
        }),
        kind: 'inquiry',
      });
    }
  };

  const p = providerListings;
  const plan = [
    {
      listingId: p[0],
      number: 2,
      days: 0,
      status: INQUIRY_STATUS.processing,
      schedule: '工期约4个月，下周一进场',
      remark: '需带经验丰富的机手，夜间可能加班',
      invoice: 2,
    },
    {
      listingId: p[1 % p.length],
      number: 1,
      days: 2,
      status: INQUIRY_STATUS.processing,
      schedule: '基坑开挖约45天',
      remark: '',
      invoice: 1,
    },
    {
      listingId: p[2 % p.length],
      number: 3,
      days: 9,
      status: INQUIRY_STATUS.completed,
      schedule: '路基施工2个月',
      remark: '已电话沟通，价格可接受',
      invoice: 2,
    },
  ];
  for (const o of plan) if (o.listingId) await addInquiry({ from: 'tenant', ...o });
  if (tenantListings[0])
    await addInquiry({
      from: 'provider',
      listingId: tenantListings[0],
      number: 1,
      days: 1,
      status: INQUIRY_STATUS.processing,
      schedule: '厂区改造约1个月',
      remark: '',
      invoice: 0,
    });

  // road-and-bridge packages: one answered by the platform, one waiting
  const packages = [
    {
      days: 3,
      address: 'G312 国道苏州段改扩建工程第三标段',
      schedule: '工期约8个月',
      equips: [
        { name: '挖掘机', model: '20-23吨', count: 3 },
        { name: '压路机', model: '22吨单钢轮', count: 2 },
        { name: '平地机', model: 'GR180', count: 1 },
      ],
      offer: {
        details: '21吨挖掘机 3 台、22吨单钢轮压路机 2 台、GR180 平地机 1 台，含机手及日常保养，按月结算',
        price: 46_800_000,
      },
    },
    {
      days: 0,
      address: '苏州绕城高速沙墩港特大桥引桥施工段',
      schedule: '工期约5个月',
      equips: [
        { name: '汽车起重机', model: '50吨', count: 1 },
        { name: '旋挖钻机', model: 'SR285', count: 2 },
      ],
      offer: null,
    },
  ];
  for (const pk of packages) {
    const [row] = await tx
      .insert(inquiries)
      .values({
        sn: makeSn('TC', ago(pk.days).getTime()),
        toType: INQUIRY_TO.platform,
        fromCompanyId: companies.tenant,
        fromUserId: users.tenant,
        number: pk.equips.reduce((n, e) => n + e.count, 0),
        province: 32,
        city: 3205,
        area: 320505,
        address: pk.address,
        approachTime: shanghaiDay(10),
        schedule: pk.schedule,
        invoice: 2,
        machineOperator: 1,
        paymentMethod: 1,
        remark: '请优先安排近两年出厂的设备',
        phone: '13800000001',
        equips: pk.equips,
        status: INQUIRY_STATUS.processing,
        createdAt: ago(pk.days, 2),
      })
      .returning();
    await recordAudit(tx, actor(users.tenant, companies.tenant), {
      entity: 'inquiry',
      entityId: row.id,
      action: 'create',
      from: null,
      to: INQUIRY_STATUS.processing,
    });
    if (pk.offer) {
      const [r] = await tx
        .insert(inquiryResponses)
        .values({
          inquiryId: row.id,
          orderNo: makeSn('BJ', ago(pk.days - 1).getTime()),
          productDetails: pk.offer.details,
          price: pk.offer.price,
          state: RESPONSE_STATE.offered,
          createdBy: users.admin,
          createdAt: ago(pk.days - 1),
        })
        .returning();
      await recordAudit(tx, actor(users.admin, null), {
        entity: 'inquiry_response',
        entityId: r.id,
        action: 'create',
        from: null,
        to: RESPONSE_STATE.offered,
        reason: row.sn,
      });
      // days old: the tenant has read it (the dashboard's unread count stays the accounts' own)
      const m = await createMessage(tx, {
        userId: users.tenant,
        title: talkNotices.offerTitle,
        content: fmt(talkNotices.offerBody, {
          sn: row.sn,
          details: pk.offer.details.slice(0, 60),
          price: '468,000.00',
        }),
        kind: 'inquiry',
      });
      await readMessage(tx, users.tenant, m.id);
    }
  }

  // the tenant's favourites: a few of the provider's machines, and its shop when the shop part has one
  for (const [i, id] of p.slice(0, 4).entries())
    await tx
      .insert(favorites)
      .values({
        userId: users.tenant,
        companyId: companies.tenant,
        type: FAVORITE_TYPE.listing,
        targetId: id,
        createdAt: ago(i + 1),
      })
      .onConflictDoNothing();
  for (const id of (await publicShopIds(tx)).slice(0, 2))
    await tx
      .insert(favorites)
      .values({ userId: users.tenant, companyId: companies.tenant, type: FAVORITE_TYPE.shop, targetId: id })
      .onConflictDoNothing();
  // someone else saved the first one too: its count is 2
  if (p[0])
    await tx
      .insert(favorites)
      .values({ userId: users.operator, type: FAVORITE_TYPE.listing, targetId: p[0] })
      .onConflictDoNothing();

  // reports: one handled with the platform's result, one pending
  const target = p[p.length - 1];
  if (target) {
    const handled = {
      days: 6,
      reportType: 2,
      remarks: '电话沟通时报价比页面标价高出约30%，与页面信息不符',
      result: '经核实，出租方已按页面标价重新报价，并已提醒其及时更新租金信息。',
    };
    const [h] = await tx
      .insert(reports)
      .values({
        sn: makeSn('JB', ago(handled.days).getTime()),
        userId: users.tenant,
        companyId: companies.tenant,
        phone: '13800000001',
        type: 0,
        targetId: target,
        reportType: handled.reportType,
        remarks: handled.remarks,
        status: REPORT_STATUS.handled,
        result: handled.result,
        handlerId: users.admin,
        handledAt: ago(handled.days - 1),
        createdAt: ago(handled.days),
      })
      .returning();
    await recordAudit(tx, actor(users.tenant, companies.tenant), {
      entity: 'report',
      entityId: h.id,
      action: 'submit',
      from: null,
      to: REPORT_STATUS.pending,
    });
    await recordAudit(tx, actor(users.admin, null), {
      entity: 'report',
      entityId: h.id,
      action: 'handle',
      from: REPORT_STATUS.pending,
      to: REPORT_STATUS.handled,
      reason: handled.result,
    });
    const c = cards.get(target);
    const m = await createMessage(tx, {
      userId: users.tenant,
      title: reportNotices.resultTitle,
      content: fmt(reportNotices.resultBody, {
        time: shanghaiDateTime(h.createdAt),
        sn: h.sn,
        target: c ? `${c.product_name_v} ${c.model}` : '',
        status: REPORT_STATUS_TEXT[REPORT_STATUS.handled],
        result: handled.result,
      }),
      kind: 'report',
    });
    await readMessage(tx, users.tenant, m.id);
  }
  if (p[1] ?? p[0]) {
    const [r] = await tx
      .insert(reports)
      .values({
        sn: makeSn('JB', ago(0, 5).getTime()),
        userId: users.tenant,
        companyId: companies.tenant,
        phone: '13800000001',
        type: 0,
        targetId: p[1] ?? p[0],
        reportType: 4,
        remarks: '页面留的联系电话多次拨打均为空号',
        status: REPORT_STATUS.pending,
        createdAt: ago(0, 5),
      })
      .returning();
    await recordAudit(tx, actor(users.tenant, companies.tenant), {
      entity: 'report',
      entityId: r.id,
      action: 'submit',
      from: null,
      to: REPORT_STATUS.pending,
    });
  }
}
