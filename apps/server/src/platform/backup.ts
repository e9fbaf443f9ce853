import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { FastifyInstance } from 'fastify';
import { dumpPglite, type TDatabase } from '../db/client';

/**
 * Backups of the embedded database (npm run backup / npm run restore, backup.cli.ts). One file, a .tar.gz:
 *   manifest.json   what it is (format, version, when, from a running server or a stopped data directory)
 *   database.tar    PGlite's copy of its data directory (DATA_DIR/pg), taken between two transactions
 *   data.key        the generated data key of the ID-card and bank numbers, when DATA_DIR holds one
 *   uploads/…       the uploaded files (DATA_DIR/uploads)
 *
 * PGlite has no lock between processes, and a second process must never open the data directory of a running server
 * (ARCHITECTURE § Known pitfalls). So a running server makes the copy itself: it notes in DATA_DIR/server.json its
 * process, its address and a random token (a file only its own user can read), and `npm run backup` asks it for the
 * archive at POST /api/ops/backup with that token, from the same machine; the server keeps serving meanwhile. When
 * no server runs, the command opens the data directory itself. A restore replaces the data directory, which only a
 * stopped server allows: it refuses while the note names a live process.
 */

export const BACKUP_FORMAT = 'jizu-backup';
export const BACKUP_VERSION = 1;

export interface TBackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: 'pglite';
  /** the copy came from a running server (online), or from a data directory no server had open */
  taken_from: 'server' | 'stopped';
  /** file: data.key is in the archive; environment: the keys were DATA_KEYS / DATA_KEY, kept outside the data */
  data_key: 'file' | 'environment';
  uploads: number;
}

/** A refusal or a failure of a backup or a restore, with the line the command prints. */
export class BackupError extends Error {}

// ---- the running server's note ------------------------------------------------------------------------------------

export interface TServerNote {
  pid: number;
  /** where the server answers from this machine (once it listens) */
  url?: string;
  /** the backup endpoint's token (once it listens) */
  token?: string;
  /** a command holding the data directory instead of a server (an offline backup) */
  tool?: string;
  started_at: string;
}

export const serverNoteFile = (dataDir: string) => path.join(dataDir, 'server.json');

/** Written when a process opens the embedded database, again when it listens; readable by its own user only. */
export function writeServerNote(
  dataDir: string,
  note: Omit<TServerNote, 'pid' | 'started_at'> & { started_at?: string } = {},
) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = serverNoteFile(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ pid: process.pid, started_at: new Date().toISOString(), ...note })}\n`, {
    mode: 0o600,
  });
  fs.renameSync(tmp, file);
}

/** Removes the note at a clean stop, when it is this process's own (never another server's). */
export function removeServerNote(dataDir: string) {
  const note = readServerNote(dataDir);
  if (note?.pid === process.pid) fs.rmSync(serverNoteFile(dataDir), { force: true });
}

function readServerNote(dataDir: string): TServerNote | null {
  try {
    const note = JSON.parse(fs.readFileSync(serverNoteFile(dataDir), 'utf8')) as TServerNote;
    return Number.isInteger(note.pid) && note.pid > 0 ? note : null;
  } catch {
    return null;
  }
}

/**
 * The process that has the embedded database of `dataDir` open, or null. A note left by a process that died (a crash,
 * SIGKILL) names a process that no longer exists and counts as none.
 */
export function runningServer(dataDir: string): TServerNote | null {
  const note = readServerNote(dataDir);
  if (!note) return null;
  try {
    process.kill(note.pid, 0);
    return note;
  } catch (e) {
    // EPERM: it exists, under another user
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? note : null;
  }
}

// ---- the archive --------------------------------------------------------------------------------------------------

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : entry.isFile() ? 1 : 0;
  return n;
}

/**
 * The archive of `dataDir` with the database copy `dump`, as a gzip stream. The database is copied first and the
 * uploads after it: a file is stored before the row that names it, so every file the copy's rows name is in the archive.
 */
export async function backupStream(
  dataDir: string,
  dump: Blob,
  takenFrom: TBackupManifest['taken_from'],
): Promise<Readable> {
  // staged beside the data (room for a copy of the database is there, where /tmp may be a small tmpfs)
  const stage = await fs.promises.mkdtemp(path.join(dataDir, '.backup-'));
  try {
    const uploads = path.join(dataDir, 'uploads');
    const keyFile = path.join(dataDir, 'data.key');
    const hasUploads = fs.existsSync(uploads);
    const hasKey = fs.existsSync(keyFile);
    const manifest: TBackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      database: 'pglite',
      taken_from: takenFrom,
      data_key: hasKey ? 'file' : 'environment',
      uploads: hasUploads ? countFiles(uploads) : 0,
    };
    await fs.promises.writeFile(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.promises.writeFile(path.join(stage, 'database.tar'), Buffer.from(await dump.arrayBuffer()));
    const entries = ['manifest.json', 'database.tar'];
    // the key and the uploads are packed where they are (links followed), not copied first
    if (hasKey) {
      await fs.promises.symlink(path.resolve(keyFile), path.join(stage, 'data.key'));
      entries.push('data.key');
    }
    if (hasUploads) {
      await fs.promises.symlink(path.resolve(uploads), path.join(stage, 'uploads'));
      entries.push('uploads');
    }
    const pack = tar.c({ cwd: stage, gzip: true, portable: true, follow: true }, entries);
    return Readable.from(
      (async function* () {
        try {
          for await (const chunk of pack) yield chunk;
        } finally {
          await fs.promises.rm(stage, { recursive: true, force: true });
        }
      })(),
    );
  } catch (e) {
    await fs.promises.rm(stage, { recursive: true, force: true });
    throw e;
  }
}

/** The copy of a data directory no process has open (the caller checked): opened, copied, closed. */
export async function dumpStoppedDataDir(dataDir: string): Promise<Blob> {
  const dir = path.join(dataDir, 'pg');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${dir}.`);
  const client = await PGlite.create({ dataDir: dir });
  try {
    return await dumpPglite(client);
  } finally {
    await client.close();
  }
}

const ALLOWED = /^(manifest\.json|database\.tar|data\.key|uploads(\/[\w.-]+)*\/?)$/;

export interface TRestoreResult {
  manifest: TBackupManifest;
  /** where the data the restore replaced was moved (null: DATA_DIR held none) */
  movedAside: string | null;
}

/**
 * Puts the backup `file` in place of the data in `dataDir`: the database, the uploads and (when the archive has it) the
 * data key. Refused while a process has the database open. The archive is unpacked and its database opened beside the
 * data first; only when that worked are the current database, uploads and key moved to DATA_DIR/before-restore-<time>
 * (nothing is deleted) and the restored ones moved in.
 */
export async function restoreBackup(dataDir: string, file: string): Promise<TRestoreResult> {
  const running = runningServer(dataDir);
  if (running)
    throw new BackupError(
      `A ${running.tool ?? 'server'} (process ${running.pid}) has the database in ${dataDir} open: stop it first, then restore. (No such process on this machine? Remove ${serverNoteFile(dataDir)}.)`,
    );
  if (!fs.existsSync(file)) throw new BackupError(`${file}: no such file.`);
  fs.mkdirSync(dataDir, { recursive: true });
  const stage = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    const refused: string[] = [];
    try {
      await tar.x({
        file,
        cwd: stage,
        strict: true,
        // only the entries a backup has, as plain files and folders: nothing outside the stage, no links
        filter: (p, entry) => {
          const type = 'type' in entry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
          const ok =
            ALLOWED.test(p.replace(/^\.\//, '')) &&
            !p.split('/').includes('..') &&
            (type === 'File' || type === 'Directory');
          if (!ok) refused.push(p);
          return ok;
        },
      });
    } catch (e) {
      throw new BackupError(`${file} is not a jizu backup (${e instanceof Error ? e.message : String(e)}).`);
    }
    if (refused.length)
      throw new BackupError(`${file} is not a jizu backup: it holds ${refused.slice(0, 3).join(', ')}.`);
    let manifest: TBackupManifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(stage, 'manifest.json'), 'utf8')) as TBackupManifest;
    } catch {
      throw new BackupError(`${file} is not a jizu backup (no manifest.json).`);
    }
    if (manifest.format !== BACKUP_FORMAT || manifest.database !== 'pglite')
      throw new BackupError(`${file} is not a jizu backup of an embedded database.`);
    if (manifest.version > BACKUP_VERSION)
      throw new BackupError(
        `${file} was written by a newer jizu (backup format ${manifest.version}); update this one first.`,
      );
    const dbTar = path.join(stage, 'database.tar');
    if (!fs.existsSync(dbTar)) throw new BackupError(`${file} is not a jizu backup (no database.tar).`);

    // the copy must open before anything is replaced
    const pgDir = path.join(stage, 'pg');
    fs.mkdirSync(pgDir);
    try {
      const client = await PGlite.create({ dataDir: pgDir, loadDataDir: await fs.openAsBlob(dbTar) });
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
    } catch (e) {
      throw new BackupError(`The database in ${file} does not open (${e instanceof Error ? e.message : String(e)}).`);
    }
    fs.rmSync(dbTar);
    if (!fs.existsSync(path.join(stage, 'uploads'))) fs.mkdirSync(path.join(stage, 'uploads'));

    // a server started meanwhile would now have the data open
    const late = runningServer(dataDir);
    if (late)
      throw new BackupError(
        `A ${late.tool ?? 'server'} (process ${late.pid}) opened the database in ${dataDir} meanwhile: nothing was changed.`,
      );
    const names = ['pg', 'uploads', ...(fs.existsSync(path.join(stage, 'data.key')) ? ['data.key'] : [])];
    const aside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    let moved = false;
    for (const name of names) {
      const current = path.join(dataDir, name);
      if (fs.existsSync(current)) {
        fs.mkdirSync(aside, { recursive: true });
        fs.renameSync(current, path.join(aside, name));
        moved = true;
      }
      fs.renameSync(path.join(stage, name), current);
    }
    return { manifest, movedAside: moved ? aside : null };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** The data directory of an embedded database; PostgreSQL is backed up with its own tools. */
export function embeddedDataDir(config: { databaseUrl?: string; dataDir: string }): string {
  if (config.databaseUrl)
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump, and DATA_DIR/uploads beside it (README § Going to production, Backups).',
    );
  return config.dataDir;
}

export interface TBackupResult {
  file: string;
  bytes: number;
  manifest: TBackupManifest;
  /** the running server's process id when it made the copy, null when this process did (no server ran) */
  serverPid: number | null;
}

/**
 * Writes the backup of `dataDir` to `file` (mode 0600: it holds the data and maybe its key): through the running
 * server when there is one, else from the data directory itself, which this process holds meanwhile (a restore or a
 * seed started then refuses). Written to FILE.part and renamed once complete and readable.
 */
export async function writeBackup(dataDir: string, file: string): Promise<TBackupResult> {
  if (fs.existsSync(file)) throw new BackupError(`${file} exists already: give another name.`);
  const part = `${file}.part`;
  const running = runningServer(dataDir);
  let source: Readable;
  let release = () => {};
  if (running) {
    if (running.tool)
      throw new BackupError(
        `A ${running.tool} (process ${running.pid}) has the database in ${dataDir} open: try again when it is done.`,
      );
    if (!running.url || !running.token)
      throw new BackupError(
        `The server (process ${running.pid}) of ${dataDir} is starting: try again once it answers.`,
      );
    let res: Response;
    try {
      res = await fetch(`${running.url}/api/ops/backup`, {
        method: 'POST',
        headers: { 'x-backup-token': running.token },
      });
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw new BackupError(
        `The server (process ${running.pid}) noted in ${serverNoteFile(dataDir)} does not answer at ${running.url} (${cause?.code ?? cause?.message ?? String(e)}). If no server runs on ${dataDir}, remove that file and try again.`,
      );
    }
    if (!res.ok || !res.body)
      throw new BackupError(
        `The server at ${running.url} refused the backup (HTTP ${res.status}): is it the server of ${dataDir}?`,
      );
    source = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
  } else {
    writeServerNote(dataDir, { tool: 'backup' });
    release = () => removeServerNote(dataDir);
    try {
      source = await backupStream(dataDir, await dumpStoppedDataDir(dataDir), 'stopped');
    } catch (e) {
      release();
      throw e;
    }
  }
  try {
    await pipeline(source, fs.createWriteStream(part, { mode: 0o600 }));
  } catch (e) {
    fs.rmSync(part, { force: true });
    throw new BackupError(
      `The backup did not complete (${e instanceof Error ? e.message : String(e)}); nothing was written.`,
    );
  } finally {
    release();
  }
  const manifest = await readBackupManifest(part);
  if (!manifest) {
    fs.rmSync(part, { force: true });
    throw new BackupError('The backup came out unreadable; nothing was written.');
  }
  fs.renameSync(part, file);
  return { file, bytes: fs.statSync(file).size, manifest, serverPid: running?.pid ?? null };
}

// ---- the running server's endpoint --------------------------------------------------------------------------------

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** A connection from this machine: loopback, or to this machine's own address. */
const fromThisMachine = (socket: { remoteAddress?: string; localAddress?: string }) => {
  const remote = socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
  return (
    remote === '127.0.0.1' ||
    remote === '::1' ||
    (remote !== '' && remote === socket.localAddress?.replace(/^::ffff:/, ''))
  );
};

/**
 * POST /api/ops/backup (at the root, hidden from the API document): the archive of the running server's data, for
 * `npm run backup` on the same machine with the token of DATA_DIR/server.json. Anything else answers as an unknown
 * address does.
 */
export function backupRoutes(root: FastifyInstance, database: TDatabase, dataDir: string, token: string) {
  const expected = sha256(token);
  root.post('/api/ops/backup', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const given = req.headers['x-backup-token'];
    const allowed =
      typeof given === 'string' && timingSafeEqual(sha256(given), expected) && fromThisMachine(req.socket);
    if (!allowed || !database.dumpDataDir) return reply.callNotFound();
    const started = Date.now();
    const dump = await database.dumpDataDir();
    req.log.info({ bytes: dump.size, ms: Date.now() - started }, 'backup: database copied');
    return reply
      .header('content-type', 'application/gzip')
      .header('cache-control', 'no-store')
      .send(await backupStream(dataDir, dump, 'server'));
  });
}

/** Refuses a command that opens the embedded database itself (seed, rekey) while a process has it open. */
export function refuseWhileOpen(dataDir: string, command: string) {
  const running = runningServer(dataDir);
  if (running)
    throw new BackupError(
      `A ${running.tool ?? 'server'} (process ${running.pid}) has the database in ${dataDir} open: stop it before ${command} (PGlite is one process's alone).`,
    );
}

/** The manifest of a backup file (its first entry), or null when the file is not one. */
export async function readBackupManifest(file: string): Promise<TBackupManifest | null> {
  let text = '';
  try {
    await tar.t({
      file,
      filter: (p) => p === 'manifest.json',
      onReadEntry: (entry) => {
        entry.on('data', (d: Buffer) => (text += d.toString('utf8')));
      },
    });
    const manifest = JSON.parse(text) as TBackupManifest;
    return manifest.format === BACKUP_FORMAT ? manifest : null;
  } catch {
    return null;
  }
}
