import { describe, expect, it } from 'vitest';
import { shanghaiDate, shanghaiDateTime, shanghaiMidnight } from './datetime';

const viaIso = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('Asia/Shanghai times', () => {
  it('writes yyyy-MM-dd HH:mm:ss at UTC+8, as toISOString would, for dates and their text', () => {
    expect(shanghaiDateTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(shanghaiDateTime('2026-03-01T15:59:59.999Z')).toBe('2026-03-01 23:59:59');
    expect(shanghaiDateTime('2024-02-28T16:00:00Z')).toBe('2024-02-29 00:00:00');
    expect(shanghaiDate(new Date('2026-11-25T17:30:00Z'))).toBe('2026-11-26');
    for (let t = Date.UTC(1969, 11, 31); t < Date.UTC(2101, 0, 1); t += 7_777_777_777 / 97) {
      expect(shanghaiDateTime(new Date(t))).toBe(viaIso(t));
      expect(shanghaiDateTime(new Date(t).toISOString())).toBe(viaIso(t));
    }
  });

  it('answers nothing for no time or a time that is not one, and keeps five-digit years as toISOString does', () => {
    for (const v of [null, undefined, '', 'not a date']) expect(shanghaiDateTime(v)).toBe('');
    expect(shanghaiDateTime(new Date(Number.NaN))).toBe('');
    const far = Date.UTC(10000, 0, 1);
    expect(shanghaiDateTime(new Date(far))).toBe(viaIso(far));
  });

  it('starts the day at midnight in Shanghai', () => {
    expect(shanghaiMidnight(Date.parse('2026-11-25T17:30:00Z')).toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(shanghaiMidnight(Date.parse('2026-11-25T15:59:59Z')).toISOString()).toBe('2026-11-24T16:00:00.000Z');
  });
});
