/** Checksums of the mainland resident ID card (GB 11643) and the unified social credit code (GB 32100). */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The check character of the first 17 digits of an ID card number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

/** An 18-character ID card number with a real birth date and a matching check character. */
export function isIdCardNo(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(v)) return false;
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > Date.now())
    return false;
  return idCardCheckChar(v.slice(0, 17)) === v[17];
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a unified social credit code, or null when one is invalid. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const n = USCC_CHARS.indexOf(first17[i]);
    if (n < 0) return null;
    sum += n * USCC_WEIGHTS[i];
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31];
}

export function isCreditCode(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(v)) return false;
  return creditCodeCheckChar(v.slice(0, 17)) === v[17];
}

/** 110101********1234: the first 6 and last 4 characters shown. */
export function maskIdCard(value: string): string {
  return value.length < 10 ? value : value.slice(0, 6) + '*'.repeat(value.length - 10) + value.slice(-4);
}

/**
 * Sex and age (whole years on `today`, a yyyy-MM-dd date) of an 18-character ID number: the 17th digit is odd for a
 * man; the birth date is characters 7–14. Null when the number is not of that shape.
 */
export function idCardProfile(card: string, today: string): { sex: '男' | '女'; age: number } | null {
  const v = card.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(v) || !/^\d{4}-\d{2}-\d{2}$/.test(today)) return null;
  const [y, m, d] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)), Number(today.slice(8, 10))];
  const [by, bm, bd] = [Number(v.slice(6, 10)), Number(v.slice(10, 12)), Number(v.slice(12, 14))];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return { sex: Number(v[16]) % 2 === 1 ? '男' : '女', age: Math.max(0, age) };
}
