import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per periodic job, shared by every server process: a process runs a job only after it has moved
 * `next_run_at` forward by compare-and-set, so each period is claimed by exactly one process.
 */
export const jobRuns = pgTable('job_runs', {
  name: varchar('name', { length: 100 }).primaryKey(),
  /** the job is due again from this moment (the database's clock) */
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** the process that claimed the last run (host:pid:random) */
  lastOwner: varchar('last_owner', { length: 120 }).notNull().default(''),
  /** 'ok <n>' or 'failed: <message>' of the last finished run */
  lastResult: text('last_result').notNull().default(''),
  /** runs claimed so far, all processes together */
  runs: integer('runs').notNull().default(0),
});
