/**
 * Response types of the calls the web app makes, matching the server contracts. Local until the server's shared
 * schemas (packages/shared/src/schemas/*.ts) export them; then import `T…` types from there instead.
 */
export interface TAuthUserBrief {
  id: number;
  phone: string;
  username: string;
}

export interface TAuthResult {
  token: string;
  user: TAuthUserBrief;
}

export interface TSmsResult {
  resend_in: number;
}

export interface TLevelButton {
  text: string;
  operation: string | number;
}

export interface TMemberCompany {
  id: number;
  company_id: number;
  company_name: string;
  master: number;
}

export interface TAuthInfo {
  auth_status: number;
  auth_time?: string | null;
  auth_reason?: string | null;
  auth_button: number;
  company_status: number;
  company_time?: string | null;
  company_reason?: string | null;
  company_button: number;
  advanced_status: number;
  advanced_status_desc: string;
  advanced_button: number;
  advanced_button_desc: string;
}

export interface TUserInfo {
  username: string;
  avatar: string | null;
  phone: string;
  last_login_date: string | null;
  score: { peas: number; gold: number };
  member_profile: {
    id: number;
    type: number;
    name: string | null;
    card: string | null;
    card_face: string | null;
    card_back: string | null;
    nick_name_status: number;
  } | null;
  memberLevel: {
    level: string;
    expiration_time: string | null;
    level_count: number;
    buttons: TLevelButton[];
  };
  authInfo: TAuthInfo;
  member_company: TMemberCompany[];
  role: 'user' | 'admin';
  company_id: number | null;
}

export interface TMenuItem {
  id: number;
  name: string;
  icons: string;
  url: string;
  child?: TMenuItem[];
}

export interface TCompanyInfo {
  id: number;
  name: string;
  type: number;
  type_v: string;
  regist_no: string;
  legal: string;
  province_v: string;
  city_v: string;
  area_v: string;
  address: string;
  registered_assets: number | string | null;
  found_date: string | null;
  registrant: string;
  tel: string;
  status: number;
  status_v: string;
  update_time: string | null;
  super: number;
  super_time: string | null;
  member_type: number;
  member_type_v: string;
}

export interface TStaff {
  id: number;
  sn: string;
  name: string;
  phone: string;
  staff_id?: number;
  img_qrcode: string;
}

export interface TAdminOverview {
  users: number;
  companies: number;
  staff: number;
  notices: number;
  sessions_today: number;
}

export interface TAdminUser {
  id: number;
  phone: string;
  username: string;
  role: 'user' | 'admin';
  level: string;
  status: number;
  created_at: string;
  last_login_date: string | null;
  companies: number;
}

export type { TRegionOption as TRegion, TCategory as TEquipmentType } from '@jizu/shared/schemas/region';
