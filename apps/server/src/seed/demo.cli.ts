import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { loadReferenceData } from './reference';
import { seedDemoIfEmpty } from './demo';
import { BackupError, refuseWhileOpen, removeServerNote, writeServerNote } from '../platform/backup';

/**
 * npm run seed:demo — loads the demo data into the configured database (DATABASE_URL or the PGlite data directory)
 * when it has no users. Refused on a PGlite directory a running server has open (PGlite is one process's alone).
 */
async function main() {
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  if (embedded) {
    refuseWhileOpen(config.dataDir, 'npm run seed:demo');
    writeServerNote(config.dataDir, { tool: 'seed:demo' });
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await loadReferenceData(database.db);
    const result = await seedDemoIfEmpty(database.db, config);
    if (!result.seeded) {
      console.log(`Demo data skipped: the ${database.kind} database already has users.`);
      return;
    }
    console.log(`Demo data loaded into ${database.kind}:`);
    console.log(`  users: ${JSON.stringify(result.users)}`);
    console.log(`  companies: ${JSON.stringify(result.companies)}`);
    console.log(`  customer-service staff: ${result.staff}, notices: ${result.notices}`);
    console.log(
      '  logins: admin 13800000000 / Admin@2026; tenant 13800000001, provider 13800000002, operator 13800000003 / Demo@2026',
    );
  } finally {
    await database.close();
    if (embedded) removeServerNote(config.dataDir);
  }
}

main().catch((e) => {
  console.error(e instanceof BackupError ? e.message : e);
  process.exitCode = 1;
});
