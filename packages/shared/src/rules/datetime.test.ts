import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  lastDayOfMonth,
  dayEnd,
  dayStart,
  isCalendarDate,
  shanghaiDate,
  shanghaiDateTime,
  shanghaiDay,
  shanghaiInstant,
  shanghaiMidnight,
  shanghaiRfc3339,
} from './datetime';

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

describe('Shanghai days', () => {
  const at = Date.parse('2026-11-25T17:30:00Z'); // 01:30 on the 26th in Shanghai

  it('counts days from today in Shanghai', () => {
    expect(shanghaiDay(0, at)).toBe('2026-11-26');
    expect(shanghaiDay(-1, at)).toBe('2026-11-25');
    expect(shanghaiDay(6, at)).toBe('2026-12-02');
    expect(shanghaiDay(0, Date.parse('2026-11-25T15:59:59Z'))).toBe('2026-11-25');
  });

  it('bounds a day by its first and last instants in Shanghai', () => {
    expect(dayStart('2026-11-26').toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(dayEnd('2026-11-26').toISOString()).toBe('2026-11-26T15:59:59.999Z');
    expect(dayStart('2026-11-26').getTime()).toBe(shanghaiMidnight(at).getTime());
  });

  it('reads and writes Shanghai wall times', () => {
    expect(shanghaiInstant('2026-05-01 10:34:56').toISOString()).toBe('2026-05-01T02:34:56.000Z');
    expect(shanghaiInstant('2026-05-01T10:34:56').toISOString()).toBe('2026-05-01T02:34:56.000Z');
    expect(shanghaiRfc3339(new Date('2026-05-01T02:34:56.789Z'))).toBe('2026-05-01T10:34:56+08:00');
  });

  it('adds days to a calendar date and knows a real one', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    for (const s of ['2026-02-28', '2024-02-29']) expect(isCalendarDate(s)).toBe(true);
    for (const s of ['2026-02-29', '2026-2-3', '2026-13-01', '', 'x', '2026-02-28 '])
      expect(isCalendarDate(s)).toBe(false);
  });
});

describe('calendar arithmetic', () => {
  it('counts days between dates and finds the end of a month', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
    expect(lastDayOfMonth('2024-02')).toBe('2024-02-29');
    expect(lastDayOfMonth('2026-12')).toBe('2026-12-31');
  });
});
