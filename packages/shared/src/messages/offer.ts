/** Texts of the provider's responses (spec/2 §5 Response, §8): M.offer and the refusals (errors/offer.ts). */
export const offer = {
  saved: '提交成功',
  changed: '修改成功',
  withdrawn: '操作成功',
} as const;

export const offerFailures = {
  notFound: '报价不存在或已删除',
} as const;
