import fs from 'node:fs';
import { startServer } from './server';

/**
 * Global set-up of the journeys: one server migrates an empty embedded database and seeds the demo data, stops
 * cleanly, and leaves its data directory as the template. Each file's server then starts on a copy of it
 * (journey.ts): the same fresh demo state for every file, without 20 s of migrations and seeding each time.
 * npm test makes the template before its suites start (scripts/test.mjs, through make-template.ts) and passes it in
 * JIZU_E2E_TEMPLATE: that one is used as it is, and removed by npm test.
 */
export default async function setup() {
  const given = process.env.JIZU_E2E_TEMPLATE;
  if (given && fs.existsSync(given)) return;
  const dir = await makeTemplate();
  process.env.JIZU_E2E_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** A data directory with the migrated database and the demo data, left by a server that stopped cleanly. */
export async function makeTemplate(): Promise<string> {
  const server = await startServer({}, { web: false, keep: true });
  await server.stop();
  return server.dataDir;
}
