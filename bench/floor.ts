/**
 * The floor of the stack (ARCHITECTURE § Speed): a bare Fastify + `pg` route answering one indexed one-row SELECT from
 * the same database as the app, with the app's pool size. Not part of the app: `npm run bench` starts it in its own
 * process beside the app and measures it in the same run, so every call is reported as a share of it.
 * Usage (by the bench): DATABASE_URL=… PORT=… tsx bench/floor.ts
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20, options: '-c TimeZone=UTC' });
pool.on('error', () => undefined);
const app = Fastify({ logger: false });

app.get('/floor', async () => {
  const { rows } = await pool.query('select id, phone, username from users where id = $1', [1]);
  return { status: 1, msg: 'ok', data: rows[0] ?? null };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
