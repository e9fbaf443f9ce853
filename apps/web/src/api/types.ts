/** Response types of the calls the web app makes: the server's own zod schemas, so both sides share one contract. */
export type { TAuthResult, TSmsSent as TSmsResult } from '@jizu/shared/schemas/auth';
export type { TUserInfo, TMenuItem } from '@jizu/shared/schemas/index';
export type { TCompanyInfo } from '@jizu/shared/schemas/company';
export type { TMyStaff as TStaff } from '@jizu/shared/schemas/staff';
export type { TAdminOverview, TAdminUserRow as TAdminUser } from '@jizu/shared/schemas/admin';
export type { TRegionOption as TRegion, TCategory as TEquipmentType } from '@jizu/shared/schemas/region';

import type { TUserInfo } from '@jizu/shared/schemas/index';
export type TMemberCompany = TUserInfo['member_company'][number];
export type { TNoticeRow, TNoticeDetail, TAdminNoticeRow } from '@jizu/shared/schemas/notice';
