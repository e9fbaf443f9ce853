import { z } from '../zod';
import { account as msg_account } from '../messages/account';
import { auth as msg_auth } from '../messages/auth';
import { fmt } from '../messages/fmt';
import { PASSWORD_RE } from '../constants/user';
import { zCompanyScoped, zId, zPage } from './common';

const M = { account: msg_account, auth: msg_auth } as const;

/** The account centre's calls (spec/1 §7 Authentication and account): nickname, password, phone, avatar. */

/** Nickname: trimmed, 1–{NICK_MAX} characters; it may be changed once (spec/1 §4). */
export const NICK_MAX = 20;

const required = (msg: string) => z.string({ error: msg }).trim().min(1, { error: msg, abort: true });
const sixDigits = (requiredMsg: string, wrongMsg: string) =>
  required(requiredMsg).regex(/^\d{6}$/, { error: wrongMsg });

export const ZSaveNickname = zCompanyScoped.extend({
  nick_name: required(M.account.nickRequired).max(NICK_MAX, { error: fmt(M.account.nickTooLong, { n: NICK_MAX }) }),
});

/** POST /index/passwd. The confirmation is checked here, not in the browser (spec/1 §5). */
export const ZChangePassword = zCompanyScoped
  .extend({
    oldpassword: z
      .string({ error: M.account.oldPasswordRequired })
      .min(1, { error: M.account.oldPasswordRequired })
      .max(64, { error: M.account.oldPasswordWrong }),
    password: z
      .string({ error: M.account.newPasswordRequired })
      .min(1, { error: M.account.newPasswordRequired, abort: true })
      .regex(PASSWORD_RE, { error: M.auth.passwordWeak }),
    repassword: z
      .string({ error: M.account.confirmPasswordRequired })
      .min(1, { error: M.account.confirmPasswordRequired }),
  })
  .superRefine((v, ctx) => {
    if (v.repassword && v.password && v.password !== v.repassword)
      ctx.addIssue({ code: 'custom', path: ['repassword'], message: M.account.passwordMismatch });
  });
export type TChangePassword = z.infer<typeof ZChangePassword>;

const zNewPhone = (msg: string) => required(msg).regex(/^1[3-9]\d{9}$/, { error: '手机号码格式不正确' });

/** POST /sms/oldMobile: the code goes to the account's own number. */
export const ZOldMobileSms = zCompanyScoped;
/** POST /index/checkOldMobile: step 1 of the phone change; checks the old number's code without using it up. */
export const ZCheckOldMobile = zCompanyScoped.extend({
  code: sixDigits(M.account.oldCodeRequired, M.account.oldCodeWrong),
});
/** POST /sms/newMobile */
export const ZNewMobileSms = zCompanyScoped.extend({ phone: zNewPhone(M.account.newPhoneSmsRequired) });
/** POST /index/changeMobile: code is the old number's code, vcode the new number's. */
export const ZChangeMobile = zCompanyScoped.extend({
  code: sixDigits(M.account.oldCodeRequired, M.account.oldCodeWrong),
  phone: zNewPhone(M.account.newPhoneRequired),
  vcode: sixDigits(M.account.newCodeRequired, M.account.newCodeWrong),
});
export type TChangeMobile = z.infer<typeof ZChangeMobile>;
/** The changed number, masked (spec/1 §9). */
export const ZChangedMobile = z.object({ phone: z.string() });

/** POST /index/saveAvatar: an address the avatar upload answered. */
export const ZSaveAvatar = zCompanyScoped.extend({
  avatar: required(M.account.avatarRequired).max(500, { error: M.account.avatarBad }),
});
export const ZSavedAvatar = z.object({ avatar: z.string() });
export const ZSavedNickname = z.object({ username: z.string(), nick_name_status: z.number().int() });

/**
 * The account's login devices (its active sessions), newest use first: GET /index/devices. Device, browser and system
 * come from the session's user agent (empty when it says nothing known); times are Asia/Shanghai `yyyy-MM-dd HH:mm:ss`.
 */
export const ZDeviceRow = z.object({
  id: z.number().int(),
  /** desktop | mobile | tablet | '' (unknown) */
  type: z.string(),
  /** maker and model when the agent names them ("Apple iPhone") */
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** the session of this very request */
  current: z.boolean(),
});
export type TDeviceRow = z.infer<typeof ZDeviceRow>;
export const ZDeviceList = zPage(ZDeviceRow);
export const ZDevicesQuery = zCompanyScoped;
/** POST /index/devices/logout: ends one other session of the account. */
export const ZEndDevice = zCompanyScoped.extend({ id: zId });
/** POST /index/devices/logoutOthers: ends every session of the account but this one. */
export const ZEndOtherDevices = zCompanyScoped;
export const ZEndedDevices = z.object({ ended: z.number().int() });
