/** The admin console's menu entry of the shop review page: its own file, so the console's first load takes only this. */
export const SHOP_REVIEW_MENU = '店铺审核';
