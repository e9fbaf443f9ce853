import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { LISTING_REVIEW, LISTING_SELL, LISTING_STATE } from '@jizu/shared/constants/equipment';
import type { TAttributeDef, TParamDef } from '@jizu/shared/schemas/region';
import { equipmentGroups, equipmentProducts } from '../db/schema';
import { insertListing } from '../modules/equipment/equipment.repo';
import { AUDIT_ENTITY } from '../modules/equipment/equipment.service';
import { PLATFORM_ACTOR, recordAudit } from '../modules/audit/audit.service';
import { syncMarketListings } from '../modules/market/market.service';
import { recordStoredUploads } from '../modules/upload/upload.service';
import type { Executor } from '../db/client';
import type { TDemoAreaCtx } from './demo';
import { machineSvg, nameplateSvg, rng, svgToJpeg, type TMachineKind } from './demo.machines';

/** The machine drawn for a group of the catalogue (its id: category·100 + n). */
const KIND_OF_GROUP: Record<number, TMachineKind> = {
  101: 'excavator',
  102: 'loader',
  103: 'excavator',
  201: 'loader',
  202: 'dozer',
  203: 'dozer',
  204: 'dozer',
  301: 'crane',
  302: 'tower',
  303: 'tower',
  401: 'aerial',
  402: 'crane',
  501: 'roller',
  502: 'roller',
  601: 'paver',
  602: 'paver',
  701: 'pump',
  702: 'mixer',
  703: 'pump',
  801: 'drill',
  802: 'drill',
  803: 'drill',
  901: 'drill',
  902: 'truck',
  1001: 'truck',
  1002: 'forklift',
};

/** Places (province, city, area) the demo machines stand in. */
const PLACES: [number, number, number, string][] = [
  [32, 3205, 320505, '科技城锦峰路 158 号设备堆场'],
  [32, 3201, 320102, '龙蟠路 66 号工地'],
  [32, 3202, 320211, '蠡湖大道 2018 号停车场'],
  [31, 3101, 310115, '张江路 1238 号'],
  [11, 1101, 110105, '酒仙桥北路 9 号院'],
  [44, 4403, 440305, '科技园南区高新南七道'],
  [33, 3301, 330106, '西溪路 550 号'],
  [51, 5101, 510107, '武侯大道 88 号'],
  [42, 4201, 420111, '光谷大道 77 号'],
  [37, 3702, 370212, '株洲路 188 号'],
  [61, 6101, 610113, '科技路 33 号'],
  [41, 4101, 410105, '金水东路 49 号'],
  [43, 4301, 430104, '麓谷大道 627 号'],
  [50, 5001, 500112, '金开大道 1600 号'],
  [34, 3401, 340104, '望江西路 800 号'],
  [35, 3502, 350206, '火炬路 12 号'],
  [12, 1201, 120116, '临港经济区渤海十路'],
  [21, 2102, 210204, '中山路 572 号'],
  [13, 1301, 130104, '中华南大街 216 号'],
  [36, 3601, 360111, '高新大道 589 号'],
];
const COLORS = [
  '#f2b705',
  '#e8731a',
  '#d62d20',
  '#1b62b3',
  '#f5c400',
  '#2e7d32',
  '#ef6c00',
  '#c62828',
  '#0d47a1',
  '#fbc02d',
];

/** [product id, brand, model, place, monthly rent, per-shift rent, hourly rent (yuan), year, owner] */
type TSeed = [number, string, string, number, number, number, number, number, 'p' | 't'];
const LISTED: TSeed[] = [
  [10101, '三一重工', 'SY215C', 0, 32000, 1600, 260, 2020, 'p'],
  [10101, '徐工', 'XE215DA', 1, 30000, 1500, 240, 2021, 'p'],
  [10101, '卡特彼勒', 'CAT320GC', 3, 36000, 1800, 300, 2019, 'p'],
  [10101, '小松', 'PC200-8', 4, 33000, 1650, 270, 2018, 't'],
  [10102, '柳工', 'CLG915E', 5, 26000, 1300, 220, 2020, 'p'],
  [10103, '三一重工', 'SY75C', 6, 16000, 900, 150, 2022, 'p'],
  [10104, '久保田', 'U-17', 7, 9000, 550, 90, 2021, 'p'],
  [10105, '徐工', 'XE370CA', 8, 45000, 2300, 380, 2019, 'p'],
  [10201, '山东临工', 'B877F', 9, 18000, 950, 160, 2020, 'p'],
  [10301, '古河', 'HB20G', 10, 6000, 0, 0, 2021, 'p'],
  [20101, '柳工', 'CLG856H', 11, 22000, 1100, 180, 2021, 'p'],
  [20101, '山东临工', 'L956F', 12, 21000, 1050, 175, 2020, 't'],
  [20102, '山猫', 'S185', 13, 12000, 650, 110, 2022, 'p'],
  [20201, '山推', 'SD22', 14, 38000, 1900, 320, 2018, 'p'],
  [20301, '徐工', 'GR215', 15, 35000, 1750, 290, 2019, 'p'],
  [30101, '徐工', 'XCT25', 0, 42000, 2200, 0, 2021, 'p'],
  [30101, '三一重工', 'STC250E', 16, 40000, 2100, 0, 2020, 'p'],
  [30101, '中联重科', 'ZTC250V', 17, 41000, 2150, 0, 2022, 't'],
  [30102, '徐工', 'XCA60E', 1, 88000, 4500, 0, 2019, 'p'],
  [30104, '三一重工', 'SCC550E', 18, 75000, 3800, 0, 2018, 'p'],
  [30105, '石煤', 'SQ10SK3Q', 19, 18000, 900, 0, 2021, 'p'],
  [30201, '中联重科', 'TC6013A-6', 2, 28000, 0, 0, 2020, 'p'],
  [30201, '徐工', 'XGT6013', 3, 27000, 0, 0, 2021, 'p'],
  [30301, '大汉', 'SC200/200', 4, 9000, 0, 0, 2020, 'p'],
  [40101, '鼎力', 'JCPT1212DC', 5, 3800, 0, 0, 2022, 'p'],
  [40101, '星邦', 'XG1412AC', 6, 4200, 0, 0, 2021, 't'],
  [40102, '鼎力', 'GTBZ22S', 7, 12000, 0, 0, 2021, 'p'],
  [40201, '徐工', 'XGS5060JGK', 8, 16000, 900, 0, 2020, 'p'],
  [50101, '徐工', 'XS263J', 9, 26000, 1300, 210, 2020, 'p'],
  [50101, '三一重工', 'SSR260C-8', 10, 25000, 1250, 200, 2021, 'p'],
  [50102, '戴纳派克', 'CC1200', 11, 15000, 800, 130, 2019, 'p'],
  [50103, '柳工', '6526E', 12, 24000, 1200, 200, 2020, 't'],
  [60101, '中联重科', 'LTU90', 13, 52000, 2600, 0, 2019, 'p'],
  [60102, '维特根', 'W200', 14, 68000, 3400, 0, 2018, 'p'],
  [60201, '徐工', 'WB23', 15, 45000, 2200, 0, 2020, 'p'],
  [70101, '三一重工', 'SYM5352THB 56米', 16, 78000, 3900, 0, 2020, 'p'],
  [70101, '中联重科', 'ZLJ5440THBBF 62X', 17, 86000, 4300, 0, 2021, 'p'],
  [70201, '三一重工', 'SY412C-8', 18, 19000, 950, 0, 2021, 'p'],
  [70201, '中联重科', 'ZLJ5250GJB', 19, 18500, 920, 0, 2020, 't'],
  [80101, '三一重工', 'SR235', 0, 85000, 4300, 0, 2020, 'p'],
  [80101, '徐工', 'XR280D', 2, 98000, 4900, 0, 2021, 'p'],
  [80201, '天威', 'ZYC600B', 5, 62000, 3100, 0, 2019, 'p'],
  [90201, '同力', 'TL875', 8, 36000, 1800, 0, 2021, 'p'],
  [100101, '陕汽重卡', 'SX3250DR384', 9, 23000, 1150, 0, 2021, 'p'],
  [100101, '中国重汽', '豪沃 ZZ3257', 10, 22000, 1100, 0, 2020, 't'],
  [100104, '东风', 'DFA5160GSS', 11, 12000, 650, 0, 2021, 'p'],
  [100201, '合力', 'CPCD30', 12, 4500, 0, 60, 2022, 'p'],
  [100202, '徐工', 'XC6-3514', 13, 16000, 850, 140, 2021, 'p'],
];

/** The other states of the demo: in review, rejected (with the reason), delisted, and one with a running lease. */
const OTHERS: { seed: TSeed; review: number; onSell: number; reason?: string; hasLease?: boolean; state?: number }[] = [
  {
    seed: [10101, '日立', 'ZX200-5A', 1, 31000, 1550, 250, 2019, 'p'],
    review: LISTING_REVIEW.pending,
    onSell: LISTING_SELL.listed,
  },
  {
    seed: [30101, '柳工', 'TC250C5', 3, 39000, 2000, 0, 2021, 'p'],
    review: LISTING_REVIEW.pending,
    onSell: LISTING_SELL.listed,
  },
  {
    seed: [20101, '龙工', 'LG855N', 6, 20000, 1000, 170, 2020, 'p'],
    review: LISTING_REVIEW.rejected,
    onSell: LISTING_SELL.listed,
    reason: '铭牌照片模糊，无法识别出厂编号，请重新拍摄上传',
  },
  {
    seed: [50102, '悍马', 'HD12VV', 7, 14000, 750, 120, 2019, 't'],
    review: LISTING_REVIEW.rejected,
    onSell: LISTING_SELL.listed,
    reason: '设备图片与所选设备类型不符',
  },
  {
    seed: [10103, '徐工', 'XE60DA', 0, 15000, 850, 140, 2021, 'p'],
    review: LISTING_REVIEW.approved,
    onSell: LISTING_SELL.delisted,
  },
  {
    seed: [40103, '吉尼', 'Z-45/25J', 2, 11000, 0, 0, 2020, 'p'],
    review: LISTING_REVIEW.approved,
    onSell: LISTING_SELL.delisted,
  },
  {
    seed: [10101, '三一重工', 'SY365H', 0, 52000, 2600, 420, 2020, 'p'],
    review: LISTING_REVIEW.approved,
    onSell: LISTING_SELL.listed,
    hasLease: true,
    state: LISTING_STATE.rentedOut,
  },
];

/** A plausible value of a spec parameter by its key (units come from the definition). */
const PARAM_VALUES: Record<string, string[]> = {
  weight: ['21.5', '7.5', '36', '13', '25'],
  bucket: ['1.1', '0.3', '1.8', '3.0'],
  power: ['118', '162', '92', '220'],
  dig_depth: ['6.6', '4.2', '7.3'],
  arm_length: ['18'],
  load: ['5', '2000', '3'],
  blade_width: ['3.9', '4.2'],
  max_lift: ['25', '60', '55', '10'],
  boom: ['41', '48', '52'],
  jib: ['8'],
  radius: ['60'],
  moment: ['160'],
  free_height: ['46'],
  lift_height: ['150'],
  cages: ['双笼'],
  work_height: ['14', '22', '16'],
  rated_load: ['320', '230'],
  outreach: ['12'],
  drum_width: ['2.1'],
  force: ['405', '380'],
  energy: ['25'],
  pave_width: ['9'],
  pave_depth: ['300'],
  output: ['160', '180', '120'],
  mill_width: ['2'],
  mill_depth: ['330'],
  mix_width: ['2.3'],
  mix_depth: ['400'],
  pump_height: ['56', '62'],
  sections: ['6节'],
  pressure: ['16'],
  drum: ['12', '10'],
  drive: ['8×4'],
  diameter: ['2000', '2500'],
  depth: ['72', '85'],
  torque: ['235', '280'],
  press: ['600'],
  pile: ['600'],
  payload: ['25', '32', '60'],
  box: ['20'],
  deck: ['13'],
  tank: ['10'],
  capacity: ['3', '3.5'],
  lift: ['3', '14'],
  spec: ['标准配置'],
};
const MAKERS: Record<string, string> = {
  三一重工: '三一重机有限公司',
  徐工: '徐州工程机械集团有限公司',
  卡特彼勒: '卡特彼勒（中国）投资有限公司',
  小松: '小松（中国）投资有限公司',
  柳工: '广西柳工机械股份有限公司',
  中联重科: '中联重科股份有限公司',
  山东临工: '山东临工工程机械有限公司',
  山推: '山推工程机械股份有限公司',
  鼎力: '浙江鼎力机械股份有限公司',
  星邦: '湖南星邦智能装备股份有限公司',
};

/** A listing's pictures in the object store, recorded as the owner's uploads (one statement); their /uploads/… paths. */
async function putImages(
  ctx: TDemoAreaCtx,
  pictures: Buffer[],
  userId: number,
  companyId: number,
  when: Date,
): Promise<string[]> {
  const files = pictures.map((bytes) => ({
    key: `ep/${when.getUTCFullYear()}/${String(when.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}.jpg`,
    kind: 'ep' as const,
    bytes,
    mime: 'image/jpeg',
    userId,
    companyId,
  }));
  await Promise.all(files.map((f) => ctx.store.put(f.key, f.bytes, f.mime)));
  await recordStoredUploads(ctx.tx, files);
  return files.map((f) => `/uploads/${f.key}`);
}

/**
 * Demo listings (issue 9 § demo data): 48 approved, listed machines across the catalogue and 20 cities (mostly the
 * provider's, some the tenant's), each with 2–4 generated photos and a generated nameplate, and listings in review,
 * rejected with a reason, delisted, and one with a running lease. Each goes through the audit trail and the market's
 * read model like a listing made through the form (the read model written once they all are, in a few statements).
 */
export async function seedListingsDemo(ctx: TDemoAreaCtx): Promise<void> {
  const { byId, all, drawn } = await (ctx.listingPictures ?? drawListingPictures(ctx.tx));
  const written: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const d = drawn[i];
    if (!d) continue;
    const { seed, review, onSell } = all[i];
    const extra = all[i] as (typeof OTHERS)[number];
    const [productId, brand, model, , monthly, shift, hourly, , owner] = seed;
    const row = byId.get(productId)!;
    const userId = owner === 'p' ? ctx.users.provider : ctx.users.tenant;
    const companyId = owner === 'p' ? ctx.companies.provider : ctx.companies.tenant;
    const when = new Date(Date.now() - (all.length - i) * 6 * 3600_000);
    const [photos, nameplateJpeg] = await d.pictures;
    const paths = await putImages(ctx, [...photos, nameplateJpeg], userId, companyId, when);
    const images = paths.slice(0, -1);
    const nameplate = paths[paths.length - 1];
    const [province, city, area, address] = d.where;
    const listing = await insertListing(ctx.tx, {
      companyId,
      userId,
      categoryId: row.categoryId,
      groupId: row.p.groupId,
      productId,
      model,
      playingTime: d.date,
      monthlyRent: monthly * 100,
      rentRent: shift * 100,
      hourlyRent: hourly * 100,
      brand,
      workingHours: Math.round((2026 - seed[7]) * 1100 + (i % 7) * 130),
      explain: `${brand}${row.p.name}，${seed[7]}年出厂，车况良好，定期保养，手续齐全。可配经验丰富的操作手，支持短租和长租，${address.slice(0, 6)}附近可快速进场。`,
      images,
      cover: images[0],
      nameplate,
      serialType: 3,
      serialNumber: d.serial,
      params: d.values,
      attribute: d.attrs.join('-'),
      units: d.units,
      province,
      city,
      area,
      address,
      lng: null,
      lat: null,
      state: extra.state ?? LISTING_STATE.toRent,
      hasLease: extra.hasLease ?? false,
      reviewStatus: review,
      reviewReason: extra.reason ?? '',
      reviewedAt: review === LISTING_REVIEW.pending ? null : when,
      approvedAt: review === LISTING_REVIEW.approved ? when : null,
      onSell,
      createdAt: when,
      updatedAt: when,
    });
    const actor = { userId, companyId };
    await recordAudit(ctx.tx, actor, {
      entity: AUDIT_ENTITY,
      entityId: listing.id,
      action: 'submit',
      from: null,
      to: LISTING_REVIEW.pending,
    });
    if (review !== LISTING_REVIEW.pending) {
      await recordAudit(
        ctx.tx,
        { ...PLATFORM_ACTOR, userId: ctx.users.admin },
        {
          entity: AUDIT_ENTITY,
          entityId: listing.id,
          action: review === LISTING_REVIEW.approved ? 'approve' : 'reject',
          from: LISTING_REVIEW.pending,
          to: review,
          reason: extra.reason ?? '',
        },
      );
    }
    if (onSell === LISTING_SELL.delisted)
      await recordAudit(ctx.tx, actor, {
        entity: AUDIT_ENTITY,
        entityId: listing.id,
        action: 'delist',
        from: LISTING_SELL.listed,
        to: LISTING_SELL.delisted,
      });
    written.push(listing.id);
  }
  await syncMarketListings(ctx.tx, written);
}

/**
 * The demo listings' pictures (2–4 photos and a nameplate each, 800×600 JPEG), drawn on libvips's own threads while
 * the demo's rows are written. demo.ts starts this before its transaction, so that the drawing overlaps the demo's
 * first rows (and the server's own start) rather than following them; the catalogue it reads is reference data,
 * there already. Answers each listing's pictures as a promise of its own: the first listings are written while the
 * pictures of the last are drawn.
 */
export async function drawListingPictures(db: Executor) {
  const productIds = [...new Set([...LISTED, ...OTHERS.map((o) => o.seed)].map((s) => s[0]))];
  const products = await db
    .select({ p: equipmentProducts, categoryId: equipmentGroups.categoryId })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .where(inArray(equipmentProducts.id, productIds));
  const byId = new Map(products.map((r) => [r.p.id, r]));
  const all = [
    ...LISTED.map((seed) => ({
      seed,
      review: LISTING_REVIEW.approved as number,
      onSell: LISTING_SELL.listed as number,
    })),
    ...OTHERS,
  ];

  // every listing's pictures asked for now, in the listings' order: the seed writes a listing when its own are drawn
  const drawn = all.map(({ seed }, i) => {
    const [productId, brand, model, place, , , , year] = seed;
    const row = byId.get(productId);
    if (!row) return null;
    const r = rng(1000 + i * 97);
    const kind = KIND_OF_GROUP[row.p.groupId] ?? 'excavator';
    const color = COLORS[Math.floor(r() * COLORS.length)];
    const n = 2 + Math.floor(r() * 3);
    const where = PLACES[place];
    const photos = Promise.all(
      Array.from({ length: n }, (_, k) =>
        svgToJpeg(
          machineSvg({
            kind,
            color,
            brand,
            model,
            seed: 50_000 + i * 31 + k * 7,
            caption: `${brand} ${model} · 实拍 ${k + 1}/${n}`,
          }),
        ),
      ),
    );
    const serial = `${model
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 6)
      .toUpperCase()}${year}${String(1000 + i * 37).slice(-4)}`;
    const params = row.p.params as TParamDef[];
    const specParam = params.find((p) => p.input === 'number') ?? params[0];
    const values: Record<string, string> = {};
    for (const d of params) {
      if (d.input === 'select') values[d.key] = d.options?.[Math.floor(r() * (d.options?.length ?? 1))] ?? '';
      else if (d.required || r() < 0.6) {
        const choices = PARAM_VALUES[d.key] ?? ['10'];
        values[d.key] = choices[Math.floor(r() * choices.length)];
      }
    }
    const date = `${year}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
    const nameplate = svgToJpeg(
      nameplateSvg({
        brand,
        maker: MAKERS[brand] ?? `${brand}机械有限公司`,
        product: row.p.name,
        model,
        serial,
        date,
        spec: specParam ? `${specParam.name} ${values[specParam.key] ?? ''}${specParam.unit}` : '',
        seed: 9000 + i,
      }),
    );
    const pictures = Promise.all([photos, nameplate]);
    pictures.catch(() => {}); // awaited by the listings' seed, in turn
    const attrs = (row.p.attributes as TAttributeDef[]).map((a) => a.options[Math.floor(r() * a.options.length)]);
    return { kind, pictures, serial, values, date, attrs, where, units: params.map((p) => p.unit).join('-') };
  });
  return { byId, all, drawn };
}
