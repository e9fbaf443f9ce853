import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { loadConfig } from '../config';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { dumpPglite, openDatabase, type TDatabase } from '../db/client';
import { buildApp, type TBuildOptions } from '../app';
import { companies, companyMembers, users } from '../db/schema';
import { createSession } from '../platform/session';
import { TEMPLATE_PREFIX, createScratchDatabase } from './scratch-db';

/**
 * A fresh application per test file: in-memory PGlite, or a new database on the server of TEST_DATABASE_URL
 * (dropped at close). Nothing is shared between files. Each database starts as a copy of the worker's migrated
 * image (databaseImage), not by replaying every migration again; `image` starts it from another image instead (the
 * seeded demo, test/demo.ts), whose DATA_KEYS `env` must then repeat.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides?: TBuildOptions['overrides'],
  image: Promise<TImage> = databaseImage('migrated'),
) {
  const config = testConfig(env);
  let database: TDatabase;
  let dropDb: (() => Promise<void>) | null = null;
  const url = process.env.TEST_DATABASE_URL;
  const from = await image;
  if (url) {
    const scratch = await createScratchDatabase(url, 'jizu_t', from.template);
    database = await openDatabase({ url: scratch.url, poolSize: 10 });
    dropDb = scratch.drop;
  } else {
    database = await openDatabase({ dataDir: null, loadDataDir: from.pglite });
  }
  const app = await buildApp({ config, database, overrides, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
      if (dropDb) await dropDb();
    },
  };
}

/** A test app's configuration; a data key of its own per test app unless `env` gives DATA_KEYS: tests never write a key file. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMS_DEV_CODE: '123456',
    SEED_DEMO: '0',
    DATA_KEYS: randomBytes(32).toString('base64'),
    ...env,
  });
}

/** What a test database starts from: a PGlite dump, or a PostgreSQL database to copy (none: an empty database). */
export interface TImage {
  pglite?: Blob;
  template?: string;
}
const images = new Map<string, Promise<TImage>>();

/**
 * A database image: `migrated`, an empty database with the committed migrations applied by the real migrator, made
 * once per run by the project's global set-up (src/test/global-setup.ts, JIZU_TEST_IMAGE), or else once per worker
 * process; or `name`, filled by `fill` from the image `base`, once per worker process (the API project runs its
 * files in one module graph per worker, isolate: false). Every database made from an image is a copy, and
 * openDatabase still runs the migrator on it (which then finds nothing to apply). On PostgreSQL an image is a
 * database nobody connects to, copied by CREATE DATABASE … TEMPLATE and dropped by the global teardown, which also
 * names the run (JIZU_TEST_RUN); without that name the databases start empty and migrate one by one.
 */
export function databaseImage(
  name: string,
  fill?: (db: TDatabase['db']) => Promise<void>,
  base = 'migrated',
): Promise<TImage> {
  let image = images.get(name);
  if (!image) {
    image = makeImage(name, fill, name === 'migrated' ? undefined : base);
    images.set(name, image);
    // a failed image fails the files that asked for it, and the next file tries again
    image.catch(() => images.delete(name));
  }
  return image;
}

async function makeImage(
  name: string,
  fill: ((db: TDatabase['db']) => Promise<void>) | undefined,
  base: string | undefined,
): Promise<TImage> {
  const url = process.env.TEST_DATABASE_URL;
  const given = process.env.JIZU_TEST_IMAGE;
  if (name === 'migrated' && given) return url ? { template: given } : { pglite: new Blob([fs.readFileSync(given)]) };
  const from = base ? await databaseImage(base) : {};
  const run = process.env.JIZU_TEST_RUN;
  if (url) {
    if (!run) {
      if (fill) throw new Error('a filled database image needs JIZU_TEST_RUN (src/test/global-setup.ts)');
      return {};
    }
    const template = `${TEMPLATE_PREFIX}${run}_${process.pid}_${name}`;
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${template}${from.template ? ` TEMPLATE ${from.template}` : ''}`);
    } finally {
      await admin.end();
    }
    const u = new URL(url);
    u.pathname = `/${template}`;
    const database = await openDatabase({ url: u.toString(), poolSize: 2 });
    try {
      await fill?.(database.db);
    } finally {
      await database.close();
    }
    return { template };
  }
  const database = await openDatabase({ dataDir: null, loadDataDir: from.pglite });
  try {
    await fill?.(database.db);
    return { pglite: await dumpPglite((database.db as unknown as { $client: PGlite }).$client) };
  } finally {
    await database.close();
  }
}

let seq = 0;
/** A unique mobile number for a test user. */
export function testPhone(): string {
  seq += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(seq).padStart(4, '0')}`;
}

/**
 * A user with a personal company and a session, written straight to the database so that tests of other modules do
 * not depend on the auth module. Returns the bearer token.
 */
export async function seedUser(
  db: TDatabase['db'],
  opts: { phone?: string; password?: string; role?: string; name?: string; companyName?: string } = {},
) {
  const phone = opts.phone ?? testPhone();
  const [user] = await db
    .insert(users)
    .values({
      phone,
      passwordHash: await hash(opts.password ?? 'Test@2026'),
      username: opts.name ?? `用户${phone.slice(-4)}`,
      role: opts.role ?? 'user',
    })
    .returning();
  const [company] = await db
    .insert(companies)
    .values({
      name: opts.companyName ?? `个人用户 ${phone.slice(0, 3)}****${phone.slice(-4)}`,
      type: opts.companyName ? 2 : 1,
    })
    .returning();
  const [member] = await db
    .insert(companyMembers)
    .values({ companyId: company.id, userId: user.id, master: 1, memberName: user.username })
    .returning();
  const { token } = await createSession(db, user.id, { ip: '127.0.0.1', userAgent: 'test', days: 1 });
  return { user, company, member, token, phone, auth: { authorization: `Bearer ${token}` } };
}

/** Adds an existing user to a company as a sub-user (master 0) with the given menu grants. */
export async function addMember(
  db: TDatabase['db'],
  companyId: number,
  userId: number,
  opts: { master?: 0 | 1; status?: 0 | 1; name?: string; menus?: number[] } = {},
) {
  const { memberMenus } = await import('../db/schema');
  const [member] = await db
    .insert(companyMembers)
    .values({
      companyId,
      userId,
      master: opts.master ?? 0,
      status: opts.status ?? 1,
      memberName: opts.name ?? `成员${userId}`,
    })
    .returning();
  if (opts.menus?.length)
    await db.insert(memberMenus).values(opts.menus.map((menuId) => ({ memberId: member.id, menuId })));
  return member;
}

/** A multipart body built by the platform's own FormData encoder (what a browser sends for an upload). */
export async function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const fd = new FormData();
  for (const p of parts) {
    if (typeof p.value === 'string' && !p.filename) fd.append(p.name, p.value);
    else
      fd.append(
        p.name,
        new Blob([typeof p.value === 'string' ? p.value : new Uint8Array(p.value)], {
          type: p.type ?? 'application/octet-stream',
        }),
        p.filename ?? 'file',
      );
  }
  const req = new Request('http://local/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

/** Every row of a table as JSON text, straight from SQL: what a copy of the database would show. */
export async function tableText(db: TDatabase['db'], table: string): Promise<string> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table name ${table}`);
  const res = (await db.execute(sql.raw(`select row_to_json(t)::text as r from ${table} t`))) as unknown as {
    rows: { r: string }[];
  };
  return res.rows.map((r) => r.r).join('\n');
}

/**
 * Records the statements the driver sends from now on (both drivers' clients answer query(): the pool's and PGlite's
 * are what Drizzle and the session lookup call): `take()` answers those since the last take.
 */
export function captureStatements(db: TDatabase['db']) {
  let seen: string[] = [];
  const client = (db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  client.query = (...a: unknown[]) => {
    const q = a[0] as string | { text: string };
    seen.push(typeof q === 'string' ? q : q.text);
    return query(...a);
  };
  return {
    take() {
      const out = seen;
      seen = [];
      return out;
    },
  };
}
