/** Timestamps are stored in UTC and shown in Asia/Shanghai (UTC+8 all year, no daylight saving). */
const OFFSET_MS = 8 * 3600_000;

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

/** The start of today in Asia/Shanghai, as an instant: daily limits count from here. */
export function shanghaiMidnight(now = Date.now()): Date {
  const day = Math.floor((now + OFFSET_MS) / 86400_000) * 86400_000;
  return new Date(day - OFFSET_MS);
}
