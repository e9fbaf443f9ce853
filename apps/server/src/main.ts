import { ConfigError, loadConfig } from './config';
import { DataKeyError, vaultOf } from './platform/crypto';
import { protectStoredNumbers } from './db/protected';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { loadReferenceData } from './seed/reference';
import { seedDemoIfEmpty } from './seed/demo';
import { startJobs } from './platform/jobs';
import { sweepExpired } from './modules/payment/payment.service';
import { remindExpiringMemberships } from './modules/membership/membership.service';

async function main() {
  let config;
  let vault;
  try {
    config = loadConfig();
    // the data keys load (or the development key file is made) before anything else: a missing key stops here
    vault = vaultOf(config);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof DataKeyError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await loadReferenceData(database.db);
  // ID-card and bank numbers: plain rows encrypted, rows under an older key re-encrypted (rotation); an unknown key stops
  let protectedNow;
  try {
    protectedNow = await protectStoredNumbers(database.db, vault);
  } catch (e) {
    if (!(e instanceof DataKeyError)) throw e;
    console.error(`Cannot read the stored ID-card and bank numbers: ${e.message}`);
    await database.close();
    process.exit(1);
  }
  if (config.seedDemo) await seedDemoIfEmpty(database.db, config);
  const app = await buildApp({ config, database });
  if (Object.values(protectedNow).some((n) => n > 0)) app.log.info({ changed: protectedNow }, `stored ID-card and bank numbers brought to data key ${vault.primaryId}`);

  const stopJobs = startJobs(
    [
      { name: 'close expired payment orders', everyMs: 30_000, run: () => sweepExpired(database.db) },
      { name: 'remind memberships expiring within 30 days', everyMs: 15 * 60_000, run: () => remindExpiringMemberships(database.db) },
    ],
    app.log,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      stopJobs();
      await app.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`jizu on ${config.publicUrl} (${database.kind})`);
}

void main();
