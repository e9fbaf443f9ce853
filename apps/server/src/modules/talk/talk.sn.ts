import { randomInt } from 'node:crypto';

/** A business number: a prefix, the Asia/Shanghai time to the second and 4 random digits (XJ20261123153012 4821). */
export function makeSn(prefix: string, now = Date.now()): string {
  const t = new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${t}${String(randomInt(0, 10000)).padStart(4, '0')}`;
}
