import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, type TDatabase } from '../db/client';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { seedUser } from '../test/harness';
import {
  BackupError,
  embeddedDataDir,
  removeServerNote,
  restoreBackup,
  runningServer,
  serverNoteFile,
  writeBackup,
  writeServerNote,
} from './backup';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-backup-test-'));

/** Every file under `dir` with its bytes' length and first bytes: a snapshot to prove that nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = fs.readFileSync(p).toString('base64');
    }
  };
  walk(dir);
  return out;
}

describe('backup refuses PostgreSQL', () => {
  it('points to pg_dump when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://jizu@127.0.0.1:5432/jizu',
      DATA_DIR: path.join(os.tmpdir(), 'jizu-backup-never-made'),
    });
    expect(() => embeddedDataDir(config)).toThrow(BackupError);
    expect(() => embeddedDataDir(config)).toThrow(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump, and DATA_DIR/uploads beside it (README § Going to production, Backups).',
    );
  });
});

// The embedded database on disk: the same on both runs of the suite, so only on the PGlite one.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('npm run backup / npm run restore (embedded database)', () => {
  // made in beforeAll: a describe skipped on the PostgreSQL run leaves no folders behind
  let dataDir = '';
  let out = '';
  let config: ReturnType<typeof loadConfig>;
  let upload = '';
  const token = randomBytes(32).toString('base64url');
  const uploadBytes = randomBytes(2048);
  let database: TDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url = '';
  let userId = 0;
  let keyBefore = '';

  beforeAll(async () => {
    dataDir = tmp();
    out = tmp();
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: '0', DATA_DIR: dataDir });
    upload = path.join(dataDir, 'uploads/avatar/2026/01/before.jpg');
    // the server as main.ts runs it: its note, the database on disk, the endpoint with its token, listening
    writeServerNote(dataDir);
    database = await openDatabase({ dataDir });
    app = await buildApp({ config, database, logger: false, backupToken: token });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    writeServerNote(dataDir, { url, token });
    const { user } = await seedUser(database.db, { name: '备份前的名字' });
    userId = user.id;
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    fs.writeFileSync(upload, uploadBytes);
    // the development key file, made by the server's start (routes that encrypt load it)
    keyBefore = fs.readFileSync(config.dataKeyFile, 'utf8');
  });

  afterAll(async () => {
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it('answers the endpoint only to the token of DATA_DIR/server.json, from this machine', async () => {
    const wrong = await fetch(`${url}/api/ops/backup`, {
      method: 'POST',
      headers: { 'x-backup-token': randomBytes(32).toString('base64url') },
    });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ status: 0, msg: '请求的接口不存在' });
    const none = await fetch(`${url}/api/ops/backup`, { method: 'POST' });
    expect(none.status).toBe(404);
    // the right token from another machine (through a proxy in front, say)
    const remote = await app.inject({
      method: 'POST',
      url: '/api/ops/backup',
      headers: { 'x-backup-token': token },
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.headers['content-type']).toMatch(/json/);
    // not in the API document
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.body).not.toContain('/api/ops/backup');
  });

  it('backs up from the running server, and refuses to restore over it', async () => {
    const file = path.join(out, 'one.tar.gz');
    const r = await writeBackup(dataDir, file);
    expect(r.serverPid).toBe(process.pid);
    expect(r.manifest).toMatchObject({
      format: 'jizu-backup',
      version: 1,
      database: 'pglite',
      taken_from: 'server',
      data_key: 'file',
      uploads: 1,
    });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${file}.part`)).toBe(false);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.backup-'))).toEqual([]);
    // a second backup never overwrites the first
    await expect(writeBackup(dataDir, file)).rejects.toThrow(`${file} exists already: give another name.`);

    // changed after the backup: the name, the upload gone and another one added, the key file
    await database.db.update(users).set({ username: '备份后的名字' }).where(eq(users.id, userId));
    fs.rmSync(upload);
    fs.writeFileSync(path.join(path.dirname(upload), 'after.jpg'), randomBytes(16));
    fs.writeFileSync(config.dataKeyFile, `${randomBytes(32).toString('base64')}\n`);

    const before = snapshot(dataDir);
    await expect(restoreBackup(dataDir, file)).rejects.toThrow(
      `A server (process ${process.pid}) has the database in ${dataDir} open: stop it first, then restore.`,
    );
    expect(snapshot(dataDir)).toEqual(before);
    const [row] = await database.db.select({ name: users.username }).from(users).where(eq(users.id, userId));
    expect(row.name).toBe('备份后的名字');
  });

  it('restores a stopped server’s data: the database, the uploads and the key as they were', async () => {
    await app.close();
    await database.close();
    removeServerNote(dataDir);
    expect(runningServer(dataDir)).toBeNull();

    const r = await restoreBackup(dataDir, path.join(out, 'one.tar.gz'));
    expect(r.manifest.taken_from).toBe('server');
    // what it replaced is kept aside
    expect(r.movedAside).not.toBeNull();
    expect(fs.existsSync(path.join(r.movedAside!, 'uploads/avatar/2026/01/after.jpg'))).toBe(true);
    expect(fs.readFileSync(path.join(r.movedAside!, 'data.key'), 'utf8')).not.toBe(keyBefore);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);

    expect(fs.readFileSync(upload).equals(uploadBytes)).toBe(true);
    expect(fs.existsSync(path.join(path.dirname(upload), 'after.jpg'))).toBe(false);
    expect(fs.readFileSync(config.dataKeyFile, 'utf8')).toBe(keyBefore);
    database = await openDatabase({ dataDir });
    const [row] = await database.db.select({ name: users.username }).from(users).where(eq(users.id, userId));
    expect(row.name).toBe('备份前的名字');
    await database.close();
  });

  it('backs up a data directory no server has open, holding it meanwhile', async () => {
    const file = path.join(out, 'stopped.tar.gz');
    const r = await writeBackup(dataDir, file);
    expect(r.serverPid).toBeNull();
    expect(r.manifest).toMatchObject({ taken_from: 'stopped', data_key: 'file', uploads: 1 });
    // its note and its staging folder are gone once done
    expect(fs.existsSync(serverNoteFile(dataDir))).toBe(false);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.backup-'))).toEqual([]);
  });

  it('refuses a file that is not a backup and changes nothing', async () => {
    const before = snapshot(dataDir);
    const garbage = path.join(out, 'garbage.tar.gz');
    fs.writeFileSync(garbage, randomBytes(4096));
    await expect(restoreBackup(dataDir, garbage)).rejects.toThrow(`${garbage} is not a jizu backup (`);

    // a tar.gz without the manifest
    const stage = tmp();
    fs.writeFileSync(path.join(stage, 'database.tar'), 'x');
    const noManifest = path.join(out, 'no-manifest.tar.gz');
    await tar.c({ cwd: stage, gzip: true, file: noManifest }, ['database.tar']);
    await expect(restoreBackup(dataDir, noManifest)).rejects.toThrow(
      `${noManifest} is not a jizu backup (no manifest.json).`,
    );

    // another program's archive
    fs.writeFileSync(
      path.join(stage, 'manifest.json'),
      JSON.stringify({ format: 'other', version: 1, database: 'pglite' }),
    );
    const other = path.join(out, 'other.tar.gz');
    await tar.c({ cwd: stage, gzip: true, file: other }, ['manifest.json', 'database.tar']);
    await expect(restoreBackup(dataDir, other)).rejects.toThrow(
      `${other} is not a jizu backup of an embedded database.`,
    );

    // a database that does not open
    fs.writeFileSync(
      path.join(stage, 'manifest.json'),
      JSON.stringify({ format: 'jizu-backup', version: 1, database: 'pglite' }),
    );
    const broken = path.join(out, 'broken.tar.gz');
    await tar.c({ cwd: stage, gzip: true, file: broken }, ['manifest.json', 'database.tar']);
    await expect(restoreBackup(dataDir, broken)).rejects.toThrow(`The database in ${broken} does not open (`);

    expect(snapshot(dataDir)).toEqual(before);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
    fs.rmSync(stage, { recursive: true, force: true });
  });

  it('refuses an archive with a path out of the data directory or a link, writing nothing there', async () => {
    const before = snapshot(dataDir);
    const stage = tmp();
    fs.mkdirSync(path.join(stage, 'inner'));
    fs.writeFileSync(
      path.join(stage, 'inner/manifest.json'),
      JSON.stringify({ format: 'jizu-backup', version: 1, database: 'pglite' }),
    );
    fs.writeFileSync(path.join(stage, 'evil.txt'), 'evil');
    const escape = path.join(out, 'escape.tar.gz');
    await tar.c({ cwd: path.join(stage, 'inner'), gzip: true, preservePaths: true, file: escape }, [
      'manifest.json',
      '../evil.txt',
    ]);
    await expect(restoreBackup(dataDir, escape)).rejects.toThrow(`${escape} is not a jizu backup`);
    expect(fs.existsSync(path.join(dataDir, 'evil.txt'))).toBe(false);
    expect(fs.existsSync(path.join(path.dirname(dataDir), 'evil.txt'))).toBe(false);

    fs.mkdirSync(path.join(stage, 'inner/uploads'));
    fs.symlinkSync('/etc/passwd', path.join(stage, 'inner/uploads/link'));
    const link = path.join(out, 'link.tar.gz');
    await tar.c({ cwd: path.join(stage, 'inner'), gzip: true, file: link }, ['manifest.json', 'uploads']);
    await expect(restoreBackup(dataDir, link)).rejects.toThrow(`${link} is not a jizu backup: it holds uploads/link.`);

    expect(snapshot(dataDir)).toEqual(before);
    fs.rmSync(stage, { recursive: true, force: true });
  });
});
