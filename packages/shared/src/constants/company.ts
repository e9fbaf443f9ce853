/** Company types, verification statuses and membership types with their labels (spec/1 §3, §4, §6). */
import { nextStatus } from '../rules/machine';
import { ADVANCED_MACHINE } from './verify';

export const COMPANY_TYPE = { personal: 1, enterprise: 2 } as const;
export const COMPANY_TYPE_LABEL: Record<number, string> = { 1: '个人', 2: '企业' };

/** Company verification status (the older list form): 0 未认证, 1 已认证, 2 认证失败, 3 认证中. */
export const COMPANY_STATUS = { none: 0, verified: 1, failed: 2, pending: 3 } as const;
export const COMPANY_STATUS_LABEL: Record<number, string> = { 0: '未认证', 1: '已认证', 2: '认证失败', 3: '认证中' };

/** Membership type of a company: 1 road-bridge member unit, 2 external company ("road-bridge user" tag). */
export const MEMBER_TYPE = { unit: 1, external: 2 } as const;
export const MEMBER_TYPE_LABEL: Record<number, string> = { 1: '路桥会员单位', 2: '路桥用户' };

/**
 * Personal and company verification as the dashboard shows it (spec/1 §4): the button text and whether it is
 * enabled (flag 1) per status. 0 and 2 may (re)verify; 1 is done; 3 waits for the platform.
 */
export const VERIFY_BUTTON: Record<number, { text: string; flag: 0 | 1 }> = {
  0: { text: '立即认证', flag: 1 },
  1: { text: '已认证', flag: 0 },
  2: { text: '立即认证', flag: 1 },
  3: { text: '认证中', flag: 0 },
};

export function verifyButton(status: number): { text: string; flag: 0 | 1 } {
  return VERIFY_BUTTON[status] ?? VERIFY_BUTTON[0];
}

/**
 * Advanced third-party verification as the dashboard shows it (statuses of ADVANCED_MACHINE): the label, and
 * the button text per status. The button is enabled where the table lets the main account start an order, and only
 * once the company is verified.
 */
export const ADVANCED_STATUS_LABEL: Record<number, string> = { 0: '未认证', 1: '已认证', 2: '认证失败', 3: '认证中' };
const ADVANCED_BUTTON_TEXT: Record<number, string> = { 0: '立即认证', 1: '已认证', 2: '重新认证', 3: '认证中' };

/** The advanced button of a status: enabled when the status may start an order and the company is verified. */
export function advancedButton(advancedStatus: number, companyStatus: number): { text: string; flag: 0 | 1 } {
  const status = advancedStatus in ADVANCED_BUTTON_TEXT ? advancedStatus : 0;
  const may =
    nextStatus(ADVANCED_MACHINE, { status }, 'start', 'main') !== null && companyStatus === COMPANY_STATUS.verified;
  return { text: ADVANCED_BUTTON_TEXT[status], flag: may ? 1 : 0 };
}
