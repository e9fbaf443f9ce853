import fs from 'node:fs';
import { startServer } from './server';

/**
 * Global set-up of the journeys: one server migrates an empty embedded database and seeds the demo data, stops
 * cleanly, and leaves its data directory as the template. Each file's server then starts on a copy of it
 * (journey.ts): the same fresh demo state for every file, without 20 s of migrations and seeding each time.
 */
export default async function setup() {
  const server = await startServer({}, { web: false, keep: true });
  await server.stop();
  process.env.JIZU_E2E_TEMPLATE = server.dataDir;
  return () => fs.rmSync(server.dataDir, { recursive: true, force: true });
}
