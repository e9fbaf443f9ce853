import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { jobRuns } from './jobs.tables';
import { isDependencyDown } from './dependency';
import { countJobRun } from './metrics';

/** A periodic piece of upkeep. Each run must be safe to repeat and safe to run on several servers at once. */
export interface TJob {
  name: string;
  everyMs: number;
  /** what it did, for the log (0: nothing) */
  run: () => Promise<number>;
}

export interface TJobOptions {
  /** how often each process asks whether a job is due; the run starts at most this late (capped at the job's period) */
  pollMs?: number;
  /** who claims, written to job_runs.last_owner; default host:pid:random */
  owner?: string;
}

/** This process's name in job_runs: unique even for two processes of one host that reuse a pid. */
export const processOwner = () => `${os.hostname().slice(0, 80)}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Claims the current period of a job for `owner`: one statement that creates the job's row or moves its `next_run_at`
 * forward by one period, only when it is due (`next_run_at <= now()`, the database's clock). Of any number of
 * processes asking at once, exactly one gets the run number back; the others get null until the next period.
 */
export async function claimJob(db: Executor, name: string, everyMs: number, owner: string): Promise<number | null> {
  const next = sql`now() + (${everyMs}::float8 * interval '1 millisecond')`;
  const rows = await db
    .insert(jobRuns)
    .values({ name, nextRunAt: next, lastStartedAt: sql`now()`, lastOwner: owner, runs: 1 })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: {
        nextRunAt: next,
        lastStartedAt: sql`now()`,
        lastFinishedAt: null,
        lastOwner: owner,
        lastResult: '',
        runs: sql`${jobRuns.runs} + 1`,
      },
      setWhere: sql`${jobRuns.nextRunAt} <= now()`,
    })
    .returning({ runs: jobRuns.runs });
  return rows[0]?.runs ?? null;
}

/** Records how the claimed run ended (unless a later run was claimed meanwhile: then that one's row is kept). */
async function finishJob(db: Executor, name: string, run: number, result: string) {
  await db
    .update(jobRuns)
    .set({ lastFinishedAt: sql`now()`, lastResult: result.slice(0, 500) })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.runs, run)));
}

/**
 * Runs each job once per `everyMs` across all processes on the database: every process asks every `pollMs` (and at
 * start) whether the job is due and runs it only when it claimed the period (claimJob). A restart does not run the
 * jobs again before their period is over. In this process a job never runs twice at once. The jobs only catch up on
 * what reads already settle (an expired order reads as closed anyway), so a missed or late run is late, never wrong.
 */
export function startJobs(
  jobs: TJob[],
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  db: Executor,
  opts: TJobOptions = {},
): () => void {
  const owner = opts.owner ?? processOwner();
  let stopped = false;
  // While the database is away every poll of every job fails the same way: say so once, and once when it is back.
  let away = false;
  const claimFailed = (err: unknown, job: string) => {
    if (!isDependencyDown(err)) return log.error({ err, job }, 'job claim failed');
    if (!away) log.error({ err, job }, 'jobs paused: the database is not reachable');
    away = true;
  };
  const timers = jobs.map((job) => {
    let running = false;
    const attempt = async () => {
      let run: number | null;
      try {
        run = await claimJob(db, job.name, job.everyMs, owner);
      } catch (err) {
        claimFailed(err, job.name);
        return;
      }
      if (away) {
        away = false;
        log.info({ job: job.name }, 'jobs resumed: the database is reachable again');
      }
      if (run === null) return;
      let result: string;
      try {
        const n = await job.run();
        if (n) log.info({ job: job.name, n }, 'job done');
        result = `ok ${n}`;
        countJobRun(job.name, 'ok');
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed');
        result = `failed: ${err instanceof Error ? err.message : String(err)}`;
        countJobRun(job.name, 'failed');
      }
      await finishJob(db, job.name, run, result).catch((err: unknown) =>
        log.error({ err, job: job.name }, 'job result not recorded'),
      );
    };
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      await attempt().finally(() => {
        running = false;
      });
    };
    void tick();
    const t = setInterval(() => void tick(), Math.max(1, Math.min(job.everyMs, opts.pollMs ?? 5_000)));
    t.unref();
    return t;
  });
  return () => {
    stopped = true;
    timers.forEach(clearInterval);
  };
}
