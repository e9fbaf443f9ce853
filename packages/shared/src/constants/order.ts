/**
 * Rental orders (spec/2 §3 "Rental order", §4, §5, §9): the platform (party B) between the tenant (party A) and a
 * provider (party C). Statuses with their labels for each side, the list tabs, and the transition table the service
 * checks and the pages read to show their buttons.
 */

/** Order status (spec/2 §4): 0 draft, 1 submitted (awaiting the provider), 2 confirmed, 3 completed, 4 closed, 5 returned. */
import { defineMachine } from '../rules/machine';

export const ORDER_STATUS = { draft: 0, submitted: 1, confirmed: 2, completed: 3, closed: 4, returned: 5 } as const;
/** provider_status: 0 not yet answered, 1 confirmed (cannot change afterwards), 2 returned to the tenant. */
export const PROVIDER_STATUS = { pending: 0, confirmed: 1, returned: 2 } as const;

export const ORDER_STATUS_TEXT: Record<number, string> = {
  0: '待提交',
  1: '待确认',
  2: '进行中',
  3: '已完成',
  4: '已关闭',
  5: '已退回',
};
/** The provider reads the same statuses from its side: a submitted order waits for its own confirmation. */
export const PROVIDER_ORDER_STATUS_TEXT: Record<number, string> = {
  1: '待确认',
  2: '进行中',
  3: '已完成',
  4: '已关闭',
  5: '已退回',
};

/**
 * /rent/order tabs (spec/2 §2 screen 1: all plus 0–4). A returned order (5) waits for the tenant to edit and submit
 * again, so it is listed under 待提交 with its own status text.
 */
export const ORDER_TABS = [
  { status: -1, label: '全部' },
  { status: 0, label: '待提交' },
  { status: 1, label: '待确认' },
  { status: 2, label: '进行中' },
  { status: 3, label: '已完成' },
  { status: 4, label: '已关闭' },
] as const;
/** The statuses a tenant tab lists. */
export const ORDER_TAB_STATUSES: Record<number, number[]> = { 0: [0, 5], 1: [1], 2: [2], 3: [3], 4: [4] };
/** /rent-order tabs: the provider never sees a draft; a returned order has its own tab. */
export const PROVIDER_ORDER_TABS = [
  { status: -1, label: '全部' },
  { status: 1, label: '待确认' },
  { status: 2, label: '进行中' },
  { status: 3, label: '已完成' },
  { status: 4, label: '已关闭' },
  { status: 5, label: '已退回' },
] as const;

/**
 * The order state machine as data (spec/2 §4). `tenant` is the renting company (main account or a sub-user with the
 * 租入订单 grant), `provider` the supplying company (租出订单 grant).
 * - edit_line / delete_line: the order lines while draft or returned ("submitted tenant orders cannot be edited").
 * - submit: the confirmation form, from draft or returned.
 * - close: with a reason (≤ 50), from draft, submitted or returned.
 * - confirm / return: the provider's answer to a submitted order it has not answered (provider_status 0); a
 *   confirmation cannot be changed afterwards; a returned order goes back to the tenant.
 * - complete: the tenant ends an order in progress once every machine has left the site.
 */
export type TOrderAction = 'edit_line' | 'delete_line' | 'submit' | 'close' | 'confirm' | 'return' | 'complete';
export type TOrderWho = 'tenant' | 'provider';
/** What the order's table reads of an order. */
export interface TOrderState {
  status: number;
  provider_status: number;
}
const S = ORDER_STATUS;
/**
 * rental_orders.status. provider_status is not a machine of its own: it records the provider's answer, set by the
 * confirm (1) and return (2) rows below and cleared by submit; `providerPending` reads it.
 */
export const ORDER_MACHINE = defineMachine<TOrderState, TOrderAction, TOrderWho, 'providerPending'>({
  name: 'rental_orders.status',
  statuses: ORDER_STATUS,
  status: (o) => o.status,
  guards: { providerPending: (o) => o.provider_status === PROVIDER_STATUS.pending },
  rows: [
    { action: 'edit_line', from: [S.draft, S.returned], to: 'same', who: 'tenant' },
    { action: 'delete_line', from: [S.draft, S.returned], to: 'same', who: 'tenant' },
    { action: 'submit', from: [S.draft, S.returned], to: S.submitted, who: 'tenant' },
    { action: 'close', from: [S.draft, S.submitted, S.returned], to: S.closed, who: 'tenant', needsReason: true },
    { action: 'confirm', from: [S.submitted], to: S.confirmed, who: 'provider', providerPending: true },
    {
      action: 'return',
      from: [S.submitted],
      to: S.returned,
      who: 'provider',
      providerPending: true,
      needsReason: true,
    },
    { action: 'complete', from: [S.confirmed], to: S.completed, who: 'tenant' },
  ],
});

/** Status 2 opens contracts, settlements, payments and machinery for both sides; 3 keeps them viewable. */
const ORDER_CHAIN_OPEN: readonly number[] = [S.confirmed, S.completed];
/** The order's chain (contracts, machinery, settlements, payments) is there to see: in progress or completed. */
export const isOrderChainOpen = (o: { status: number }) => ORDER_CHAIN_OPEN.includes(o.status);
/** An order in progress (2): its chain (contracts, settlements, payments, machinery) takes new entries. */
export const isOrderInProgress = (o: { status: number }) => o.status === S.confirmed;

/** Limits of spec/2 §5 and §9. */
export const ORDER_LIMITS = {
  projectNameMax: 50,
  addressMax: 50,
  remarkMax: 200,
  invoiceRemarkMax: 100,
  contactMax: 5,
  reasonMax: 50,
  bankNameMax: 50,
  bankNoMax: 30,
  receiverMax: 30,
  receiverAddressMax: 100,
  numMax: 9999,
  rateMax: 100,
  pageSize: 5,
} as const;

/** The order's timeline, a page at a time (GET /rent/order/history): entries per page, and the most one call may ask. */
export const ORDER_HISTORY_PAGE = { size: 20, max: 50 } as const;

/** Third-party advanced verification flags (spec/2 §3, §6): tenant_super 0/1; provider_super 0 none, 1 verified with the finance product, 2 verified without it. */
export const SUPER = { none: 0, ready: 1, noFinance: 2 } as const;

/** The platform as the lessor (party B, 出租方): its name on orders and the invoice title providers write to it. */
export const LESSOR = { name: '机租通平台', invTitle: '机租通（北京）科技有限公司' } as const;
