/**
 * The labour area (spec/3): hiring demands (招聘需求), operators' job cards (求职卡), comments and likes. Statuses, the
 * option dictionaries (type `category` and `dage`) and the limits of spec/3 §5 and §9, shared by the server, the
 * user centre, the public halls and the console.
 */
import { actionsOf, defineMachine, type TStatusOf } from '../rules/machine';

/** Hiring demand audit_status (spec/3 §4); 0 is the list's 全部 tab, never a stored state. */
export const RECRUIT_STATUS = { pending: 1, hiring: 2, succeeded: 3, closed: 4, rejected: 5 } as const;
export const RECRUIT_STATUS_LABEL: Record<number, string> = {
  1: '待审核',
  2: '招聘中',
  3: '招聘成功',
  4: '已关闭',
  5: '审核失败',
};
/** The tabs of /operator/recruitment (audit_status 0–5; `ident` 1–5 pre-selects one). */
export const RECRUIT_TABS = [
  { key: 0, label: '全部' },
  { key: 1, label: '待审核' },
  { key: 2, label: '招聘中' },
  { key: 3, label: '招聘成功' },
  { key: 4, label: '已关闭' },
  { key: 5, label: '审核失败' },
] as const;

/** Job card statuses (spec/3 §4): pending review, searching, found job (3), closed (4), review failed. */
export const CARD_STATUS = { pending: 1, searching: 2, found: 3, closed: 4, rejected: 5 } as const;
export const CARD_STATUS_LABEL: Record<number, string> = {
  1: '待审核',
  2: '求职中',
  3: '已找到工作',
  4: '已关闭',
  5: '审核失败',
};

/** How a demand or a card is ended by its owner: 3 succeeded / found a job, 4 closed without. */
export const END_STATES = [3, 4] as const;

/** The option dictionaries (spec/3 §7 "Category options by dictionary type category or dage"). */
export interface TOption {
  id: number;
  name: string;
}
/** Machine categories an operator drives and a hirer hires for (type `category`). */
export const OPERATOR_CATEGORIES: readonly TOption[] = [
  { id: 1, name: '挖掘机' },
  { id: 2, name: '装载机' },
  { id: 3, name: '推土机' },
  { id: 4, name: '压路机' },
  { id: 5, name: '汽车起重机' },
  { id: 6, name: '履带起重机' },
  { id: 7, name: '塔式起重机' },
  { id: 8, name: '随车起重机' },
  { id: 9, name: '叉车' },
  { id: 10, name: '平地机' },
  { id: 11, name: '摊铺机' },
  { id: 12, name: '旋挖钻机' },
  { id: 13, name: '混凝土泵车' },
  { id: 14, name: '高空作业平台' },
  { id: 15, name: '其他' },
];
/** Driving age (type `dage`): how long the operator has driven. */
export const DRIVING_AGES: readonly TOption[] = [
  { id: 1, name: '1年以下' },
  { id: 2, name: '1-3年' },
  { id: 3, name: '3-5年' },
  { id: 4, name: '5-10年' },
  { id: 5, name: '10年以上' },
];
export const OPTION_TYPES = ['category', 'dage'] as const;
export type TOptionType = (typeof OPTION_TYPES)[number];
export const OPTIONS: Record<TOptionType, readonly TOption[]> = { category: OPERATOR_CATEGORIES, dage: DRIVING_AGES };
export const optionName = (type: TOptionType, id: number): string => OPTIONS[type].find((o) => o.id === id)?.name ?? '';

/** Limits of spec/3 §5 and §9. */
export const RECRUIT_LIMITS = {
  /** content of a card, a demand and a comment */
  contentMin: 10,
  contentMax: 200,
  /** the hiring description in the list, and the history text */
  listExcerpt: 50,
  /** resume categories, certificates, experiences */
  maxCategories: 3,
  maxCerts: 3,
  certName: 15,
  maxExperiences: 3,
  experienceName: 20,
  experienceAddress: 20,
  /** default salary, yuan per month */
  salaryMin: 8000,
  salaryMax: 10000,
  /** a salary bound is a whole number of yuan up to this */
  salaryCap: 1_000_000,
  /** working days: at least 1 */
  workingDaysMin: 1,
  workingDaysMax: 3650,
  address: 100,
  /** page sizes (comments, hiring demands: 5) */
  pageSize: 5,
} as const;

/** negotiation: 1 negotiable (面议), 2 not (the min–max range is shown) */
export const NEGOTIATION = { yes: 1, no: 2 } as const;

/**
 * recruits.audit_status as a state machine (ARCHITECTURE § Style: one transition table per status field): the owner
 * publishes (1), edits (back to 1) and deletes only in 1 or 5, ends a hiring one (2) as succeeded (3) or closed (4),
 * views what is or was public (2, 3, 4 open the public page; 4 then says it is closed); staff approve (1 → 2) or
 * reject with a reason (1 → 5). The list's buttons (its `op`: the two endings are one 结束) and the server's checks
 * both read this table.
 */
export type TRecruitAction = 'submit' | 'edit' | 'delete' | 'view' | 'succeed' | 'close' | 'approve' | 'reject';
const RS = RECRUIT_STATUS;
export const RECRUIT_MACHINE = defineMachine<TStatusOf, TRecruitAction, 'owner' | 'staff'>({
  name: 'recruits.audit_status',
  statuses: RECRUIT_STATUS,
  status: (r) => r.status,
  guards: {},
  rows: [
    { from: [null], action: 'submit', to: RS.pending, who: 'owner' },
    { from: [RS.pending, RS.rejected], action: 'edit', to: RS.pending, who: 'owner' },
    { from: [RS.pending, RS.rejected], action: 'delete', to: 'removed', who: 'owner' },
    { from: [RS.hiring, RS.succeeded, RS.closed], action: 'view', to: 'same', who: 'owner' },
    { from: [RS.hiring], action: 'succeed', to: RS.succeeded, who: 'owner' },
    { from: [RS.hiring], action: 'close', to: RS.closed, who: 'owner' },
    { from: [RS.pending], action: 'approve', to: RS.hiring, who: 'staff' },
    { from: [RS.pending], action: 'reject', to: RS.rejected, who: 'staff', needsReason: true },
  ],
});
/** The ending the owner chose (sta 3 succeeded, 4 closed) as its action. */
export const RECRUIT_END_ACTION: Readonly<Record<(typeof END_STATES)[number], TRecruitAction>> = {
  3: 'succeed',
  4: 'close',
};
/** The owner's actions on a row in this status, in the list's order, the two endings as one `end`. */
export const recruitOwnerOps = (status: number): string[] => [
  ...new Set(
    actionsOf(RECRUIT_MACHINE, { status }, 'owner').map((a) => (a === 'succeed' || a === 'close' ? 'end' : a)),
  ),
];
/** On the public page: hiring, or succeeded (RECRUIT_PUBLIC). */
export const isRecruitPublic = (r: { audit_status: number }) =>
  (RECRUIT_PUBLIC as readonly number[]).includes(r.audit_status);
/** Hiring (2): the public page takes calls for the phone; the hall lists it. */
export const isRecruitHiring = (r: { audit_status: number }) => r.audit_status === RS.hiring;
/** Shown on the public page: hiring (2), and a succeeded one (3) with 已招到; the hall lists only 2. */
export const RECRUIT_PUBLIC = [2, 3] as const;
/** The hirer's phone on the public page: at most this many reveals per user per hour. */
export const HIRE_PHONE_LIMIT = { perWindow: 30, windowSeconds: 3600 } as const;
/** The hiring hall's page size (3 columns on a desktop). */
export const HIRE_HALL_SIZE = 12;
/** The staff's reject reason. */
export const HIRE_REASON_MAX = 200;

/* ---- Job cards, comments and likes (modules/jobcard) ---- */

/**
 * A user holds at most one live card (待审核, 求职中 or 审核失败: the one the hirers see or will see) and any number of
 * ended ones (history: 已找到工作, 已关闭). "my" lists the live one, "history" the ended ones (spec/3 §7).
 */
export const CARD_LIVE_STATES = [1, 2, 5] as const;
export const CARD_HISTORY_STATES = [3, 4] as const;

/** A card's buttons (the row's `option` list, the console's review): the two endings are one 结束. */
export const CARD_OP_KEYS = ['edit', 'end', 'republish', 'view', 'approve', 'reject'] as const;
export type TCardOp = (typeof CARD_OP_KEYS)[number];
export const CARD_OP_LABEL: Record<TCardOp, string> = {
  edit: '编辑',
  end: '结束',
  republish: '重新发布',
  view: '查看',
  approve: '通过',
  reject: '驳回',
};
/**
 * job_cards.status as a transition table (ARCHITECTURE § state machines as data): the service checks it and the pages
 * read it to show the actions. Editing a searching card (2) sends it back to review, so a hirer never sees an
 * unchecked text; republishing an ended card (3, 4) does too; a searching card ends as found a job (3) or closed (4).
 */
export type TCardAction = 'submit' | 'edit' | 'found' | 'close' | 'republish' | 'view' | 'approve' | 'reject';
const CS = CARD_STATUS;
export const CARD_MACHINE = defineMachine<TStatusOf, TCardAction, 'owner' | 'staff'>({
  name: 'job_cards.status',
  statuses: CARD_STATUS,
  status: (c) => c.status,
  guards: {},
  rows: [
    { from: [null], action: 'submit', to: CS.pending, who: 'owner' },
    { from: [CS.pending, CS.searching, CS.rejected], action: 'edit', to: CS.pending, who: 'owner' },
    { from: [CS.searching], action: 'found', to: CS.found, who: 'owner' },
    { from: [CS.searching], action: 'close', to: CS.closed, who: 'owner' },
    { from: [CS.found, CS.closed], action: 'republish', to: CS.pending, who: 'owner' },
    { from: [CS.searching], action: 'view', to: 'same', who: 'owner' },
    { from: [CS.pending], action: 'approve', to: CS.searching, who: 'staff' },
    { from: [CS.pending], action: 'reject', to: CS.rejected, who: 'staff', needsReason: true },
  ],
});
/** The ending the owner chose (sta 3 found a job, 4 closed) as its action. */
export const CARD_END_ACTION: Readonly<Record<(typeof END_STATES)[number], TCardAction>> = { 3: 'found', 4: 'close' };
/** The owner's actions on a card in this status (the row's `option` list), the two endings as one `end`. */
export const cardOps = (status: number): TCardOp[] => [
  ...new Set(
    actionsOf(CARD_MACHINE, { status }, 'owner').flatMap((a): TCardOp[] =>
      a === 'found' || a === 'close' ? ['end'] : a === 'submit' ? [] : [a],
    ),
  ),
];
/** A searching card (2): public in the hall, its page viewable. */
export const isCardSearching = (c: { audit_status: number }) => c.audit_status === CS.searching;
/** The end dialog's choices (spec/3 §2: found a job 3, closed without 4). */
export const CARD_END_CHOICES = [
  { sta: 3, label: '已找到工作' },
  { sta: 4, label: '未找到关闭' },
] as const;
/** The admin queue's tabs: 0 all. */
export const CARD_TABS = [
  { key: 1, label: '待审核' },
  { key: 2, label: '求职中' },
  { key: 5, label: '审核失败' },
  { key: 3, label: '已找到工作' },
  { key: 4, label: '已关闭' },
  { key: 0, label: '全部' },
] as const;

/** What users comment on and like: a job card or a hiring demand. */
export const LABOUR_TYPES = ['card', 'recruit'] as const;
export const LABOUR_TYPE_LABEL: Record<(typeof LABOUR_TYPES)[number], string> = { card: '求职卡', recruit: '招聘需求' };
/** The comments lists: received (on my cards and demands) and published (mine). */
export const COMMENT_LIST_TYPES = ['receive', 'publish'] as const;

export const CARD_LIMITS = {
  /** a stored image address */
  imagePath: 200,
  /** the review reason */
  reasonMax: 200,
  /** the public hall's and a card's comments per page */
  hallPageSize: 10,
  commentPageSize: 10,
  /** a viewer sees at most this many operators' and hirers' phones an hour (repeats of one today are free) */
  phoneViewsPerHour: 30,
  /** browses counted from one address an hour (past them a visit is shown but not counted) */
  viewsPerHour: 300,
} as const;
