import { randomInt } from 'node:crypto';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';

/** A business number: a prefix, the Asia/Shanghai time to the second and 6 random digits (XJ20261123153012 482193). */
export function makeSn(prefix: string, now = Date.now()): string {
  const t = shanghaiDateTime(new Date(now)).replace(/\D/g, '');
  // six random digits: numbers made in the same second (a demo seed makes dozens) collide once in a million pairs,
  // not once in ten thousand (the demo's settlements did, and the server failed to start)
  return `${prefix}${t}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
