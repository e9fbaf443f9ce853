/** Timestamps are stored in UTC and shown in Asia/Shanghai (UTC+8 all year, no daylight saving). */
const OFFSET_MS = 8 * 3600_000;

/** yyyy-MM-dd HH:mm:ss in Asia/Shanghai; '' for no time. */
export function shanghaiDateTime(d: Date | string | null | undefined): string {
  if (!d) return '';
  const t = new Date(d).getTime();
  if (Number.isNaN(t)) return '';
  return new Date(t + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
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
