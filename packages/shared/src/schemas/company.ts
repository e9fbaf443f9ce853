import { z } from '../zod';

/** GET /api/company/info (spec/1 §3 Company). */
export const ZCompanyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 personal, 2 enterprise */
  type: z.number().int(),
  type_v: z.string(),
  regist_no: z.string(),
  legal: z.string(),
  province: z.number().int().nullable(),
  city: z.number().int().nullable(),
  area: z.number().int().nullable(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  address: z.string(),
  /** ten-thousand yuan */
  registered_assets: z.number().nullable(),
  /** yyyy-MM-dd or '' */
  found_date: z.string(),
  registrant: z.string(),
  /** masked */
  tel: z.string(),
  /** 0 未认证, 1 已认证, 2 认证失败, 3 认证中 */
  status: z.number().int(),
  status_v: z.string(),
  /** yyyy-MM-dd HH:mm:ss */
  update_time: z.string(),
  super: z.number().int(),
  super_time: z.string(),
  member_type: z.number().int(),
  member_type_v: z.string(),
});
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;
