import { describe, expect, it } from 'vitest';
import { ZLogin, ZRegister } from './auth';
import { verifyButton, advancedButton } from '../constants/company';
import { ADVANCED_MACHINE, advancedOrderState, advancedStatusOf } from '../constants/verify';
import { nextStatus } from '../rules/machine';
import { levelButtons } from '../constants/user';

const firstMsg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0].message;

describe('auth schemas', () => {
  it('accepts passwords of 8–20 characters with letters and digits only', () => {
    for (const p of ['Abc12345', 'Admin@2026', 'a1a1a1a1a1a1a1a1a1a1'])
      expect(ZRegister.safeParse({ phone: '13800000001', code: '123456', password: p }).success).toBe(true);
    for (const p of ['Abc1234', 'abcdefgh', '12345678', 'a1a1a1a1a1a1a1a1a1a1a', 'Abc 12345']) {
      expect(firstMsg(ZRegister.safeParse({ phone: '13800000001', code: '123456', password: p }))).toBe(
        '密码需为8-20位，且同时包含字母和数字',
      );
    }
  });

  it('login needs a password or a code, in Chinese', () => {
    expect(firstMsg(ZLogin.safeParse({ phone: '13800000001' }))).toBe('请输入密码');
    expect(firstMsg(ZLogin.safeParse({ phone: '13800000001', code: '' }))).toBe('请输入验证码');
    expect(firstMsg(ZLogin.safeParse({ phone: '13800000001', code: '12' }))).toBe('验证码错误');
    expect(ZLogin.safeParse({ phone: '13800000001', code: '123456' }).success).toBe(true);
    expect(firstMsg(ZLogin.safeParse({ phone: '1380000', password: 'x' }))).toBe('手机号码格式不正确');
  });
});

describe('verification and membership constants', () => {
  it('maps verification status to button text and flag', () => {
    expect([0, 1, 2, 3].map(verifyButton)).toEqual([
      { text: '立即认证', flag: 1 },
      { text: '已认证', flag: 0 },
      { text: '立即认证', flag: 1 },
      { text: '认证中', flag: 0 },
    ]);
    expect(advancedButton(0, 0)).toEqual({ text: '立即认证', flag: 0 });
    expect(advancedButton(0, 1)).toEqual({ text: '立即认证', flag: 1 });
    expect(advancedButton(1, 1)).toEqual({ text: '已认证', flag: 0 });
    expect(advancedButton(2, 1)).toEqual({ text: '重新认证', flag: 1 });
    expect(advancedButton(2, 0)).toEqual({ text: '重新认证', flag: 0 });
    expect(advancedButton(3, 1)).toEqual({ text: '认证中', flag: 0 });
  });

  it('reads the advanced status from companies.super and the newest order, an expired one not in progress', () => {
    const now = Date.parse('2026-05-01T08:00:00Z');
    const at = (min: number) => new Date(now + min * 60_000);
    expect(advancedStatusOf(0, null, now)).toBe(0);
    expect(advancedStatusOf(0, { state: 'WAITING', expiresAt: at(5) }, now)).toBe(3);
    expect(advancedStatusOf(0, { state: 'WAITING', expiresAt: at(0) }, now)).toBe(0);
    expect(advancedStatusOf(0, { state: 'EXPIRED', expiresAt: at(-5) }, now)).toBe(0);
    expect(advancedStatusOf(0, { state: 'REFUSED', expiresAt: at(-5) }, now)).toBe(2);
    expect(advancedStatusOf(1, { state: 'REFUSED', expiresAt: at(-5) }, now)).toBe(1);
    expect(advancedOrderState({ state: 'WAITING', expiresAt: at(-1) }, now)).toBe('EXPIRED');
    // the table: start from 0 or 2, resume only while in progress, nothing after passing
    expect([0, 1, 2, 3].map((s) => nextStatus(ADVANCED_MACHINE, { status: s }, 'start', 'main'))).toEqual([
      3,
      null,
      3,
      null,
    ]);
    expect([0, 1, 2, 3].map((s) => nextStatus(ADVANCED_MACHINE, { status: s }, 'resume', 'main'))).toEqual([
      null,
      null,
      null,
      3,
    ]);
  });

  it('offers upgrades by level', () => {
    expect(levelButtons('A').map((b) => b.operation)).toEqual(['AA', 'AAA']);
    expect(levelButtons('AAA').map((b) => b.operation)).toEqual(['AAA']);
  });
});
