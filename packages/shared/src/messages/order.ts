/** Texts of rental orders (spec/2 §5 orders, §8): M.order and the refusals (errors/order.ts). */
export const order = {
  created: '操作成功',
} as const;

export const orderFailures = {
  notFound: '订单不存在或已删除',
} as const;
