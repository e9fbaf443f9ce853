import type { TAuthCompany, TAuthPerson, TSaveAuth, TSaveAuthCompany } from '@jizu/shared/schemas/verify';
import type { TSmsSent } from '@jizu/shared/schemas/auth';
import { api } from '../../api/client';

export const personKey = ['verify', 'person'] as const;
export const companyKey = ['verify', 'company'] as const;

export const getPersonAuth = () => api.get<TAuthPerson>('/index/auth', undefined, { quiet: true });
export const savePersonAuth = (body: Omit<TSaveAuth, 'company_id'>) =>
  api.post<TAuthPerson>('/index/saveAuth', body, { quiet: true });
/** An empty array means the company never submitted (spec/1 §7). */
export const getCompanyAuth = () => api.get<TAuthCompany | never[]>('/index/authCompany', undefined, { quiet: true });
export const saveCompanyAuth = (body: Omit<TSaveAuthCompany, 'company_id'>) =>
  api.post<TAuthCompany>('/index/saveAuthCompany', body, { quiet: true });
/** The code goes to `phone`, or to the user's own phone when it is left out. */
export const sendAuthSms = (phone?: string) => api.post<TSmsSent>('/sms/authSms', phone ? { phone } : {});
export const startAdvancedAuth = () => api.post<{ url: string }>('/index/superAuth');
export const CERTIFICATE_URL = '/api/index/download/certificate';
