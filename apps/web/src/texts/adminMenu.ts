/**
 * The console's menu labels of areas whose texts load with their own pages: this small file is all of them the
 * console's first load takes (each page's title reads its label from here too).
 */
export const TALK_MENU = { reports: '举报处理', suits: '路桥套餐需求' } as const;
export const SHELF_MENU = '货架订单审核';
export const PAYMENT_MENU = { coin: '金币套餐', member: '会员设置', payments: '支付订单' } as const;
export const SETTLE_MENU = '结算开票';
export const ORDERPAY_MENU = '付款与融资';
export const FINPROD_MENU = '金融产品开通';
export const TRAINING_MENU = { majors: '培训专业', enrolments: '培训报名' } as const;
export const HIRE_MENU = '招聘审核';
/** the console's list of reviews after an order (hide with a reason) */
export const ORDER_REVIEW_MENU = '订单评价';
export const REVIEW_MENU = {
  seals: '印章审核',
  equipment: '设备审核',
  biddings: '竞价审核',
  demands: '需求审核',
  jobCards: '求职卡审核',
} as const;
export const POINTS_MENU = { points: '积分设置' } as const;
