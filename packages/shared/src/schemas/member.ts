import { z } from '../zod';
import { member as msg_member } from '../messages/member';
import { zCompanyScoped, zId, zIdWith, zIntIn, zPhone } from './common';
import { zSmsCode } from './auth';

const M = { member: msg_member } as const;

/** /company/user/* and /company/privilege/* (spec/1 §3 sub-user and permission menu, §4, §5 company members, §6). */

export const ZMemberRow = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  /** the account: masked */
  phone: z.string(),
  member_name: z.string(),
  /** 1 real-name verified */
  auth_status: z.number().int(),
  /** 1 main, 0 sub */
  master: z.number().int(),
  remark: z.string(),
  /** yyyy-MM-dd HH:mm:ss */
  create_time: z.string(),
  /** 1 on, 0 off */
  status: z.number().int(),
});
export type TMemberRow = z.infer<typeof ZMemberRow>;

const zName = z
  .string({ error: M.member.nameRequired })
  .trim()
  .min(1, { error: M.member.nameRequired })
  .max(20, { error: M.member.nameTooLong });
const zRemark = z.string().trim().max(50, { error: M.member.remarkTooLong }).default('');

export const ZMemberSms = zCompanyScoped.extend({ phone: zPhone });
export const ZMemberAdd = zCompanyScoped.extend({ phone: zPhone, code: zSmsCode, name: zName, remark: zRemark });
export type TMemberAdd = z.infer<typeof ZMemberAdd>;
export const ZMemberSave = zCompanyScoped.extend({ id: zId, name: zName, remark: zRemark });
export type TMemberSave = z.infer<typeof ZMemberSave>;
export const ZMemberOn = zCompanyScoped.extend({ id: zId, status: zIntIn(0, 1) });
/** handover_id: the member (of the same company, on) who takes over the deleted member's records */
export const ZMemberDel = zCompanyScoped.extend({ id: zId, handover_id: zIdWith(M.member.handoverRequired) });

export interface TPrivMenu {
  id: number;
  name: string;
  checked: boolean;
  child: TPrivMenu[];
}
export const ZPrivMenu: z.ZodType<TPrivMenu> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), checked: z.boolean(), child: z.array(ZPrivMenu) }),
);
export const ZPrivilegeQuery = zCompanyScoped.extend({ member_id: zId });
export const ZPrivilegeSave = zCompanyScoped.extend({
  member_id: zId,
  menu_id: z.array(zIdWith(M.member.menuBad), { error: M.member.menuBad }).max(200, { error: M.member.menuBad }),
});
