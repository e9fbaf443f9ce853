import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { CASE_STATUS, COVER_STATUS, HONOUR_STATUS, SHOP_STATUS } from '@jizu/shared/constants/shop';
import { shopCases, shopHonours, shopHotDevices, shops } from '../db/schema';
import { publicListingIds } from '../modules/equipment/equipment.service';
import { recordStoredUpload, UPLOAD_PREFIX } from '../modules/upload/upload.service';
import type { TDemoAreaCtx } from './demo';

const FONT = 'Noto Sans CJK SC, Noto Sans CJK, sans-serif';
const esc = (s: string) => s.replace(/[<>&]/g, '');

/** One generated picture, stored as a shop upload of the company's main account; answers its /uploads/… path. */
async function putImage(ctx: TDemoAreaCtx, userId: number, companyId: number, svg: string): Promise<string> {
  const now = new Date();
  const key = `shop/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}.jpg`;
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  await ctx.store.put(key, bytes, 'image/jpeg');
  await recordStoredUpload(ctx.tx, { key, kind: 'shop', bytes, mime: 'image/jpeg', userId, companyId });
  return UPLOAD_PREFIX + key;
}

const logoSvg = (mark: string, a: string, b: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="400" height="400" fill="#fff"/><circle cx="200" cy="200" r="170" fill="url(#g)"/><circle cx="200" cy="200" r="140" fill="none" stroke="#fff" stroke-width="6" opacity=".6"/><text x="200" y="238" font-family="${FONT}" font-size="110" font-weight="700" fill="#fff" text-anchor="middle">${esc(mark)}</text></svg>`;

/** A wide banner: sky, hills and the silhouette of an excavator, with the shop's slogan. */
const coverSvg = (name: string, slogan: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f6feb"/><stop offset="1" stop-color="#7cc4ff"/></linearGradient></defs><rect width="1200" height="400" fill="url(#s)"/><path d="M0 300 Q200 220 420 290 T860 270 T1200 280 V400 H0Z" fill="#3f8f5a"/><path d="M0 340 Q300 300 600 340 T1200 330 V400 H0Z" fill="#2f6f45"/><g transform="translate(800 170)" fill="#f6b400" stroke="#333" stroke-width="4"><rect x="0" y="90" width="220" height="40" rx="18" fill="#444"/><rect x="30" y="40" width="130" height="55" rx="6"/><rect x="110" y="10" width="50" height="40" fill="#bfe3ff"/><path d="M160 50 L250 -20 L290 10 L300 70" fill="none" stroke="#f6b400" stroke-width="18"/><path d="M290 60 l30 40 h-40z"/></g><text x="80" y="160" font-family="${FONT}" font-size="64" font-weight="700" fill="#fff">${esc(name)}</text><text x="84" y="230" font-family="${FONT}" font-size="32" fill="#eaf4ff">${esc(slogan)}</text></svg>`;

const CASE_COLORS = [
  ['#8d6e63', '#ffcc80'],
  ['#546e7a', '#b0bec5'],
  ['#6d4c41', '#a1887f'],
  ['#37474f', '#90a4ae'],
];
/** A site photo: ground, a road or foundation pit, machines as shapes, the project's name on a strip. */
const caseSvg = (title: string, i: number) => {
  const [ground, sky] = CASE_COLORS[i % CASE_COLORS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="${sky}"/><rect y="260" width="800" height="240" fill="${ground}"/><path d="M0 420 L800 330 L800 380 L0 480Z" fill="#555"/><path d="M0 448 L800 356" stroke="#fff" stroke-width="4" stroke-dasharray="30 20"/><g transform="translate(${120 + i * 60} 190)"><rect width="200" height="60" rx="8" fill="#f6b400"/><rect x="20" y="-40" width="70" height="45" fill="#f6b400"/><rect y="60" width="200" height="28" rx="14" fill="#333"/><path d="M190 10 L300 -60 L330 -20" stroke="#f6b400" stroke-width="16" fill="none"/></g><g transform="translate(520 150)"><rect x="40" y="0" width="14" height="160" fill="#e53935"/><path d="M47 0 L220 30" stroke="#e53935" stroke-width="10"/><rect y="150" width="110" height="50" rx="6" fill="#e53935"/></g><rect y="0" width="800" height="60" fill="rgba(0,0,0,.45)"/><text x="24" y="40" font-family="${FONT}" font-size="28" fill="#fff">${esc(title)}</text></svg>`;
};

/** A certificate: a framed page with a red seal. */
const honourSvg = (name: string, issuer: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="440"><rect width="600" height="440" fill="#fffaf0"/><rect x="16" y="16" width="568" height="408" fill="none" stroke="#c9a227" stroke-width="8"/><rect x="32" y="32" width="536" height="376" fill="none" stroke="#c9a227" stroke-width="2"/><text x="300" y="120" font-family="${FONT}" font-size="46" font-weight="700" fill="#b71c1c" text-anchor="middle">荣誉证书</text><text x="300" y="200" font-family="${FONT}" font-size="30" fill="#333" text-anchor="middle">${esc(name)}</text><text x="300" y="250" font-family="${FONT}" font-size="20" fill="#666" text-anchor="middle">江苏恒力工程机械租赁有限公司</text><text x="380" y="350" font-family="${FONT}" font-size="20" fill="#333" text-anchor="middle">${esc(issuer)}</text><circle cx="460" cy="330" r="50" fill="none" stroke="#d32f2f" stroke-width="5" opacity=".8"/><text x="460" y="338" font-family="${FONT}" font-size="18" fill="#d32f2f" text-anchor="middle" opacity=".8">专用章</text></svg>`;

const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000);

/**
 * Shops of the demo (issue 9 deliver 10): the provider's approved, decorated shop (logo, approved focus image, up to
 * 3 hot-rent devices from its approved listings, cases and honours in every review state) and the tenant's shop
 * waiting in the admin's queue.
 */
export async function seedShopDemo(ctx: TDemoAreaCtx): Promise<void> {
  const { tx, users, companies } = ctx;
  const pid = users.provider;
  const pco = companies.provider;
  const img = (svg: string) => putImage(ctx, pid, pco, svg);

  const [shop] = await tx
    .insert(shops)
    .values({
      companyId: pco,
      shopName: '恒力工程机械租赁',
      companyCategory: 1,
      mainBusiness: '1,2,4',
      mainProduct: '挖掘机、汽车起重机、压路机、摊铺机',
      serviceArea: '江苏、上海、浙江',
      startDate: '2012-03-18',
      productNumber: 126,
      employeeNumber: 3,
      companyDesc:
        '江苏恒力工程机械租赁有限公司成立于2012年，总部位于苏州工业园区，是华东地区专业的工程机械租赁服务商。公司自有挖掘机、汽车起重机、压路机、摊铺机等设备一百余台，配备持证机手与专业维保团队，长期服务于高速公路、市政道路、轨道交通和工业厂房等工程项目。\n我们坚持“设备好、进场快、服务稳”，提供按月、按台班、按小时等多种租赁方式，24小时响应客户需求。',
      companyLogo: await putImage(ctx, pid, pco, logoSvg('恒力', '#1f6feb', '#0fb5ae')),
      status: SHOP_STATUS.approved,
      shopCover: await img(coverSvg('恒力工程机械租赁', '设备好 · 进场快 · 服务稳 —— 华东工程机械租赁专家')),
      coverStatus: COVER_STATUS.approved,
      coverAt: daysAgo(20),
      createdBy: pid,
      reviewerId: users.admin,
      createdAt: daysAgo(40),
      submittedAt: daysAgo(40),
      reviewedAt: daysAgo(38),
    })
    .returning();

  const hot = await publicListingIds(tx, pco, 3);
  if (hot.length) await tx.insert(shopHotDevices).values(hot.map((listingId) => ({ shopId: shop.id, listingId })));

  const cases = [
    {
      title: '苏州绕城高速扩建工程土方施工',
      content:
        '2023年为苏州绕城高速扩建项目提供挖掘机12台、压路机4台，完成土方开挖约36万立方米，提前15天完成节点工期。',
      status: CASE_STATUS.approved,
      reason: '',
    },
    {
      title: '无锡地铁4号线车站基坑支护',
      content: '提供25吨、50吨汽车起重机各2台，配合钢支撑吊装与基坑出土作业，全程零安全事故。',
      status: CASE_STATUS.approved,
      reason: '',
    },
    {
      title: '昆山工业园厂房地坪摊铺',
      content: '摊铺机与双钢轮压路机组合施工，完成厂区道路及地坪沥青摊铺约4.2万平方米。',
      status: CASE_STATUS.review,
      reason: '',
    },
    {
      title: '南通港区堆场平整',
      content: '推土机与平地机配合作业，完成堆场场地平整。',
      status: CASE_STATUS.failed,
      reason: '案例图片与内容不符，请上传现场施工照片',
    },
  ];
  for (const [i, c] of cases.entries()) {
    await tx.insert(shopCases).values({
      shopId: shop.id,
      companyId: pco,
      title: c.title,
      cover: await img(caseSvg(c.title, i)),
      content: c.content,
      status: c.status,
      reason: c.reason,
      createdBy: pid,
      reviewerId: c.status === CASE_STATUS.review ? null : users.admin,
      createdAt: daysAgo(30 - i * 5),
      reviewedAt: c.status === CASE_STATUS.review ? null : daysAgo(28 - i * 5),
    });
  }

  const honours = [
    { name: '江苏省工程机械租赁行业诚信单位', issuer: '江苏省工程机械租赁协会', status: HONOUR_STATUS.approved },
    { name: '安全生产标准化三级企业', issuer: '苏州市应急管理局', status: HONOUR_STATUS.approved },
    { name: '2024年度优秀设备供应商', issuer: '中铁建设集团华东工程有限公司', status: HONOUR_STATUS.review },
    {
      name: '重合同守信用企业',
      issuer: '苏州工业园区市场监督管理局',
      status: HONOUR_STATUS.rejected,
      reason: '证书已过有效期，请上传最新证书',
    },
  ];
  for (const [i, h] of honours.entries()) {
    await tx.insert(shopHonours).values({
      shopId: shop.id,
      companyId: pco,
      name: h.name,
      img: await img(honourSvg(h.name, h.issuer)),
      status: h.status,
      reason: 'reason' in h ? h.reason : '',
      createdBy: pid,
      reviewerId: h.status === HONOUR_STATUS.review ? null : users.admin,
      createdAt: daysAgo(25 - i * 4),
      reviewedAt: h.status === HONOUR_STATUS.review ? null : daysAgo(24 - i * 4),
    });
  }

  // the tenant's shop waits in the admin's queue
  await tx.insert(shops).values({
    companyId: companies.tenant,
    shopName: '中铁建设华东设备中心',
    companyCategory: 2,
    mainBusiness: '7,2',
    mainProduct: '盾构配套设备、履带起重机',
    serviceArea: '华东地区',
    startDate: '2008-09-01',
    productNumber: 48,
    employeeNumber: 5,
    companyDesc: '中铁建设集团华东工程有限公司设备中心，统一调配集团自有工程设备，对外提供闲置设备租赁服务。',
    companyLogo: await putImage(ctx, users.tenant, companies.tenant, logoSvg('中铁', '#c62828', '#ef6c00')),
    status: SHOP_STATUS.review,
    createdBy: users.tenant,
    createdAt: daysAgo(2),
    submittedAt: daysAgo(2),
  });
}
