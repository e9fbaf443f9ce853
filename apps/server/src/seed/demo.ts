import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { seedBiddingDemo } from './demo.bidding';
import { seedDemandDemo } from './demo.demand';
import { drawOrderPictures, seedOrderDemo } from './demo.order';
import { seedReviewDemo } from './demo.review';
import { seedFinanceProductDemo } from './demo.finprod';
import { M } from '@jizu/shared/messages';
import { inTx, type DB, type Tx } from '../db/client';
import type { TConfig } from '../config';
import { createObjectStore, type ObjectStore } from '../platform/object-store';
import { vaultOf } from '../platform/crypto';
import { countUsers, hashPassword, insertUser } from '../modules/auth/auth.service';
import { addSubUser, createCompany, createPersonalCompany } from '../modules/company/company.service';
import { createStaff } from '../modules/staff/staff.service';
import { createNotice } from '../modules/notice/notice.service';
import { seedVerifyDemo, writeDemoIdImages } from './demo.verify';
import { seedShopDemo } from './demo.shop';
import { seedShelfDemo } from './demo.shelf';
import { seedDemoPoints } from '../modules/points/points.service';
import { drawListingPictures, seedListingsDemo } from './demo.listings';
import { seedTalkDemo } from './demo.talk';
import { seedTrainingDemo } from './demo.training';
import { seedHireDemo } from './demo.hire';
import { drawJobCardPictures, seedJobCardDemo } from './demo.jobcard';
import { DemoPictures } from './demo.machines';
import { seedEventsDemo } from './demo.events';

/** The demo logins (ARCHITECTURE § Demo); e2e journeys import them from here. All accept SMS code 123456 in demo mode. */
export const DEMO_ACCOUNTS = {
  admin: { phone: '13800000000', password: 'Admin@2026', username: M.admin.adminName },
  tenant: { phone: '13800000001', password: 'Demo@2026', username: '陈建国', company: '中铁建设集团华东工程有限公司' },
  provider: {
    phone: '13800000002',
    password: 'Demo@2026',
    username: '王立恒',
    company: '江苏恒力工程机械租赁有限公司',
  },
  operator: { phone: '13800000003', password: 'Demo@2026', username: '李师傅' },
  /** two more providers, so a demo bidding has competing quotes */
  provider2: {
    phone: '13800000011',
    password: 'Demo@2026',
    username: '刘志强',
    company: '浙江宏远建机设备租赁有限公司',
  },
  provider3: { phone: '13800000012', password: 'Demo@2026', username: '孙海峰', company: '安徽徽建工程机械有限公司' },
} as const;

export const DEMO_STAFF = [
  { sn: 'KF001', name: '客服小王', phone: '400-820-1234' },
  { sn: 'KF002', name: '客服小李', phone: '400-820-1235' },
  { sn: 'KF003', name: '客服小张', phone: '400-820-1236' },
] as const;

const DEMO_NOTICES = [
  {
    title: '机租通平台服务升级公告',
    body: '为提升设备租赁交易体验，平台将于本周六 00:00—06:00 进行系统升级，期间询价、下单与支付功能暂停使用，给您带来的不便敬请谅解。',
    daysAgo: 1,
  },
  {
    title: '关于开展春季设备安全检查的通知',
    body: '请各出租方在设备进场前完成安全检查并上传检验报告，平台将对未按要求上传报告的设备暂停展示。',
    daysAgo: 3,
  },
  {
    title: 'AAA 会员新增一站式停车权益',
    body: '即日起，AAA 会员可在全国 11 个合作基地享受一票制停车服务，并可免费停放一台设备 12 个月。详情请见会员权益页面。',
    daysAgo: 7,
  },
  {
    title: '企业高级认证上线',
    body: '完成企业认证后，可申请第三方高级认证。通过高级认证的企业可在线签署租赁合同并使用供应链金融服务。',
    daysAgo: 14,
  },
];

/** What an area's demo seed gets: the transaction, the object store (for images), the demo users and companies. */
export interface TDemoAreaCtx {
  tx: Tx;
  store: ObjectStore;
  config: TConfig;
  users: Record<keyof typeof DEMO_ACCOUNTS, number>;
  companies: { tenant: number; provider: number; provider2: number; provider3: number };
  /** the listings' pictures, drawn while the first rows were written (seedListingsDemo draws them itself without) */
  listingPictures?: ReturnType<typeof drawListingPictures>;
  /** later areas' pictures, drawn ahead (an area draws those it finds missing itself) */
  pictures?: DemoPictures;
  /** the demo passwords' hashes, by password (an area hashes one itself without) */
  passwordHashes?: Record<string, string>;
}

/**
 * The marketplace areas' demo seeds (seed/demo.<area>.ts), run in this order after the accounts: listings first,
 * since inquiries, shops, favourites and shelves show them. The market's read model is written with each listing
 * (seedListingsDemo, and equipment.service for every later change): no area rebuilds it (demo.listings.test.ts checks
 * that a rebuild would write the same).
 */
const DEMO_AREAS: ((ctx: TDemoAreaCtx) => Promise<void>)[] = [
  seedListingsDemo,
  seedShopDemo,
  seedShelfDemo,
  seedTalkDemo,
  seedBiddingDemo,
  seedOrderDemo,
  seedReviewDemo,
  seedDemandDemo,
  seedHireDemo,
  seedJobCardDemo,
  seedFinanceProductDemo,
  seedTrainingDemo,
  seedEventsDemo,
];

export interface TDemoResult {
  seeded: boolean;
  users?: Record<keyof typeof DEMO_ACCOUNTS, number>;
  companies?: { tenant: number; provider: number };
  staff?: number;
  notices?: number;
}

/** The staff QR images: a WeChat Work contact link per staff member, written to the object store. */
async function writeStaffQrCodes(store: ObjectStore) {
  for (const s of DEMO_STAFF) {
    const png = await QRCode.toBuffer(`https://work.weixin.qq.com/ca/jizu-${s.sn}`, {
      type: 'png',
      width: 280,
      margin: 1,
    });
    await store.put(`staff/${s.sn}.png`, png, 'image/png');
  }
}

async function demoUser(
  tx: Tx,
  key: keyof typeof DEMO_ACCOUNTS,
  hashes: Record<string, string>,
  extra: { role?: string } = {},
) {
  const a = DEMO_ACCOUNTS[key];
  return insertUser(tx, {
    phone: a.phone,
    passwordHash: hashes[a.password],
    username: a.username,
    role: extra.role ?? 'user',
    level: 'A',
  });
}

/**
 * Demo data on an empty database (ARCHITECTURE § Demo). Does nothing when any user exists; runs in one transaction
 * under an advisory lock, so two starts at once cannot both load it.
 */
export async function seedDemoIfEmpty(
  db: DB,
  config: TConfig,
  store: ObjectStore = createObjectStore(config),
): Promise<TDemoResult> {
  if ((await countUsers(db)) > 0) return { seeded: false };
  // The passwords are hashed and the staff's and ID images written first (the accounts need them at once), then the
  // pictures of the listings and of later areas drawn, in the order the areas write them, on libvips's threads while
  // the transaction writes rows.
  const passwords = [...new Set(Object.values(DEMO_ACCOUNTS).map((a) => a.password))];
  const first = Promise.all([
    Promise.all(passwords.map((p) => hashPassword(p))),
    writeStaffQrCodes(store),
    writeDemoIdImages(store),
  ]);
  const listingPictures = drawListingPictures(db);
  listingPictures.catch(() => {}); // awaited by the listings' seed; a failure before it is the transaction's
  const pictures = new DemoPictures();
  void listingPictures.then(
    () => {
      drawOrderPictures(pictures);
      drawJobCardPictures(pictures);
    },
    () => {},
  );
  const [hashList, , idImages] = await first;
  const hashes: Record<string, string> = Object.fromEntries(passwords.map((p, i) => [p, hashList[i]]));
  return inTx(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jizu:seed:demo'))`);
    if ((await countUsers(tx)) > 0) return { seeded: false };
    const admin = await demoUser(tx, 'admin', hashes, { role: 'admin' });
    const tenant = await demoUser(tx, 'tenant', hashes);
    const provider = await demoUser(tx, 'provider', hashes);
    const operator = await demoUser(tx, 'operator', hashes);
    const provider2 = await demoUser(tx, 'provider2', hashes);
    const provider3 = await demoUser(tx, 'provider3', hashes);
    await createPersonalCompany(tx, admin);
    await createPersonalCompany(tx, operator);

    const verifiedAt = new Date(Date.now() - 30 * 86400_000);
    const { company: tenantCo } = await createCompany(
      tx,
      {
        name: DEMO_ACCOUNTS.tenant.company,
        type: 2,
        status: 1,
        memberType: 1,
        registNo: '91310115MA1K3G7X2D',
        legal: '周振华',
        province: 31,
        city: 3101,
        area: 310115,
        address: '上海市浦东新区张江路 1238 号中铁大厦 18 层',
        registeredAssets: 50000,
        foundDate: '2012-04-16',
        registrant: DEMO_ACCOUNTS.tenant.username,
        tel: '13800000001',
        super: 1,
        superTime: verifiedAt,
      },
      { userId: tenant.id, memberName: DEMO_ACCOUNTS.tenant.username },
    );
    const { company: providerCo } = await createCompany(
      tx,
      {
        name: DEMO_ACCOUNTS.provider.company,
        type: 2,
        status: 1,
        memberType: 2,
        registNo: '91320505MA1N8Q4K5R',
        legal: '王立恒',
        province: 32,
        city: 3205,
        area: 320505,
        address: '江苏省苏州市虎丘区科技城锦峰路 158 号',
        registeredAssets: 8000,
        foundDate: '2016-09-08',
        registrant: DEMO_ACCOUNTS.provider.username,
        tel: '13800000002',
        super: 1,
        superTime: verifiedAt,
        // the platform's supply-chain finance product is open: provider_super 1 on its orders
        finance: 1,
      },
      { userId: provider.id, memberName: DEMO_ACCOUNTS.provider.username },
    );
    const more = [];
    for (const [u, key, regist, city] of [
      [provider2, 'provider2', '91330106MA2H7K1X3P', [33, 3301, 330106]],
      [provider3, 'provider3', '91340104MA2T5R8N6Q', [34, 3401, 340104]],
    ] as const) {
      const a = DEMO_ACCOUNTS[key];
      const { company } = await createCompany(
        tx,
        {
          name: a.company,
          type: 2,
          status: 1,
          memberType: 2,
          registNo: regist,
          legal: a.username,
          province: city[0],
          city: city[1],
          area: city[2],
          address: '工业园区建设路 88 号',
          registeredAssets: 3000,
          foundDate: '2015-06-18',
          registrant: a.username,
          tel: a.phone,
          super: 1,
          superTime: verifiedAt,
        },
        { userId: u.id, memberName: a.username },
      );
      more.push(company.id);
      await createPersonalCompany(tx, u);
    }
    // Personal companies after the enterprise ones: the default company (main account, oldest membership) is then
    // the enterprise, so the demo dashboard opens on the verified company.
    await createPersonalCompany(tx, tenant);
    await createPersonalCompany(tx, provider);
    // The provider also works in the tenant's company with company info only: switching companies changes the menu.
    await addSubUser(tx, tenantCo.id, provider.id, DEMO_ACCOUNTS.provider.username, [501], '设备对接人');

    // balances through the ledger, so its rows add up to them; the tenant has signed in the last two days
    for (const u of [admin, tenant, provider, operator, provider2, provider3])
      await seedDemoPoints(tx, u.id, { peas: 260, gold: 30, signedDays: u === tenant ? 2 : 0 });

    for (const s of DEMO_STAFF) await createStaff(tx, { ...s, imgQrcode: `/uploads/staff/${s.sn}.png` });
    await seedVerifyDemo(tx, vaultOf(config), { operator: operator.id, tenant: tenant.id }, idImages);
    for (const n of DEMO_NOTICES)
      await createNotice(tx, {
        title: n.title,
        body: n.body,
        status: 1,
        sendTime: new Date(Date.now() - n.daysAgo * 86400_000),
      });
    const users = {
      admin: admin.id,
      tenant: tenant.id,
      provider: provider.id,
      operator: operator.id,
      provider2: provider2.id,
      provider3: provider3.id,
    };
    for (const seedArea of DEMO_AREAS)
      await seedArea({
        tx,
        store,
        config,
        users,
        companies: { tenant: tenantCo.id, provider: providerCo.id, provider2: more[0], provider3: more[1] },
        listingPictures,
        pictures,
        passwordHashes: hashes,
      });

    return {
      seeded: true,
      users,
      companies: { tenant: tenantCo.id, provider: providerCo.id },
      staff: DEMO_STAFF.length,
      notices: DEMO_NOTICES.length,
    };
  });
}
