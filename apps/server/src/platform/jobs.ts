import type { FastifyBaseLogger } from 'fastify';

/** A periodic piece of upkeep. Each run must be safe to repeat and safe to run on several servers at once. */
export interface TJob {
  name: string;
  everyMs: number;
  /** what it did, for the log (0: nothing) */
  run: () => Promise<number>;
}

/**
 * Runs each job once at start and then every `everyMs`, never two runs of one job at once in this process. The
 * jobs only catch up on what reads already settle (an expired order reads as closed anyway), so a missed run is late,
 * never wrong.
 */
export function startJobs(jobs: TJob[], log: Pick<FastifyBaseLogger, 'error' | 'info'>): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      job
        .run()
        .then((n) => n && log.info({ job: job.name, n }, 'job done'))
        .catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'))
        .finally(() => {
          running = false;
        });
    };
    tick();
    const t = setInterval(tick, job.everyMs);
    t.unref();
    return t;
  });
  return () => timers.forEach(clearInterval);
}
