import { z } from '../zod';
import { shop as msg_shop } from '../messages/shop';
import { verify as msg_verify } from '../messages/verify';
import { fmt } from '../messages/fmt';
import { SHOP_COMPANY_CATEGORIES, SHOP_EMPLOYEE_NUMBERS, SHOP_LIMITS, SHOP_MAIN_BUSINESSES } from '../constants/shop';
import { REJECT_REASON_MAX } from './verify';
import { INT2_MAX, INT4_MAX, refinePastDate, zCompanyScoped, zId, zIntIn, zPage, zPageQuery } from './common';
import { ZListingCard } from './equipment';
import { isCalendarDate } from '../rules/datetime';

const M = { shop: msg_shop, verify: msg_verify } as const;

/** /shop/* (spec/1 §3 shop and shop application, §5 shop rules, §7 shop calls) and the admin review queues. */

const req = (msg: string, max: number, tooLong?: string) =>
  z
    .string({ error: msg })
    .trim()
    .min(1, { error: msg })
    .max(max, { error: tooLong ?? msg });
const oneOf = (list: readonly { id: number }[], msg: string) =>
  zIntIn(1, INT2_MAX, msg).refine((n) => list.some((o) => o.id === n), { error: msg });

export const SHOP_NAME_MAX = 30;
export const SHOP_TEXT_MAX = 100;
export const SHOP_DESC_MAX = 1000;

/** main_business is sent comma-joined ("1,3,5"): 1 to 3 known businesses. */
const zMainBusiness = z
  .string({ error: M.shop.mainBusinessRequired })
  .trim()
  .min(1, { error: M.shop.mainBusinessRequired })
  .max(60, { error: M.shop.mainBusinessRequired })
  .refine((s) => s.split(',').every((x) => SHOP_MAIN_BUSINESSES.some((o) => String(o.id) === x.trim())), {
    error: M.shop.mainBusinessRequired,
  })
  .refine((s) => new Set(s.split(',').map((x) => x.trim())).size <= SHOP_LIMITS.mainBusinesses, {
    error: M.shop.mainBusinessTooMany,
  });

export const ZShopApply = zCompanyScoped.extend({
  shop_name: req(M.shop.shopNameRequired, SHOP_NAME_MAX, fmt(M.shop.shopNameTooLong, { n: SHOP_NAME_MAX })),
  company_category: oneOf(SHOP_COMPANY_CATEGORIES, M.shop.categoryRequired),
  main_business: zMainBusiness,
  main_product: req(
    M.shop.mainProductRequired,
    SHOP_TEXT_MAX,
    fmt(M.shop.tooLong, { field: '主营产品', n: SHOP_TEXT_MAX }),
  ),
  service_area: req(
    M.shop.serviceAreaRequired,
    SHOP_TEXT_MAX,
    fmt(M.shop.tooLong, { field: '服务区域', n: SHOP_TEXT_MAX }),
  ),
  /** the start (founding) date, yyyy-MM-dd, not later than today − 10 days: the shared date rule (rules/pastDate.ts) */
  create_time: req(M.shop.createTimeRequired, 10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.shop.createTimeBad, abort: true })
    .refine(isCalendarDate, { error: M.shop.createTimeBad, abort: true })
    .superRefine(refinePastDate(M.shop.createTimeField)),
  product_number: zIntIn(1, 1_000_000, M.shop.productNumberRequired),
  employee_number: oneOf(SHOP_EMPLOYEE_NUMBERS, M.shop.employeeNumberRequired),
  company_desc: req(
    M.shop.companyDescRequired,
    SHOP_DESC_MAX,
    fmt(M.shop.tooLong, { field: '企业简介', n: SHOP_DESC_MAX }),
  ),
  company_logo: req(M.shop.logoRequired, 300),
});
export type TShopApply = z.infer<typeof ZShopApply>;

const zOption = z.object({ id: z.number().int(), name: z.string() });
/** GET /shop/shop/create: may the company set up a shop (c: 1 verified), and the form's options. */
export const ZShopOptions = z.object({
  c: z.number().int(),
  msg: z.string(),
  is_company: z.number().int(),
  company_category: z.array(zOption),
  main_business: z.array(zOption),
  employee_number: z.array(zOption),
  /** the suggested shop name (the company's name) */
  shop_name: z.string(),
  /** the latest start date accepted (yyyy-MM-dd) */
  latest_create_time: z.string(),
});

/** GET /shop/shop: the company's shop (shop_status 0 when not set up); c 0 asks to upload a device first. */
export const ZShopInfo = z.object({
  id: z.number().int(),
  c: z.number().int(),
  msg: z.string(),
  shop_status: z.number().int(),
  shop_status_v: z.string(),
  reason: z.string(),
  shop_name: z.string(),
  company_category: z.number().int(),
  company_category_v: z.string(),
  main_business: z.string(),
  main_business_v: z.string(),
  main_product: z.string(),
  service_area: z.string(),
  create_time: z.string(),
  product_number: z.number().int(),
  employee_number: z.number().int(),
  employee_number_v: z.string(),
  company_desc: z.string(),
  company_logo: z.string(),
  f_company_logo: z.string(),
  href: z.string(),
});
export type TShopInfo = z.infer<typeof ZShopInfo>;

export const ZShopIdParam = z.object({ id: zId });

// ---------- decoration ----------

export const ZHotDevice = ZListingCard.extend({ hot_id: z.number().int() });
export const ZHotDevices = z.object({
  data: z.array(ZHotDevice),
  total: z.number().int(),
  options: z.array(ZListingCard),
});
export const ZHotAdd = zCompanyScoped.extend({ eq_id: zIntIn(1, INT4_MAX, M.shop.selectDevice) });
export const ZItemId = zCompanyScoped.extend({ id: zId });

export const ZShopCover = z.object({
  shop_id: z.number().int(),
  href: z.string(),
  shop_cover: z.string(),
  f_shop_cover: z.string(),
  cover_status: z.number().int(),
  cover_status_v: z.string(),
  reason: z.string(),
});
export const ZCoverSave = zCompanyScoped.extend({ shop_cover: req(M.shop.imageRequired, 300) });

export const CASE_TITLE_MAX = 50;
export const CASE_CONTENT_MAX = 2000;
export const HONOUR_NAME_MAX = 30;
export const ZShopCase = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  content: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  reason: z.string(),
  create_time: z.string(),
});
export type TShopCase = z.infer<typeof ZShopCase>;
export const ZCaseSave = zCompanyScoped.extend({
  title: req(M.shop.caseTitleRequired, CASE_TITLE_MAX, fmt(M.shop.tooLong, { field: '案例标题', n: CASE_TITLE_MAX })),
  cover: req(M.shop.imageRequired, 300),
  content: req(
    M.shop.caseContentRequired,
    CASE_CONTENT_MAX,
    fmt(M.shop.tooLong, { field: '案例内容', n: CASE_CONTENT_MAX }),
  ),
});
export const ZCaseQuery = zCompanyScoped.extend(zPageQuery(5).shape);

export const ZShopHonour = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  reason: z.string(),
  create_time: z.string(),
});
export type TShopHonour = z.infer<typeof ZShopHonour>;
export const ZHonourSave = zCompanyScoped.extend({
  name: req(M.shop.honourNameRequired, HONOUR_NAME_MAX, fmt(M.shop.tooLong, { field: '荣誉名称', n: HONOUR_NAME_MAX })),
  img: req(M.shop.imageRequired, 300),
});

// ---------- public page ----------

export const ZPublicShop = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  shop_name: z.string(),
  logo: z.string(),
  shop_cover: z.string(),
  company_desc: z.string(),
  company_category_v: z.string(),
  main_business_v: z.string(),
  main_product: z.string(),
  service_area: z.string(),
  create_time: z.string(),
  employee_number_v: z.string(),
  product_number: z.number().int(),
  hot: z.array(ZListingCard),
  equipment: z.array(ZListingCard),
  cases: z.array(ZShopCase.pick({ id: true, title: true, cover: true, content: true, create_time: true })),
  honours: z.array(ZShopHonour.pick({ id: true, name: true, img: true })),
});
export type TPublicShop = z.infer<typeof ZPublicShop>;

// ---------- admin ----------

export const ZAdminShopQuery = zPageQuery(10).extend({ status: zIntIn(-2, 2).default(1) });
export const ZShopReject = z.object({
  reason: z
    .string({ error: M.shop.reasonRequired })
    .trim()
    .min(1, { error: M.shop.reasonRequired })
    .max(REJECT_REASON_MAX, { error: fmt(M.verify.reasonTooLong, { n: REJECT_REASON_MAX }) }),
});
const adminBase = {
  id: z.number().int(),
  status: z.number().int(),
  reason: z.string(),
  company_name: z.string(),
  shop_name: z.string(),
  create_time: z.string(),
};
export const ZAdminShopRow = z.object({
  ...adminBase,
  company_logo: z.string(),
  company_category_v: z.string(),
  main_business_v: z.string(),
  main_product: z.string(),
  service_area: z.string(),
  start_date: z.string(),
  product_number: z.number().int(),
  employee_number_v: z.string(),
  company_desc: z.string(),
});
export const ZAdminCoverRow = z.object({ ...adminBase, shop_cover: z.string() });
export const ZAdminCaseRow = z.object({ ...adminBase, title: z.string(), cover: z.string(), content: z.string() });
export const ZAdminHonourRow = z.object({ ...adminBase, name: z.string(), img: z.string() });
export type TAdminShopRow = z.infer<typeof ZAdminShopRow>;
export type TAdminCoverRow = z.infer<typeof ZAdminCoverRow>;
export type TAdminCaseRow = z.infer<typeof ZAdminCaseRow>;
export type TAdminHonourRow = z.infer<typeof ZAdminHonourRow>;
export const ZAdminShops = zPage(ZAdminShopRow);
export const ZAdminCovers = zPage(ZAdminCoverRow);
export const ZAdminCases = zPage(ZAdminCaseRow);
export const ZAdminHonours = zPage(ZAdminHonourRow);
