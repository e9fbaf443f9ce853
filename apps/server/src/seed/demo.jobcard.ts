import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { optionName } from '@jizu/shared/constants/recruit';
import type { Tx } from '../db/client';
import { vaultOf } from '../platform/crypto';
import { indexText } from '../platform/grams';
import { hashPassword, insertUser } from '../modules/auth/auth.service';
import { createPersonalCompany } from '../modules/company/company.service';
import { recordAudit } from '../modules/audit/audit.service';
import { recordStoredUpload } from '../modules/upload/upload.service';
import { insertPersonAuth } from '../modules/verify/verify.service';
import { seedDemoPoints } from '../modules/points/points.service';
import * as cards from '../modules/jobcard/jobcard.repo';
import * as feedback from '../modules/jobcard/feedback.repo';
import { recruits } from '../modules/recruit/recruit.tables';
import type { TDemoAreaCtx } from './demo';
import { DemoPictures, machineSvg, rng, type TMachineKind } from './demo.machines';

const DAY = 86_400_000;

/**
 * The labour area's demo operators (机手), all personally verified, password Demo@2026: 13800000031 王建华 has a card
 * searching (with comments and likes) and two ended ones in his history; six cards are in the operators' hall; one
 * waits for review and one was rejected. The demo provider 刘志强 (13800000011) is personally verified too: the
 * hirer who may see operators' phones.
 */
export const DEMO_OPERATORS = [
  { phone: '13800000031', username: '王建华', card: '32050519820315421' },
  { phone: '13800000032', username: '赵德胜', card: '31011519790522443' },
  { phone: '13800000033', username: '孙立强', card: '33010619881108361' },
  { phone: '13800000034', username: '周海涛', card: '34010419850719121' },
  { phone: '13800000035', username: '吴志明', card: '51010719801227541' },
  { phone: '13800000036', username: '郑国华', card: '44030519900306181' },
  { phone: '13800000037', username: '冯建军', card: '42011119920614321' },
  { phone: '13800000038', username: '陈永刚', card: '11010519870930121' },
] as const;
const HIRER = { username: '刘志强', card: '33010619780821441' };

/** An ID number from its first 17 digits and the GB 11643 check digit. */
function idNumber(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}
const BRANDS = ['三一重工', '徐工', '柳工', '中联重科', '山推', '卡特彼勒'];

type TPlace = [number, number, number, string];
type TDemoCard = {
  who: number;
  categories: number[];
  age: number;
  place: TPlace;
  content: string;
  status: 1 | 2 | 3 | 4 | 5;
  daysAgo: number;
  reason?: string;
  certs: string[];
  exps: [string, string][];
};

const KIND_OF_CATEGORY: Record<number, TMachineKind> = {
  1: 'excavator',
  2: 'loader',
  3: 'dozer',
  4: 'roller',
  5: 'crane',
  6: 'crane',
  7: 'tower',
  8: 'crane',
  9: 'forklift',
  10: 'dozer',
  11: 'paver',
  12: 'drill',
  13: 'pump',
  14: 'aerial',
  15: 'truck',
};

const CARDS: TDemoCard[] = [
  {
    who: 0,
    categories: [1, 2],
    age: 4,
    place: [32, 3205, 320505, '科技城锦峰路附近'],
    content:
      '从事挖掘机操作八年，熟练操作三一SY215、卡特320等机型，做过地铁基坑、市政管网和土方平整，会日常保养和简单维修，服从安排，能长期驻场。',
    status: 2,
    daysAgo: 3,
    certs: ['挖掘机操作证', '特种设备作业证'],
    exps: [
      ['苏州地铁五号线基坑', '苏州市虎丘区'],
      ['太湖新城市政管网', '苏州市吴中区'],
    ],
  },
  {
    who: 0,
    categories: [2],
    age: 3,
    place: [32, 3202, 320211, '蠡湖大道'],
    content: '装载机操作三年，熟悉柳工、临工机型，可配合挖机装车，希望在无锡附近上班。',
    status: 4,
    daysAgo: 120,
    certs: [],
    exps: [],
  },
  {
    who: 0,
    categories: [1],
    age: 4,
    place: [32, 3201, 320102, '龙蟠路'],
    content: '挖掘机熟手，找南京本地长期工地，做过房建土方和道路开挖，能吃苦。',
    status: 3,
    daysAgo: 60,
    certs: ['挖掘机操作证'],
    exps: [['南京龙蟠路改造工程', '南京市玄武区']],
  },
  {
    who: 1,
    categories: [5, 6],
    age: 5,
    place: [31, 3101, 310115, '张江镇川北路'],
    content:
      '汽车吊、履带吊操作十二年，持起重机司机证，参与过跨江大桥钢箱梁吊装和厂房钢结构安装，熟悉吊装方案和信号指挥，安全意识强。',
    status: 2,
    daysAgo: 2,
    certs: ['起重机司机证'],
    exps: [
      ['黄浦江大桥钢箱梁吊装', '上海市浦东新区'],
      ['临港厂房钢结构安装', '上海市浦东新区'],
    ],
  },
  {
    who: 2,
    categories: [3, 10],
    age: 3,
    place: [33, 3301, 330106, '转塘街道'],
    content: '推土机、平地机操作四年，做过高速路基和机场跑道平整，找杭州周边的长期活，工资按月结算即可。',
    status: 2,
    daysAgo: 5,
    certs: ['推土机操作证'],
    exps: [['杭绍台高速路基工程', '绍兴市新昌县']],
  },
  {
    who: 3,
    categories: [4, 11],
    age: 4,
    place: [34, 3401, 340104, '望江西路'],
    content: '压路机、摊铺机配合作业六年，熟悉沥青路面摊铺碾压工艺，能跟夜班，做过国省道改造和城市主干道大修。',
    status: 2,
    daysAgo: 6,
    certs: ['压路机操作证', '摊铺机操作证'],
    exps: [['合肥长江西路大修', '合肥市蜀山区']],
  },
  {
    who: 4,
    categories: [12],
    age: 5,
    place: [51, 5101, 510107, '武侯大道'],
    content: '旋挖钻机操作十年，熟悉徐工、三一旋挖钻，做过桥梁桩基和高层建筑桩基，能处理卡钻、塌孔等情况。',
    status: 2,
    daysAgo: 8,
    certs: ['旋挖钻机操作证'],
    exps: [
      ['成都天府机场桥梁桩基', '成都市简阳市'],
      ['武侯新城高层桩基', '成都市武侯区'],
    ],
  },
  {
    who: 5,
    categories: [13, 14],
    age: 2,
    place: [44, 4403, 440305, '科技园南区'],
    content: '混凝土泵车操作两年，也会开高空作业平台，做过深圳多个高层住宅浇筑，年轻肯学，可以跟班加班。',
    status: 2,
    daysAgo: 1,
    certs: ['泵车操作证'],
    exps: [['南山科技园住宅浇筑', '深圳市南山区']],
  },
  {
    who: 6,
    categories: [9],
    age: 3,
    place: [42, 4201, 420111, '光谷大道'],
    content: '叉车操作三年，做过仓储物流和工地材料转运，找武汉光谷附近的工作，可立即上岗。',
    status: 1,
    daysAgo: 0,
    certs: ['叉车证'],
    exps: [],
  },
  {
    who: 7,
    categories: [7],
    age: 4,
    place: [11, 1101, 110105, '酒仙桥'],
    content: '塔吊司机七年，持证上岗，做过北京多个住宅和商业综合体项目，熟悉平头塔和动臂塔的操作。',
    status: 5,
    daysAgo: 1,
    reason: '证书照片模糊，无法辨认证书编号，请重新上传清晰照片',
    certs: ['塔式起重机司机证'],
    exps: [['朝阳商业综合体', '北京市朝阳区']],
  },
];

const COMMENTS: [number, string][] = [
  [0, '师傅经验很丰富，我们在苏州新区有个厂房土方项目，想请您过来看看。'],
  [0, '请问师傅能接受外地驻场吗？我们在无锡有长期的市政项目。'],
  [1, '我们公司常年有钢结构吊装的活，师傅的经验很对口，方便的话聊聊。'],
  [3, '夜班沥青摊铺正缺人手，师傅的工艺经验正合适，欢迎来合肥看看工地。'],
  [4, '桥梁桩基项目下个月开工，需要旋挖机手两名，师傅有兴趣吗？'],
];

/** Operators answer hiring demands on their public pages: [the demand's content begins with, operator, comment]. */
const HIRE_COMMENTS: [string, number, string][] = [
  ['张江地铁站', 0, '我有八年挖机经验，做过苏州地铁基坑，持证上岗，想了解一下住宿条件。'],
  ['张江地铁站', 4, '旋挖和挖机都能开，上海的活可以长期驻场，请问什么时候进场？'],
  ['超高层项目', 1, '做过上海两个超高层的吊装，两班倒没问题，想问下塔吊是什么型号。'],
  ['商业综合体', 5, '混凝土泵车开了两年，杭州的项目可以去，想问一下工资怎么结算。'],
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A sample certificate (clearly marked as a sample): the operator's name, the certificate and a number. */
function certSvg(name: string, holder: string, seed: number): string {
  const r = rng(seed);
  const no = `T${Math.floor(1e9 + r() * 9e9)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560"><rect width="800" height="560" fill="#f6f1e4"/><rect x="24" y="24" width="752" height="512" fill="none" stroke="#b08d3c" stroke-width="6"/><rect x="40" y="40" width="720" height="480" fill="none" stroke="#b08d3c" stroke-width="2"/>
<text x="400" y="120" text-anchor="middle" font-family="Noto Sans CJK SC, sans-serif" font-size="40" font-weight="bold" fill="#8a1c1c">${esc(name)}</text>
<text x="140" y="220" font-family="Noto Sans CJK SC, sans-serif" font-size="28" fill="#333">持证人：${esc(holder)}</text>
<text x="140" y="280" font-family="Noto Sans CJK SC, sans-serif" font-size="28" fill="#333">证书编号：${no}</text>
<text x="140" y="340" font-family="Noto Sans CJK SC, sans-serif" font-size="28" fill="#333">发证机关：市场监督管理局</text>
<circle cx="620" cy="400" r="70" fill="none" stroke="#c0392b" stroke-width="5" opacity=".8"/><text x="620" y="410" text-anchor="middle" font-family="Noto Sans CJK SC, sans-serif" font-size="22" fill="#c0392b" opacity=".85">演示样例</text>
<text x="400" y="490" text-anchor="middle" font-family="Noto Sans CJK SC, sans-serif" font-size="22" fill="#999">演示样例 · 非真实证件</text></svg>`;
}

/** A sample ID card side for the operators' verification (private, like a submitted one). */
function idSvg(title: string, name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="856" height="540" rx="32" fill="#3b6fb6"/><text x="428" y="230" font-family="Noto Sans CJK SC, sans-serif" font-size="52" fill="#fff" text-anchor="middle">${esc(title)}</text><text x="428" y="310" font-family="Noto Sans CJK SC, sans-serif" font-size="36" fill="#fff" text-anchor="middle">${esc(name)} · 演示样例 · 非真实证件</text></svg>`;
}

async function putImage(ctx: TDemoAreaCtx, kind: 'recruit' | 'charter', jpg: Buffer, userId: number): Promise<string> {
  const key = `${kind}/2026/01/${createHash('md5').update(jpg).digest('hex')}.jpg`;
  await ctx.store.put(key, jpg, 'image/jpeg');
  await recordStoredUpload(ctx.tx, { key, kind, bytes: jpg, mime: 'image/jpeg', userId });
  return `/uploads/${key}`;
}

const ID_SIDES = ['身份证人像面', '身份证国徽面'] as const;
/** A card's pictures: its certificates', then its work experiences' (site photos of the card's machines). */
const certSvgs = (c: TDemoCard, holder: string, seed: number) =>
  c.certs.map((name, i) => certSvg(name, holder, seed + i));
const expSvgs = (c: TDemoCard, seed: number) =>
  c.exps.map(([name], i) =>
    machineSvg({
      kind: KIND_OF_CATEGORY[c.categories[i % c.categories.length]] ?? 'excavator',
      color: '#f2b705',
      brand: BRANDS[seed % BRANDS.length],
      model: '',
      seed: seed * 13 + i,
      caption: `${name} · 施工现场`,
    }),
  );
/** The cards oldest first (ids follow the publishing dates: the lists are newest first), each with its pictures' seed. */
const cardsInOrder = () =>
  [...CARDS.entries()].sort((x, y) => y[1].daysAgo - x[1].daysAgo).map(([i, c]) => ({ i, c, seed: 70_000 + i * 17 }));

/** The labour area's pictures, in the order its seed writes them: demo.ts has them drawn while earlier areas write. */
export function drawJobCardPictures(pictures: DemoPictures) {
  for (const name of [...DEMO_OPERATORS.map((o) => o.username), HIRER.username])
    for (const side of ID_SIDES) pictures.draw(idSvg(side, name));
  for (const { c, seed } of cardsInOrder())
    for (const svg of [...certSvgs(c, DEMO_OPERATORS[c.who].username, seed), ...expSvgs(c, seed)]) pictures.draw(svg);
}

async function verify(ctx: TDemoAreaCtx, pictures: DemoPictures, userId: number, name: string, card: string) {
  const face = await putImage(ctx, 'charter', await pictures.take(idSvg(ID_SIDES[0], name)), userId);
  const back = await putImage(ctx, 'charter', await pictures.take(idSvg(ID_SIDES[1], name)), userId);
  await insertPersonAuth(ctx.tx, vaultOf(ctx.config), {
    userId,
    name,
    card: idNumber(card),
    cardFace: face,
    cardBack: back,
    status: 1,
  });
}

async function addCard(
  ctx: TDemoAreaCtx,
  pictures: DemoPictures,
  tx: Tx,
  userId: number,
  holder: string,
  c: TDemoCard,
  seed: number,
  admin: number,
) {
  const created = new Date(Date.now() - (c.daysAgo + 1) * DAY);
  const certs = [];
  const certPictures = certSvgs(c, holder, seed);
  for (const [i, name] of c.certs.entries())
    certs.push({ name, img: await putImage(ctx, 'recruit', await pictures.take(certPictures[i]), userId) });
  const exps = [];
  const expPictures = expSvgs(c, seed);
  for (const [i, [name, address]] of c.exps.entries())
    exps.push({ name, address, img: await putImage(ctx, 'recruit', await pictures.take(expPictures[i]), userId) });
  const search = indexText([c.content, c.place[3], c.categories.map((id) => optionName('category', id)).join('、')]);
  const card = await cards.insertCard(tx, {
    userId,
    categories: c.categories,
    drivingAge: c.age,
    content: c.content,
    province: c.place[0],
    city: c.place[1],
    area: c.place[2],
    address: c.place[3],
    status: c.status,
    auditReason: c.reason ?? '',
    searchBody: search.body,
    searchGrams: search.grams,
    approvedAt: c.status === 1 || c.status === 5 ? null : new Date(created.getTime() + DAY / 2),
    endedAt: c.status === 3 || c.status === 4 ? new Date(created.getTime() + 20 * DAY) : null,
    createdAt: created,
    updatedAt: created,
  });
  await cards.replaceCerts(tx, card.id, certs);
  await cards.replaceExperiences(tx, card.id, exps);
  await cards.syncHall(tx, card);
  await recordAudit(tx, { userId }, { entity: 'job_card', entityId: card.id, action: 'submit', from: null, to: 1 });
  if (c.status !== 1)
    await recordAudit(
      tx,
      { userId: admin },
      {
        entity: 'job_card',
        entityId: card.id,
        action: c.status === 5 ? 'reject' : 'approve',
        from: 1,
        to: c.status === 5 ? 5 : 2,
        reason: c.reason,
      },
    );
  if (c.status === 3 || c.status === 4)
    await recordAudit(tx, { userId }, { entity: 'job_card', entityId: card.id, action: 'end', from: 2, to: c.status });
  return card;
}

/** Demo job cards in every status, comments, likes and browses on the passed ones (see DEMO_OPERATORS). */
export async function seedJobCardDemo(ctx: TDemoAreaCtx) {
  const { tx, users } = ctx;
  const pictures = ctx.pictures ?? new DemoPictures();
  const passwordHash = ctx.passwordHashes?.['Demo@2026'] ?? (await hashPassword('Demo@2026'));
  const ops: number[] = [];
  for (const o of DEMO_OPERATORS) {
    const u = await insertUser(tx, { phone: o.phone, passwordHash, username: o.username, role: 'user', level: 'A' });
    await createPersonalCompany(tx, u);
    await seedDemoPoints(tx, u.id, { peas: 260, gold: 30, signedDays: 0 });
    await verify(ctx, pictures, u.id, o.username, o.card);
    ops.push(u.id);
  }
  await verify(ctx, pictures, users.provider2, HIRER.username, HIRER.card);
  const passed: number[] = [];
  const ids = new Map<number, number>();
  for (const { i, c, seed } of cardsInOrder()) {
    const card = await addCard(ctx, pictures, tx, ops[c.who], DEMO_OPERATORS[c.who].username, c, seed, users.admin);
    ids.set(i, card.id);
  }
  for (const [i, c] of CARDS.entries()) if (c.status === 2) passed.push(ids.get(i)!);
  const commenters = [users.tenant, users.provider, users.provider2, users.provider3];
  for (const [k, [card, content]] of COMMENTS.entries()) {
    const id = passed[card];
    const owner = ops[CARDS.filter((c) => c.status === 2)[card].who];
    await feedback.insertComment(tx, {
      targetType: 'card',
      targetId: id,
      targetOwnerId: owner,
      userId: commenters[k % commenters.length],
      content,
      createdAt: new Date(Date.now() - (COMMENTS.length - k) * 3_600_000),
    });
    await feedback.bumpCounter(tx, 'card', id, 'commentNum', 1);
  }
  // likes by the companies and the other operators; browses over the last two weeks by strangers: written in one
  // statement each, and the counters raised by what was written
  const likeRows: { id: number; userId: number }[] = [];
  const viewRows: { id: number; day: string; viewer: string }[] = [];
  for (const [i, id] of passed.entries()) {
    const likers = [...commenters, ...ops].filter((_, k) => (k * 7 + i * 3) % (3 + (i % 3)) !== 0);
    for (const u of likers) likeRows.push({ id, userId: u });
    const r = rng(90_000 + i);
    const n = 12 + Math.floor(r() * 40);
    for (let k = 0; k < n; k++)
      viewRows.push({
        id,
        day: new Date(Date.now() - Math.floor(r() * 14) * DAY).toISOString().slice(0, 10),
        viewer: `a:demo${i}-${k}`,
      });
  }
  const tally = (ids: number[], id: number) => ids.filter((x) => x === id).length;
  const [liked, viewed] = [
    await feedback.insertLikes(tx, 'card', likeRows),
    await feedback.insertViews(tx, 'card', viewRows),
  ];
  for (const id of passed)
    await feedback.addToCounters(tx, 'card', id, { likeNum: tally(liked, id), browseNum: tally(viewed, id) });
  // the hiring demands' pages: the operators' comments (the hirers read them as received) and likes
  const hiring = await tx
    .select({ id: recruits.id, userId: recruits.userId, content: recruits.content })
    .from(recruits)
    .where(eq(recruits.auditStatus, 2))
    .orderBy(asc(recruits.id));
  for (const [k, [begins, who, content]] of HIRE_COMMENTS.entries()) {
    const r = hiring.find((x) => x.content.startsWith(begins));
    if (!r) continue;
    await feedback.insertComment(tx, {
      targetType: 'recruit',
      targetId: r.id,
      targetOwnerId: r.userId,
      userId: ops[who],
      content,
      createdAt: new Date(Date.now() - (HIRE_COMMENTS.length - k) * 5_400_000),
    });
    await feedback.bumpCounter(tx, 'recruit', r.id, 'commentNum', 1);
  }
  for (const [i, r] of hiring.entries()) {
    for (const u of ops.filter((_, k) => (k + i) % 3 !== 0))
      if (await feedback.insertLike(tx, 'recruit', r.id, u))
        await feedback.bumpCounter(tx, 'recruit', r.id, 'likeNum', 1);
  }
}
