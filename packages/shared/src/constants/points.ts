/**
 * The two point currencies and the kinds of ledger rows (spec/1 §3 points ledger row, GET /index/score/typeLst).
 * Beans (peas) are earned; coins (gold) are bought and cannot be refunded. Both are whole numbers.
 * Codes are stored in the ledger: never renumber, only add.
 */
export type TCurrency = 'peas' | 'gold';

export const POINT_TYPES = {
  peas: {
    1: '签到奖励',
    2: '购买金币赠送',
    3: '兑换金币',
    9: '平台调整',
  },
  gold: {
    11: '购买金币',
    12: '积分兑换',
    13: '金币消费',
    19: '平台调整',
  },
} as const satisfies Record<TCurrency, Record<number, string>>;

export type TPointType<C extends TCurrency = TCurrency> = C extends TCurrency
  ? keyof (typeof POINT_TYPES)[C] & number
  : never;

export const pointTypeName = (currency: TCurrency, type: number): string =>
  (POINT_TYPES[currency] as Record<number, string>)[type] ?? '';
