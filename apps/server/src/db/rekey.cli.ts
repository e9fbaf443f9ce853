import { loadConfig } from '../config';
import { vaultOf } from '../platform/crypto';
import { openDatabase } from './client';
import { countStaleNumbers, protectStoredNumbers } from './protected';
import { refuseWhileOpen, removeServerNote, writeServerNote } from '../platform/backup';

/**
 * npm run data:rekey — brings every stored ID-card and bank number to the first key of DATA_KEYS (the same pass the
 * server runs at start), then says how many values still need an older key. Rotation: put the new key first in
 * DATA_KEYS and keep the old one after it, restart the servers (or run this against PostgreSQL), and drop the old key
 * once this reports 0 everywhere. Refused on a PGlite directory a running server has open.
 */
async function main() {
  const config = loadConfig();
  const vault = vaultOf(config);
  const embedded = !config.databaseUrl;
  if (embedded) {
    refuseWhileOpen(config.dataDir, 'npm run data:rekey');
    writeServerNote(config.dataDir, { tool: 'data:rekey' });
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const changed = await protectStoredNumbers(database.db, vault);
    const stale = await countStaleNumbers(database.db, vault);
    console.log(`Data key ${vault.primaryId} (loaded: ${vault.keyIds.join(', ')})`);
    for (const [column, n] of Object.entries(changed))
      console.log(`  ${column}: ${n} re-encrypted, ${stale[column]} not under ${vault.primaryId}`);
  } finally {
    await database.close();
    if (embedded) removeServerNote(config.dataDir);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
