import { z } from '../zod';
import { M } from '../messages';
import { zId, zIdWith, zPageQuery } from './common';

/** GET /index/user/rightsEqlst: approved listings of the company to bind. */
export const ZRightsEqQuery = zPageQuery(5).extend({ company_id: zId.optional() });
export const ZRightsEq = z.object({
  id: z.number().int(),
  cover: z.string(),
  product_name_v: z.string(),
  model: z.string(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
});
export type TRightsEq = z.infer<typeof ZRightsEq>;

/** GET /index/user/projectLst: the company's projects (none until the bidding module exists). */
export const ZRightsProject = z.object({ id: z.number().int(), name: z.string(), short_name: z.string() });
export type TRightsProject = z.infer<typeof ZRightsProject>;

/** POST /index/user/rightsEqSave (spec/1 §3 Device bind): irreversible. */
export const ZRightsEqSave = z.object({
  company_id: zId.optional(),
  id: zId,
  equipment_id: zIdWith(M.rights.chooseDevice),
  project_id: zId.optional().nullable(),
});
export type TRightsEqSave = z.infer<typeof ZRightsEqSave>;
export const ZRightsEqInfoBody = z.object({ id: zId, company_id: zId.optional() });

export const ZRightsEqInfo = z.object({
  id: z.number().int(),
  equipment_id: z.number().int(),
  project_id: z.number().int(),
  isProject: z.number().int(),
  equip_name: z.string(),
  cover: z.string(),
  model: z.string(),
  href: z.string(),
  project_name: z.string(),
  bind_time: z.string(),
  /** the PNG download address (access-checked) */
  nameplate_url: z.string(),
});
export type TRightsEqInfo = z.infer<typeof ZRightsEqInfo>;
export const ZNameplateQuery = z.object({ id: zId, inline: z.coerce.number().int().optional() });
