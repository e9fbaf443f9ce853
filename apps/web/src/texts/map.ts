/** Texts of the map picker and the small maps of the public pages (ui/map). */
export const mapUi = {
  searchPh: '搜索地点、小区、道路或工地名称',
  locate: '定位到当前位置',
  pickHint: '搜索地点或点击地图选择位置，所在地区与详细地址将自动填写',
  point: '已选位置：经度 {lng}，纬度 {lat}',
  noPoint: '尚未选择位置',
  notConfigured: '地图未配置，位置按所选区县中心记录',
  loadFailed: '地图加载失败，位置按所选区县中心记录',
  centreOf: '位置按所选区县中心记录：经度 {lng}，纬度 {lat}',
  searchNone: '未找到该地点，请换个名称再试',
  geoFailed: '定位失败：{reason}',
  geoUnknown: '无法获取当前位置',
  loading: '地图加载中…',
  mapLabel: '地图',
  /** the search scope of AMap's place tips and search */
  wholeCountry: '全国',
  tip: '{name}（{district}）',
} as const;
