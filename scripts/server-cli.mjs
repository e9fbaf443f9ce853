#!/usr/bin/env node
// npm run backup | restore | seed:demo | data:rekey: the server's commands, run from its build (apps/server/dist, made
// or brought up to date first, as npm start does), so that they need no TypeScript compiler either.
//   node scripts/server-cli.mjs <program> [args…]    program: backup (backup|restore), seed-demo, data-rekey
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer, serverDist } from '../apps/server/scripts/build.mjs';

const [program, ...args] = process.argv.slice(2);
try {
  await buildServer({ ifStale: true });
} catch (e) {
  console.error(`The server did not build: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
const child = spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, `${program}.js`), ...args], {
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
