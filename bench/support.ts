import fs from 'node:fs';

/** A numeric command-line option `--name N`, or its default. */
export const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

/** A text command-line option `--name value`, or null. */
export const argText = (name: string): string | null => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : null);

/** The database server the benchmarks create their scratch databases on. */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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
