/**
 * The shop (spec/1 §3 shop, shop application; §4 statuses; §5 shop rules; §9 limits) as state machines: one
 * transition table per status field (rules/machine.ts). The service checks every change against them (compare-and-set on `from`);
 * the pages read them to decide which buttons to show.
 */
import { defineMachine, type TStatusOf } from '../rules/machine';
type TWho = 'company' | 'staff';

// ---------- shop (the application) ----------

/** 0 not set up (设置店铺信息), 1 submitted / in review and -1 rejected (修改店铺信息), 2 approved (装修店铺, public). */
export const SHOP_STATUS = { none: 0, review: 1, rejected: -1, approved: 2 } as const;
export const SHOP_STATUS_TEXT: Record<number, string> = { 0: '未设置', 1: '审核中', [-1]: '审核未通过', 2: '审核通过' };
export type TShopAction = 'apply' | 'modify' | 'approve' | 'reject';
export const SHOP_MACHINE = defineMachine<TStatusOf, TShopAction, TWho>({
  name: 'shops.status',
  statuses: SHOP_STATUS,
  status: (s) => s.status,
  guards: {},
  rows: [
    { from: [null, SHOP_STATUS.none], action: 'apply', to: SHOP_STATUS.review, who: 'company' },
    // modifying sends the shop back to the platform's review (an approved one too: its public page waits for it)
    {
      from: [SHOP_STATUS.review, SHOP_STATUS.rejected, SHOP_STATUS.approved],
      action: 'modify',
      to: SHOP_STATUS.review,
      who: 'company',
    },
    { from: [SHOP_STATUS.review], action: 'approve', to: SHOP_STATUS.approved, who: 'staff' },
    { from: [SHOP_STATUS.review], action: 'reject', to: SHOP_STATUS.rejected, who: 'staff' },
  ],
});
/** Only an approved shop is decorated and public. */
export const isShopOpen = (status: number) => status === SHOP_STATUS.approved;
/** A shop not yet set up (no application): the page offers to set one up. */
export const isShopUnset = (status: number | null) => status === null || status === SHOP_STATUS.none;

// ---------- focus image (shop_cover, cover_status) ----------

export const COVER_STATUS = { none: 0, review: 1, approved: 2, failed: -1, deleted: -2 } as const;
export const COVER_STATUS_TEXT: Record<number, string> = {
  0: '未上传',
  1: '已上传，待审核',
  2: '审核通过',
  [-1]: '审核未通过',
  [-2]: '已删除',
};
export type TCoverAction = 'upload' | 'delete' | 'approve' | 'reject';
export const COVER_MACHINE = defineMachine<TStatusOf, TCoverAction, TWho>({
  name: 'shops.cover_status',
  statuses: COVER_STATUS,
  status: (s) => s.status,
  guards: {},
  rows: [
    // one focus image per shop: a new upload replaces the old one and waits for review again
    {
      from: [COVER_STATUS.none, COVER_STATUS.review, COVER_STATUS.approved, COVER_STATUS.failed, COVER_STATUS.deleted],
      action: 'upload',
      to: COVER_STATUS.review,
      who: 'company',
    },
    {
      from: [COVER_STATUS.review, COVER_STATUS.approved, COVER_STATUS.failed],
      action: 'delete',
      to: COVER_STATUS.deleted,
      who: 'company',
    },
    { from: [COVER_STATUS.review], action: 'approve', to: COVER_STATUS.approved, who: 'staff' },
    { from: [COVER_STATUS.review], action: 'reject', to: COVER_STATUS.failed, who: 'staff' },
  ],
});
/** A focus image the shop holds (not deleted): the page shows it. */
export const hasCover = (c: { shop_cover: string; cover_status: number }) =>
  !!c.shop_cover && c.cover_status !== COVER_STATUS.deleted;

// ---------- engineering cases ----------

export const CASE_STATUS = { review: 0, approved: 1, failed: -1, deleted: 2 } as const;
export const CASE_STATUS_TEXT: Record<number, string> = { 0: '待审核', 1: '审核成功', [-1]: '审核失败', 2: '已删除' };
export type TCaseAction = 'add' | 'delete' | 'approve' | 'reject';
export const CASE_MACHINE = defineMachine<TStatusOf, TCaseAction, TWho>({
  name: 'shop_cases.status',
  statuses: CASE_STATUS,
  status: (c) => c.status,
  guards: {},
  rows: [
    { from: [null], action: 'add', to: CASE_STATUS.review, who: 'company' },
    {
      from: [CASE_STATUS.review, CASE_STATUS.approved, CASE_STATUS.failed],
      action: 'delete',
      to: CASE_STATUS.deleted,
      who: 'company',
    },
    { from: [CASE_STATUS.review], action: 'approve', to: CASE_STATUS.approved, who: 'staff' },
    { from: [CASE_STATUS.review], action: 'reject', to: CASE_STATUS.failed, who: 'staff' },
  ],
});
/** A case the review refused: the page shows the reason beside it. */
export const isCaseFailed = (c: { status: number }) => c.status === CASE_STATUS.failed;

// ---------- honours ----------

/** 0 under review, 1 approved (spec/1 §4); a rejected honour (-1) stays visible with the reason until deleted. */
export const HONOUR_STATUS = { review: 0, approved: 1, rejected: -1, deleted: -2 } as const;
export const HONOUR_STATUS_TEXT: Record<number, string> = {
  0: '审核中',
  1: '审核通过',
  [-1]: '审核未通过',
  [-2]: '已删除',
};
export type THonourAction = 'add' | 'delete' | 'approve' | 'reject';
export const HONOUR_MACHINE = defineMachine<TStatusOf, THonourAction, TWho>({
  name: 'shop_honours.status',
  statuses: HONOUR_STATUS,
  status: (h) => h.status,
  guards: {},
  rows: [
    { from: [null], action: 'add', to: HONOUR_STATUS.review, who: 'company' },
    {
      from: [HONOUR_STATUS.review, HONOUR_STATUS.approved, HONOUR_STATUS.rejected],
      action: 'delete',
      to: HONOUR_STATUS.deleted,
      who: 'company',
    },
    { from: [HONOUR_STATUS.review], action: 'approve', to: HONOUR_STATUS.approved, who: 'staff' },
    { from: [HONOUR_STATUS.review], action: 'reject', to: HONOUR_STATUS.rejected, who: 'staff' },
  ],
});
/** An honour the review refused: the page shows the reason beside it. */
export const isHonourRejected = (h: { status: number }) => h.status === HONOUR_STATUS.rejected;

// ---------- limits (spec/1 §9) and options ----------

const MB = 1024 * 1024;
export const SHOP_LIMITS = {
  hotDevices: 3,
  honours: 4,
  mainBusinesses: 3,
  logoBytes: 5 * MB,
  coverBytes: 3 * MB,
} as const;

export const SHOP_COMPANY_CATEGORIES = [
  { id: 1, name: '设备租赁公司' },
  { id: 2, name: '施工企业' },
  { id: 3, name: '设备制造商' },
  { id: 4, name: '设备经销商' },
  { id: 5, name: '个人机主' },
  { id: 6, name: '其他' },
] as const;
export const SHOP_MAIN_BUSINESSES = [
  { id: 1, name: '挖掘机租赁' },
  { id: 2, name: '起重机租赁' },
  { id: 3, name: '桩工机械租赁' },
  { id: 4, name: '路面机械租赁' },
  { id: 5, name: '混凝土机械租赁' },
  { id: 6, name: '高空作业平台租赁' },
  { id: 7, name: '土石方工程' },
  { id: 8, name: '设备维修保养' },
] as const;
export const SHOP_EMPLOYEE_NUMBERS = [
  { id: 1, name: '1-10人' },
  { id: 2, name: '11-50人' },
  { id: 3, name: '51-200人' },
  { id: 4, name: '201-500人' },
  { id: 5, name: '500人以上' },
] as const;
export const optionName = (list: readonly { id: number; name: string }[], id: number) =>
  list.find((o) => o.id === id)?.name ?? '';
