/** Units a rent may be quoted in (a listing's `company` field joins the chosen ones with a hyphen). */
export const RENT_UNITS = ['台班', '小时', '天', '月', '方', '吨', '米', '趟'] as const;
export type TRentUnit = (typeof RENT_UNITS)[number];

/** How a spec parameter is entered on the listing form. */
export const PARAM_INPUTS = ['number', 'text', 'select'] as const;
export type TParamInput = (typeof PARAM_INPUTS)[number];

/** Listing unique-identifier types (spec/1 §3 serial_type). */
export const SERIAL_TYPES = [
  { value: 1, label: '机器ID' },
  { value: 2, label: '产品编号' },
  { value: 3, label: '出厂编号' },
  { value: 4, label: '产品识别码' },
  { value: 5, label: '整机编号' },
  { value: 6, label: '车辆识别代号' },
  { value: 7, label: '其他编码' },
  { value: 8, label: 'VIN码' },
] as const;

/** Product alias of an 'other' product: at most 10 characters (spec/1 §3). */
export const PRODUCT_ALIAS_MAX = 10;

/** The id of the country: provinces are its children (GET /v1/city/1). */
export const COUNTRY_REGION_ID = 1;
