import { startServer } from '../e2e/support/server';
import { loginDemoTenant, useBuiltServer, withScratchDatabase } from '../bench/support';
import fs from 'node:fs';
const PATHS = process.argv.slice(2);
await useBuiltServer();
await withScratchDatabase('jizu_count', async (db) => {
  const server = await startServer({ DATABASE_URL: db }, { nodeArgs: ['--require', '/tmp/q/count-pg.cjs'] });
  try {
    const token = await loginDemoTenant(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const inProgress = (await (await fetch(`${server.url}/api/rent/order/lst?status=2`, { headers })).json()) as any;
    const order = String(inProgress.data.data[0]?.id ?? 0);
    for (const p0 of PATHS) {
      const p = p0.replace('{order}', order);
      await fetch(`${server.url}${p}`, { headers });
      process.kill(server.pid, 'SIGUSR2'); await new Promise((r) => setTimeout(r, 200));
      for (let i = 0; i < 20; i++) await fetch(`${server.url}${p}`, { headers });
      process.kill(server.pid, 'SIGUSR2'); await new Promise((r) => setTimeout(r, 300));
      console.log('==', p); console.log(fs.readFileSync('/tmp/q/counts.txt', 'utf8'));
    }
  } finally { await server.stop(); }
});
