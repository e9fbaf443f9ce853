import fs from 'node:fs';
import pg from 'pg';

/** A numeric command-line option `--name N`, or its default. */
export const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

/** A text command-line option `--name value`, or null. */
export const argText = (name: string): string | null => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : null);

/** The database server the benchmarks create their scratch databases on. */
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * CPU time a process has used so far, in µs, from /proc (Linux; zeros elsewhere): steadier than req/s on a shared
 * machine, since time spent waiting for the other processes does not count.
 */
export function cpuUs(pid: number): { user: number; system: number } {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = f.slice(f.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
    return { user: (utime * 1e6) / 100, system: (stime * 1e6) / 100 }; // USER_HZ is 100 on Linux
  } catch {
    return { user: 0, system: 0 };
  }
}

/** Runs `fn` on a fresh database `name` on the server of BENCH_DATABASE_URL (recreated, and dropped afterwards). */
export async function withScratchDatabase<T>(name: string, fn: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** The demo tenant's session token on a running server (the benchmarks call as the pages do). */
export async function loginDemoTenant(url: string): Promise<string> {
  const r = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '13800000001', password: 'Demo@2026' }) });
  const j = (await r.json()) as { status: number; msg: string; data: { token: string } };
  if (j.status !== 1) throw new Error(`login failed: ${j.msg}`);
  return j.data.token;
}
