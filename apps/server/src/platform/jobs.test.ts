import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobRuns } from '../db/schema';
import { createTestApp } from '../test/harness';
import { claimJob, startJobs } from './jobs';

// PGlite in memory, or a database of its own on TEST_DATABASE_URL's server (real concurrent connections there).
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rowOf = async (name: string) => (await t.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];
/** Makes the job due now, as if its period had passed. */
const makeDue = (name: string) =>
  t.db
    .update(jobRuns)
    .set({ nextRunAt: sql`now()` })
    .where(eq(jobRuns.name, name));
const until = async (what: () => Promise<boolean> | boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
};

describe('claimJob', () => {
  it('of two claimers of a due period exactly one wins; nobody wins again before the period is over', async () => {
    const name = `claim-${Math.random()}`;
    const first = await Promise.all([claimJob(t.db, name, 60_000, 'A'), claimJob(t.db, name, 60_000, 'B')]);
    expect(first.filter((r) => r !== null)).toEqual([1]);
    let row = await rowOf(name);
    expect(row).toMatchObject({ runs: 1, lastOwner: first[0] === 1 ? 'A' : 'B', lastResult: '' });
    const ahead = row.nextRunAt.getTime() - row.lastStartedAt!.getTime();
    expect(ahead).toBe(60_000);

    // not due: neither claims
    expect(await Promise.all([claimJob(t.db, name, 60_000, 'A'), claimJob(t.db, name, 60_000, 'B')])).toEqual([
      null,
      null,
    ]);
    expect((await rowOf(name)).runs).toBe(1);

    // the period is over: of many claimers at once, one wins
    await makeDue(name);
    const second = await Promise.all(Array.from({ length: 8 }, (_, i) => claimJob(t.db, name, 60_000, `P${i}`)));
    expect(second.filter((r) => r !== null)).toEqual([2]);
    row = await rowOf(name);
    expect(row.runs).toBe(2);
    expect(row.lastOwner).toBe(`P${second.indexOf(2)}`);
  });
});

describe('startJobs', () => {
  it('two processes on one database run a job once per period between them', async () => {
    const name = `two-${Math.random()}`;
    const starts: { who: string }[] = [];
    const job = (who: string) => ({ name, everyMs: 400, run: async () => (starts.push({ who }), 0) });
    const log = { info: vi.fn(), error: vi.fn() };
    const began = Date.now();
    // both poll every 20 ms, so each would run ~100 times in the 2 s if it did not claim first
    const stopA = startJobs([job('A')], log, t.db, { pollMs: 20, owner: 'A' });
    const stopB = startJobs([job('B')], log, t.db, { pollMs: 20, owner: 'B' });
    await sleep(2_000);
    stopA();
    stopB();
    await sleep(100); // a claim under way when they stopped has finished
    const elapsed = Date.now() - began;
    expect(log.error).not.toHaveBeenCalled();
    // one run at start and one per 400 ms after it (by the database's clock): about 5 in the 2 s, never more than
    // elapsed / 400 + 1 — unclaimed, the two would have run about 200 times
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts.length).toBeLessThanOrEqual(Math.floor(elapsed / 400) + 1);
    const row = await rowOf(name);
    expect(row.runs).toBe(starts.length);
    expect(row.lastOwner).toBe(starts[starts.length - 1].who);
    expect(row.lastResult).toBe('ok 0');
  });

  it('never runs one job twice at once in a process, records results and failures, and stops', async () => {
    const slowName = `slow-${Math.random()}`;
    const failName = `failing-${Math.random()}`;
    const log = { info: vi.fn(), error: vi.fn() };
    let release: () => void = () => {};
    let runs = 0;
    const slow = {
      name: slowName,
      everyMs: 50,
      run: () => new Promise<number>((r) => ((runs += 1), (release = () => r(2)))),
    };
    const failing = { name: failName, everyMs: 60_000, run: () => Promise.reject(new Error('boom')) };
    const stop = startJobs([slow, failing], log, t.db, { pollMs: 10, owner: 'me' });
    await until(() => runs === 1);
    await sleep(300); // due again several times, but still running: skipped
    expect(runs).toBe(1);
    expect((await rowOf(slowName)).runs).toBe(1);
    release();
    await until(() => runs === 2);
    expect(log.info).toHaveBeenCalledWith({ job: slowName, n: 2 }, 'job done');
    await until(async () => (await rowOf(failName))?.lastResult === 'failed: boom');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: failName }), 'job failed');
    expect((await rowOf(failName)).lastFinishedAt).not.toBeNull();
    stop();
    release();
    await until(async () => (await rowOf(slowName)).lastResult === 'ok 2');
    await sleep(200);
    expect(runs).toBe(2);
    expect((await rowOf(slowName)).runs).toBe(2);
  });

  it('while the database is away, says so once (not at every poll of every job), and once when it is back', async () => {
    const name = `away-${Math.random()}`;
    let refusals = 6;
    // the job's claims fail as a refused connection would, then the database answers again
    const db = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'insert' && refusals > 0) {
          refusals -= 1;
          return () => {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    let runs = 0;
    const log = { info: vi.fn(), error: vi.fn() };
    const stop = startJobs([{ name, everyMs: 60_000, run: async () => ((runs += 1), 1) }], log, db, { pollMs: 10 });
    await until(() => runs === 1);
    stop();
    expect(refusals).toBe(0);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: name }),
      'jobs paused: the database is not reachable',
    );
    expect(log.info).toHaveBeenCalledWith({ job: name }, 'jobs resumed: the database is reachable again');
  });

  it('does not run a job again at a restart before its period is over', async () => {
    const name = `restart-${Math.random()}`;
    let runs = 0;
    const job = { name, everyMs: 60_000, run: async () => ((runs += 1), 1) };
    const log = { info: vi.fn(), error: vi.fn() };
    let stop = startJobs([job], log, t.db, { pollMs: 10 });
    await until(() => runs === 1);
    stop();
    stop = startJobs([job], log, t.db, { pollMs: 10 });
    await sleep(200);
    stop();
    expect(runs).toBe(1);
  });
});
