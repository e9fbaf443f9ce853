/**
 * Dates and times in Asia/Shanghai: the one place that knows its offset (UTC+8 all year, no daylight saving).
 * Timestamps are stored in UTC and shown here; a date field (yyyy-MM-dd) is a Shanghai calendar day. Server and web
 * both read this module; eslint.config.js (jizu/no-shanghai-offset) fails on a hand-written offset anywhere else.
 */
const OFFSET_MS = 8 * 3600_000;
const OFFSET_TEXT = '+08:00';
const DAY_MS = 86_400_000;

const p2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * yyyy-MM-dd HH:mm:ss in Asia/Shanghai; '' for no time. Written from the parts rather than through toISOString (a
 * third of the time; every list formats a few per row), the same text for every four-digit year.
 */
export function shanghaiDateTime(d: Date | string | null | undefined): string {
  if (!d) return '';
  const t = typeof d === 'string' ? Date.parse(d) : d.getTime();
  if (Number.isNaN(t)) return '';
  const x = new Date(t + OFFSET_MS);
  const y = x.getUTCFullYear();
  if (y < 1000 || y > 9999) return x.toISOString().slice(0, 19).replace('T', ' ');
  return `${y}-${p2(x.getUTCMonth() + 1)}-${p2(x.getUTCDate())} ${p2(x.getUTCHours())}:${p2(x.getUTCMinutes())}:${p2(x.getUTCSeconds())}`;
}

/** yyyy-MM-dd in Asia/Shanghai. */
export function shanghaiDate(d: Date | string | null | undefined): string {
  return shanghaiDateTime(d).slice(0, 10);
}

/** The Shanghai day `offset` days from today (0 today, -1 yesterday), yyyy-MM-dd. */
export function shanghaiDay(offset = 0, now = Date.now()): string {
  return new Date(now + OFFSET_MS + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The start of today in Asia/Shanghai, as an instant: daily limits count from here. */
export function shanghaiMidnight(now = Date.now()): Date {
  const day = Math.floor((now + OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(day - OFFSET_MS);
}

/** The instant a Shanghai day (yyyy-MM-dd) starts: a date filter's lower bound. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00${OFFSET_TEXT}`);
}

/** The last millisecond of a Shanghai day (yyyy-MM-dd): a date filter's upper bound, a deadline's end. */
export function dayEnd(day: string): Date {
  return new Date(`${day}T23:59:59.999${OFFSET_TEXT}`);
}

/** The instant of a Shanghai wall time written `yyyy-MM-dd HH:mm:ss` (or with a `T`). */
export function shanghaiInstant(wallTime: string): Date {
  return new Date(`${wallTime.replace(' ', 'T')}${OFFSET_TEXT}`);
}

/** RFC 3339 with the Shanghai offset, to the second (2026-05-01T10:34:56+08:00), as some payment channels write times. */
export function shanghaiRfc3339(d: Date): string {
  return `${new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 19)}${OFFSET_TEXT}`;
}

/** A calendar date (yyyy-MM-dd) `n` days after `day` (before it for a negative n). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whether `s` is a real calendar date written yyyy-MM-dd (not 2026-02-30, not 2026-2-3). */
export function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Days from one calendar date (yyyy-MM-dd) to another: 0 for the same day, negative when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The last day (yyyy-MM-dd) of a month written yyyy-MM. */
export function lastDayOfMonth(month: string): string {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
}
