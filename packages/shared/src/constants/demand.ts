/**
 * Quick demands (spec/2 §3 "Quick demand", §4, §5, §9): a tenant's short call for machines, reviewed by the platform,
 * public in the demand hall for its valid days (1–6, default 6) from approval, then ended.
 */
import { actionsOf, defineMachine, type TStatusOf } from '../rules/machine';

export const DEMAND_STATE = { unreviewed: 0, rejected: 1, passed: 2, ended: 3 } as const;
export const DEMAND_STATE_TEXT: Record<number, string> = { 0: '未审核', 1: '审核未通过', 2: '审核通过', 3: '已结束' };
export const DEMAND_TABS = [
  { state: -1, label: '全部' },
  { state: 0, label: '未审核' },
  { state: 1, label: '审核未通过' },
  { state: 2, label: '审核通过' },
  { state: 3, label: '已结束' },
] as const;
export const DEMAND_VALID_DAYS = { min: 1, max: 6, default: 6 } as const;
export const DEMAND_LIMITS = { addressMax: 50, remarkMax: 200, reasonMax: 200, numMax: 9999, timeMax: 3650 } as const;

/**
 * quick_demands.state as a transition table (read at its effective state: a passed demand past its valid days is
 * ended). The owner's rows are its `op` list: 修改 sends the demand back to review (0) from unreviewed, rejected or
 * passed; 关闭 ends an unreviewed or passed one (3); 删除 removes an unreviewed, rejected or ended one. Staff approve
 * (0 → 2) or reject with a reason (0 → 1); the expiry job ends a passed one after its valid days.
 */
export type TDemandAction = 'submit' | 'edit' | 'close' | 'delete' | 'approve' | 'reject' | 'expire';
const D = DEMAND_STATE;
export const DEMAND_MACHINE = defineMachine<TStatusOf, TDemandAction, 'owner' | 'staff' | 'system'>({
  name: 'quick_demands.state',
  statuses: DEMAND_STATE,
  status: (d) => d.status,
  guards: {},
  rows: [
    { from: [null], action: 'submit', to: D.unreviewed, who: 'owner' },
    { from: [D.unreviewed, D.rejected, D.passed], action: 'edit', to: D.unreviewed, who: 'owner' },
    { from: [D.unreviewed, D.passed], action: 'close', to: D.ended, who: 'owner' },
    { from: [D.unreviewed, D.rejected, D.ended], action: 'delete', to: 'removed', who: 'owner' },
    { from: [D.unreviewed], action: 'approve', to: D.passed, who: 'staff' },
    { from: [D.unreviewed], action: 'reject', to: D.rejected, who: 'staff', needsReason: true },
    { from: [D.passed], action: 'expire', to: D.ended, who: 'system' },
  ],
});
/** The owner's actions as the list's `op` names them. */
const DEMAND_OP_TEXT: Partial<Record<TDemandAction, string>> = { edit: '修改', close: '关闭', delete: '删除' };
export const demandOps = (state: number): string[] =>
  actionsOf(DEMAND_MACHINE, { status: state }, 'owner').map((a) => DEMAND_OP_TEXT[a] ?? a);
