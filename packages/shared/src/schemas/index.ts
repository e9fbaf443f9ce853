import { z } from '../zod';

/** Schemas of the dashboard's /api/index/info and /api/index/menu (spec/1 §3 User info, §6 menus). */

export const ZUserInfo = z.object({
  username: z.string(),
  avatar: z.string(),
  /** masked: 138****0001 */
  phone: z.string(),
  /** yyyy-MM-dd HH:mm:ss in Asia/Shanghai; '' before the first login */
  last_login_date: z.string(),
  score: z.object({ peas: z.number(), gold: z.number() }),
  member_profile: z.object({
    id: z.number().int(),
    /** 1 personal, 2 enterprise */
    type: z.number().int(),
    name: z.string(),
    card: z.string(),
    card_face: z.string(),
    card_back: z.string(),
    nick_name_status: z.number().int(),
  }),
  memberLevel: z.object({
    level: z.string(),
    /** yyyy-MM-dd; '' for the free level A */
    expiration_time: z.string(),
    /** days left of a paid level; 0 for A */
    level_count: z.number().int(),
    buttons: z.array(z.object({ text: z.string(), operation: z.string() })),
  }),
  authInfo: z.object({
    auth_status: z.number().int(),
    auth_time: z.string(),
    auth_reason: z.string(),
    auth_button: z.object({ text: z.string(), flag: z.number().int() }),
    company_status: z.number().int(),
    company_time: z.string(),
    company_reason: z.string(),
    company_button: z.object({ text: z.string(), flag: z.number().int() }),
    advanced_status: z.number().int(),
    advanced_status_desc: z.string(),
    advanced_button: z.number().int(),
    advanced_button_desc: z.string(),
    /** the verifier's reason when advanced_status is 2 (failed) and its callback gave one; else '' */
    advanced_reason: z.string(),
  }),
  member_company: z.array(
    z.object({
      id: z.number().int(),
      company_id: z.number().int(),
      company_name: z.string(),
      master: z.number().int(),
    }),
  ),
  role: z.enum(['user', 'admin']),
  /** the company the calls of this page run in: the requested one when the user is an active member there, else the default */
  company_id: z.number().int().nullable(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export interface TMenuItem {
  id: number;
  name: string;
  icons: string;
  url: string;
  child: TMenuItem[];
}
export const ZMenuItem: z.ZodType<TMenuItem> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), icons: z.string(), url: z.string(), child: z.array(ZMenuItem) }),
);
export const ZMenu = z.array(ZMenuItem);
