import { z } from '../zod';
import { auth as msg_auth } from '../messages/auth';
import { zPhone } from './common';
import { PASSWORD_RE, SMS_SCENES } from '../constants/user';

const M = { auth: msg_auth } as const;

/** Request and response schemas of /api/auth/* (login, registration, SMS codes, logout). */

export const zSmsCode = z
  .string({ error: M.auth.codeRequired })
  .trim()
  .min(1, { error: M.auth.codeRequired, abort: true })
  .regex(/^\d{6}$/, { error: M.auth.codeWrong });

export const zPassword = z
  .string({ error: M.auth.passwordRequired })
  .min(1, { error: M.auth.passwordRequired, abort: true })
  .regex(PASSWORD_RE, { error: M.auth.passwordWeak });

export const ZSmsSend = z.object({
  phone: zPhone,
  scene: z.enum(SMS_SCENES, { error: M.auth.badScene }),
});

export const ZSmsSent = z.object({ resend_in: z.number().int() });
export type TSmsSent = z.infer<typeof ZSmsSent>;

export const ZRegister = z.object({ phone: zPhone, code: zSmsCode, password: zPassword });
export type TRegister = z.infer<typeof ZRegister>;

/** Login by password or by SMS code: exactly one of them is needed. */
export const ZLogin = z
  .object({
    phone: zPhone,
    password: z.string({ error: M.auth.passwordRequired }).max(64, { error: M.auth.loginWrong }).optional(),
    code: z.string({ error: M.auth.codeRequired }).trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.code) {
      if (!/^\d{6}$/.test(v.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: M.auth.codeWrong });
    } else if (!v.password) {
      ctx.addIssue({
        code: 'custom',
        path: [v.code === '' ? 'code' : 'password'],
        message: v.code === '' ? M.auth.codeRequired : M.auth.passwordRequired,
      });
    }
  });
export type TLogin = z.infer<typeof ZLogin>;

export const ZAuthUser = z.object({ id: z.number().int(), phone: z.string(), username: z.string() });
export const ZAuthResult = z.object({ token: z.string(), user: ZAuthUser });
export type TAuthResult = z.infer<typeof ZAuthResult>;
