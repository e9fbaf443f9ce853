/** The message catalogue's section M.region. */
export const region = {
  // regions and taxonomy: add texts here
  badId: '请选择正确的地区',
  badTaxonomyId: '请选择正确的设备分类',
  /** a map point outside China's box (constants/region.ts CHINA_BOUNDS) */
  pointBad: '地图位置不正确，请在地图上重新选择',
} as const;
