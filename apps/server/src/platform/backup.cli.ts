import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, embeddedDataDir, restoreBackup, writeBackup } from './backup';

/**
 * npm run backup [-- FILE]   the embedded database, the uploads and the data key file in one .tar.gz (default
 *                            jizu-backup-<time>.tar.gz here), from the running server or from a stopped DATA_DIR
 * npm run restore FILE       puts a backup in place of DATA_DIR's data; the server must be stopped
 * Both read DATA_DIR (and DATABASE_URL, which they refuse: PostgreSQL has its own tools) as the server does.
 * How and why: platform/backup.ts.
 */
async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !file)) {
    console.error('Usage: npm run backup [-- FILE.tar.gz]  |  npm run restore FILE.tar.gz');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const dataDir = embeddedDataDir(config);
  // npm runs scripts in the project's folder: a relative name is the caller's (INIT_CWD)
  const here = process.env.INIT_CWD ?? '.';
  if (command === 'backup') {
    console.log(`Backing up ${dataDir}…`);
    const r = await writeBackup(dataDir, path.resolve(here, file ?? `jizu-backup-${stamp()}.tar.gz`));
    const key =
      r.manifest.data_key === 'file'
        ? 'the data key file (keep the backup as safe as the data itself)'
        : 'no data key (it comes from DATA_KEYS / DATA_KEY: keep the keys safely beside the backup)';
    console.log(
      `Backup written to ${r.file} (${mb(r.bytes)}, ${r.serverPid ? `from the running server, process ${r.serverPid}` : 'no server was running'}): the database, ${r.manifest.uploads} uploaded files, ${key}.`,
    );
    return;
  }
  const r = await restoreBackup(dataDir, path.resolve(here, file));
  const m = r.manifest;
  console.log(
    `Restored ${file} (taken ${m.created_at} ${m.taken_from === 'server' ? 'from a running server' : 'from a stopped data directory'}) into ${dataDir}: the database, ${m.uploads} uploaded files${m.data_key === 'file' ? ', the data key file' : ''}.`,
  );
  if (r.movedAside)
    console.log(`The data it replaced is in ${r.movedAside}: delete that folder once the restored data looks right.`);
  if (m.data_key === 'environment')
    console.log(
      'The data key was not in the backup (DATA_KEYS / DATA_KEY): start the server with the keys the data was written with.',
    );
  else if (config.dataKeys)
    console.log(
      'DATA_KEYS / DATA_KEY is set, so the restored data.key is not used: the server needs the key the data was written with.',
    );
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

let settled = false;
main()
  .catch((e) => {
    console.error(e instanceof BackupError || e instanceof ConfigError ? e.message : e);
    process.exitCode = 1;
  })
  .finally(() => (settled = true));
// a wait that can never end (nothing left to run) would otherwise exit 0 without a word: a cron job must see it fail
process.on('beforeExit', () => {
  if (settled) return;
  console.error('The command stopped before it finished: no backup or restore was completed.');
  process.exitCode = 1;
});
