import type { FormInstance } from 'antd';
import { api, ApiError } from '../../api/client';
import type { TAuthResult, TSmsResult } from '../../api/types';

const bare = { noCompany: true } as const;

export const sendSms = (phone: string, scene: 'register' | 'login') =>
  api.post<TSmsResult>('/auth/sms', { phone, scene }, bare);

export const login = (body: { phone: string; password?: string; code?: string }) =>
  api.post<TAuthResult>('/auth/login', body, { ...bare, quiet: true, noRedirect: true });

export const register = (body: { phone: string; code: string; password: string }) =>
  api.post<TAuthResult>('/auth/register', body, { ...bare, quiet: true, noRedirect: true });

/** Shows the server's field errors on the form; answers whether any field took one. */
export function applyFieldErrors(form: FormInstance, e: unknown): boolean {
  if (!(e instanceof ApiError) || e.errors.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue()));
  const fields = e.errors.filter((f) => known.has(f.field)).map((f) => ({ name: f.field, errors: [f.msg] }));
  form.setFields(fields);
  return fields.length > 0;
}

export const PHONE_RE = /^1[3-9]\d{9}$/;
