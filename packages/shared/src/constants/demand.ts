/**
 * Quick demands (spec/2 §3 "Quick demand", §4, §5, §9): a tenant's short call for machines, reviewed by the platform,
 * public in the demand hall for its valid days (1–6, default 6) from approval, then ended.
 */
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
 * The row's actions (its `op` list) as a transition table: 修改 sends the demand back to review (0) from unreviewed,
 * rejected or passed; 关闭 ends an unreviewed or passed one (3); 删除 removes an unreviewed, rejected or ended one.
 * Staff approve (0 → 2) or reject with a reason (0 → 1); the expiry job ends a passed one after its valid days.
 */
export type TDemandOp = '修改' | '关闭' | '删除';
export const DEMAND_OPS: { op: TDemandOp; key: 'edit' | 'close' | 'delete'; from: number[]; to: number | null }[] = [
  { op: '修改', key: 'edit', from: [0, 1, 2], to: 0 },
  { op: '关闭', key: 'close', from: [0, 2], to: 3 },
  { op: '删除', key: 'delete', from: [0, 1, 3], to: null },
];
export const demandOps = (state: number): TDemandOp[] => DEMAND_OPS.filter((o) => o.from.includes(state)).map((o) => o.op);
