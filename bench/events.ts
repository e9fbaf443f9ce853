/**
 * The live notifications at scale (issue 29 § 1): one built server process on a scratch PostgreSQL database holds
 * `--streams` (10,000) idle GET /api/events streams, and `--receivers` (1,000) of them, the members of one company,
 * receive `--events` (50) company-wide events committed by this process, `--gap` ms apart.
 * Prints the server's resident memory before and with the streams open (and the rise per stream), and the time from
 * the commit of each event (taken as its transaction is about to commit) to its arrival on each receiving stream:
 * p50, p99 and max over every delivery, and how many arrived (each stream must receive each event once).
 * Accounts, companies and sessions are written with SQL; the streams are plain HTTP/1.1 connections, one socket each.
 * Usage: npm run bench:events [-- --streams 10000 --receivers 1000 --events 50 --gap 100]
 */
import http from 'node:http';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { publishEvent } from '../apps/server/src/modules/events/events.service';
import { arg, makeSessions, rssBytes, startBenchServer, useBuiltServer, withScratchDatabase } from './support';

const STREAMS = arg('streams', 10_000);
const RECEIVERS = Math.min(arg('receivers', 1_000), STREAMS);
const EVENTS = arg('events', 50);
const GAP_MS = arg('gap', 100);
/** members per company: the receivers' company first, the rest spread over companies of the same size */
const PER_COMPANY = RECEIVERS;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** `n` users, each a member of one of ceil(n / PER_COMPANY) companies; the users' ids and their company's. */
async function seedAccounts(c: pg.Client, n: number) {
  const companies = Math.ceil(n / PER_COMPANY);
  const co = await c.query<{ id: number }>(
    `insert into companies (name, type) select '事件压测公司' || g, 2 from generate_series(1, $1) g returning id`,
    [companies],
  );
  const us = await c.query<{ id: number }>(
    `insert into users (phone, password_hash, username)
     select '16' || lpad(g::text, 9, '0'), 'bench', '压测' || g from generate_series(1, $1) g returning id`,
    [n],
  );
  const userIds = us.rows.map((r) => r.id);
  const companyOf = userIds.map((_, i) => co.rows[Math.floor(i / PER_COMPANY)].id);
  await c.query(
    `insert into company_members (company_id, user_id, master, member_name)
     select c, u, 0, '成员' || u from unnest($1::int[], $2::int[]) as x(c, u)`,
    [companyOf, userIds],
  );
  return { userIds, companyOf, receiversCompany: co.rows[0].id };
}

type TStream = { req: http.ClientRequest; received: number; ready: boolean };

/** Opens one stream; `onEvent` gets each event's id and its arrival time. */
function openStream(base: URL, token: string, companyId: number, onEvent?: (id: number, at: number) => void) {
  return new Promise<TStream>((resolve, reject) => {
    const s: TStream = { req: null as unknown as http.ClientRequest, received: 0, ready: false };
    s.req = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: `/api/events?company_id=${companyId}`,
        agent: false,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk: string) => {
          const at = performance.now();
          if (!s.ready) {
            s.ready = true;
            resolve(s);
          }
          if (!onEvent) return;
          buf += chunk;
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const frame = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const m = /^id: (\d+)/m.exec(frame);
            if (m) {
              s.received++;
              onEvent(Number(m[1]), at);
            }
          }
        });
      },
    );
    s.req.on('error', reject);
  });
}

async function main() {
  await useBuiltServer();
  await withScratchDatabase('jizu_bench_events', async (dbUrl) => {
    const server = await startBenchServer(dbUrl);
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    const database = await openDatabase({ url: dbUrl, poolSize: 2 });
    try {
      const base = new URL(server.url);
      const { userIds, companyOf, receiversCompany } = await seedAccounts(admin, STREAMS);
      const tokens = await makeSessions(admin, userIds);
      await sleep(1000);
      const rssBefore = rssBytes(server.pid);

      const committedAt = new Map<number, number>();
      const latencies: number[] = [];
      const onEvent = (id: number, at: number) => {
        const t0 = committedAt.get(id);
        if (t0 !== undefined) latencies.push(at - t0);
      };
      const streams: TStream[] = [];
      const t = performance.now();
      // opened in batches: a burst of 10,000 connects at once would only measure the accept queue
      for (let i = 0; i < STREAMS; i += 200) {
        const batch = [];
        for (let k = i; k < Math.min(STREAMS, i + 200); k++)
          batch.push(openStream(base, tokens[k], companyOf[k], k < RECEIVERS ? onEvent : undefined));
        streams.push(...(await Promise.all(batch)));
      }
      const openSec = (performance.now() - t) / 1000;
      await sleep(3000);
      const rssWith = rssBytes(server.pid);
      console.log(`streams open: ${streams.length} in ${openSec.toFixed(1)} s (${RECEIVERS} of them in one company)`);
      console.log(
        `server RSS: ${mb(rssBefore)} MB before, ${mb(rssWith)} MB with the streams open: ` +
          `${((rssWith - rssBefore) / streams.length / 1024).toFixed(1)} KB per stream`,
      );

      for (let e = 0; e < EVENTS; e++) {
        await database.db.transaction(async (tx) => {
          const { id } = await publishEvent(tx, {
            type: 'order_submit',
            companyId: receiversCompany,
            link: '/rent-order',
            vars: { sn: `BENCH${e}` },
          });
          committedAt.set(id, performance.now());
        });
        await sleep(GAP_MS);
      }
      const expected = EVENTS * RECEIVERS;
      for (let i = 0; i < 100 && latencies.length < expected; i++) await sleep(100);
      const sorted = [...latencies].sort((a, b) => a - b);
      const idleGot = streams.slice(RECEIVERS).reduce((n, s) => n + s.received, 0);
      console.log(
        `delivered ${latencies.length} of ${expected} (${EVENTS} events × ${RECEIVERS} streams; ${idleGot} to the idle ones)`,
      );
      console.log(
        `commit → delivery: p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, ` +
          `max ${sorted[sorted.length - 1].toFixed(1)} ms`,
      );
      console.log(`server RSS after: ${mb(rssBytes(server.pid))} MB`);
      for (const s of streams) s.req.destroy();
      if (latencies.length !== expected || idleGot !== 0) process.exitCode = 1;
    } finally {
      await database.close();
      await admin.end();
      await server.stop();
    }
  });
}

await main();
