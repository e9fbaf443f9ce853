import { POINTS_MENU } from './adminMenu';
/** Texts of the console's points settings. */
export const pointsAdmin = {
  menu: POINTS_MENU.points,
  sign: '签到奖励',
  base: '每日签到积分',
  bonus: '连续签到额外奖励',
  bonusDay: '连续第几天',
  bonusPeas: '额外积分',
  addBonus: '添加奖励',
  remove: '删除',
  convert: '积分兑换金币',
  ratio: '兑换比例（积分/金币）',
  ratioHelp: '多少积分兑换 1 金币',
  save: '保存',
  preview: '每日奖励预览',
  cycleHint: '连续签到以 7 天为一个周期',
} as const;
