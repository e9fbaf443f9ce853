import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { zPageQuery, zPage } from './common';

const M = { common: msg_common } as const;

/** Admin console: overview and users (platform staff only). */

export const ZAdminOverview = z.object({
  users: z.number().int(),
  companies: z.number().int(),
  staff: z.number().int(),
  notices: z.number().int(),
  /** sessions started today (Asia/Shanghai) */
  sessions_today: z.number().int(),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

export const ZAdminUsersQuery = zPageQuery(20).extend({
  /** a prefix of the phone number */
  phone: z
    .string({ error: M.common.validation })
    .trim()
    .regex(/^\d{0,11}$/, { error: '手机号码格式不正确' })
    .optional(),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUserRow = z.object({
  id: z.number().int(),
  /** full number: staff see it */
  phone: z.string(),
  username: z.string(),
  role: z.string(),
  level: z.string(),
  status: z.number().int(),
  /** yyyy-MM-dd HH:mm:ss */
  created_at: z.string(),
  last_login_date: z.string(),
  /** active memberships */
  companies: z.array(z.object({ id: z.number().int(), name: z.string(), master: z.number().int() })),
});
export type TAdminUserRow = z.infer<typeof ZAdminUserRow>;

export const ZAdminUsers = zPage(ZAdminUserRow);
