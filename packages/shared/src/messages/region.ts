/** The message catalogue's section M.region. */
export const region = {
  // regions and taxonomy: add texts here
  badId: '请选择正确的地区',
  badTaxonomyId: '请选择正确的设备分类',
} as const;
