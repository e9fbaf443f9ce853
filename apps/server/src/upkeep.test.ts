import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobRuns, sessions } from './db/schema';
import { createTestApp, seedUser } from './test/harness';
import { createSession, sha256 } from './platform/session';
import { startJobs } from './platform/jobs';
import { deleteExpiredSessions } from './modules/auth/auth.repo';
import { JOB, upkeepJobs } from './upkeep';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const client = { ip: '127.0.0.1', userAgent: 'test', days: 1 };
/** A session whose expiry passed `agoMs` ago (written as the database would hold it a day later). */
async function expiredSession(userId: number, agoMs: number) {
  const s = await createSession(t.db, userId, client);
  await t.db
    .update(sessions)
    .set({ expiresAt: sql`now() - ${agoMs}::float8 * interval '1 millisecond'` })
    .where(eq(sessions.tokenHash, sha256(s.token)));
  return s.token;
}
const rowsOf = async (tokens: string[]) =>
  (
    await t.db
      .select({ h: sessions.tokenHash })
      .from(sessions)
      .where(inArray(sessions.tokenHash, tokens.map(sha256)))
  ).map((r) => r.h);
const info = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/index/info', headers: { authorization: `Bearer ${token}` } });

describe('the upkeep job that deletes expired sessions', () => {
  it('runs through the jobs mechanism: expired sessions are gone, live ones stay and still work', async () => {
    const a = await seedUser(t.db);
    const b = await seedUser(t.db);
    const live = [(await createSession(t.db, a.user.id, client)).token, b.token];
    const expired = [
      await expiredSession(a.user.id, 1),
      await expiredSession(a.user.id, 86_400_000),
      await expiredSession(b.user.id, 30 * 86_400_000),
    ];
    expect((await rowsOf(expired)).length).toBe(3);
    // an expired session is refused before the job as after it
    expect((await info(expired[0])).statusCode).toBe(401);

    const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
    const job = upkeepJobs({
      db: t.db,
      channels: t.app.deps.payments,
      reconcileAfterSeconds: 60,
      notifyUrl: 'http://127.0.0.1:9/none',
      log,
    }).find((j) => j.name === JOB.purgeSessions);
    expect(job, 'the purge is one of the server jobs').toBeDefined();
    expect(job!.everyMs).toBeLessThanOrEqual(86_400_000);
    const stop = startJobs([job!], log, t.db, { pollMs: 20, owner: 'upkeep-test' });
    try {
      const end = Date.now() + 10_000;
      for (;;) {
        const [row] = await t.db.select().from(jobRuns).where(eq(jobRuns.name, JOB.purgeSessions));
        if (row?.lastFinishedAt) {
          // other files' sessions are not in this database: exactly the three expired ones went
          expect(row.lastResult).toBe('ok 3');
          break;
        }
        if (Date.now() > end) throw new Error('the job did not run');
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      stop();
    }
    expect(log.error).not.toHaveBeenCalled();
    expect(await rowsOf(expired)).toEqual([]);
    expect((await rowsOf(live)).sort()).toEqual(live.map(sha256).sort());
    for (const token of live) expect((await info(token)).json()).toMatchObject({ status: 1 });
  });

  it('deletes in batches until none is left, and nothing when none is due', async () => {
    const u = await seedUser(t.db);
    const expired = await Promise.all(Array.from({ length: 7 }, (_, i) => expiredSession(u.user.id, (i + 1) * 1000)));
    const live = (await createSession(t.db, u.user.id, client)).token;
    expect(await deleteExpiredSessions(t.db, 3)).toBe(7);
    expect(await rowsOf(expired)).toEqual([]);
    expect(await rowsOf([live, u.token])).toHaveLength(2);
    expect(await deleteExpiredSessions(t.db, 3)).toBe(0);
    expect(await rowsOf([live, u.token])).toHaveLength(2);
  });
});
