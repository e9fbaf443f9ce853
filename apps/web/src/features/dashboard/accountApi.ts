import { useQuery } from '@tanstack/react-query';
import type { TPage } from '@jizu/shared/errors';
import type { TDeviceRow } from '@jizu/shared/schemas/account';
import { api } from '../../api/client';
import type { TNoticeDetail, TNoticeRow, TSmsResult } from '../../api/types';

/** The dashboard's security and notice calls (spec/1 §7 Authentication and account). */

// the server checks and answers every rule: the forms show its field messages, so failures are not toasted twice
const quiet = { quiet: true } as const;

export const saveNickname = (nick_name: string) =>
  api.post<{ username: string; nick_name_status: number }>('/index/saveNickname', { nick_name }, quiet);
export const changePassword = (body: { oldpassword: string; password: string; repassword: string }) =>
  api.post<null>('/index/passwd', body, quiet);
export const sendOldMobileSms = () => api.post<TSmsResult>('/sms/oldMobile', {});
export const checkOldMobile = (code: string) => api.post<null>('/index/checkOldMobile', { code }, quiet);
export const sendNewMobileSms = (phone: string) => api.post<TSmsResult>('/sms/newMobile', { phone });
export const changeMobile = (body: { code: string; phone: string; vcode: string }) =>
  api.post<{ phone: string }>('/index/changeMobile', body, quiet);
export const saveAvatar = (avatar: string) => api.post<{ avatar: string }>('/index/saveAvatar', { avatar });

/** 登录设备: the account's sessions, and ending them. */
export const devicesKey = ['account', 'devices'] as const;
export function useDevices() {
  // asked again at each opening: a login elsewhere a moment ago must show
  return useQuery({
    queryKey: devicesKey,
    queryFn: () => api.get<TPage<TDeviceRow>>('/index/devices'),
    refetchOnMount: 'always',
  });
}
export const endDevice = (id: number) => api.post<{ ended: number }>('/index/devices/logout', { id });
export const endOtherDevices = () => api.post<{ ended: number }>('/index/devices/logoutOthers', {});

export const noticesKey = ['notices'] as const;

/** The first 6 notices of the dashboard (spec/1 §9). */
export function useNotices() {
  return useQuery({
    queryKey: [...noticesKey, 'first'],
    queryFn: () => api.get<TPage<TNoticeRow>>('/index/notice', { page: 1, size: 6 }),
  });
}

export function useNotice(id: number | null) {
  return useQuery({
    queryKey: [...noticesKey, 'detail', id],
    queryFn: () => api.get<TNoticeDetail>(`/index/notice/${id}`),
    enabled: id !== null,
  });
}
