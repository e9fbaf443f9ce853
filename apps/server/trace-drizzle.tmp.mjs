import fs from 'node:fs';
import { PgDatabase } from 'drizzle-orm/pg-core';
const counts = new Map();
for (const m of ['select', 'insert', 'update', 'delete', 'execute', 'transaction']) {
  const orig = PgDatabase.prototype[m];
  PgDatabase.prototype[m] = function (...a) {
    const st = (new Error().stack ?? '').split('\n').slice(2).filter((l) => l.includes('/apps/server/') && !l.includes('trace-drizzle') && !l.includes('db/prepared.ts') && !l.includes('db/json-rows.ts')).slice(0, 2).map((l) => l.trim().replace(/\(.*src\//, '(').replace(/^at /, '')).join(' < ');
    const k = `${m}: ${st}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
    return orig.apply(this, a);
  };
}
process.on('exit', () => fs.writeFileSync(`/tmp/tr/drizzle-${process.pid}.txt`, [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`).join('\n')));
