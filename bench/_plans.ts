import { startServer } from '../e2e/support/server';
import { loginDemoTenant, useBuiltServer, withScratchDatabase } from './support';
import fs from 'node:fs';
const PATHS = ['/api/index/info', '/api/index/message/lst?page=1&size=15&state=0', '/api/index/notice?page=1&size=6', '/api/index/score/peas?page=1&size=20', '/api/company/user/lst?page=1&size=5', '/api/company/bank/lst?page=1&size=5', '/api/company/signet/lst', '/api/payment/gold/lst', '/api/rent/bidding/lst?page=1&size=5', '/api/demand/demand?page=1&size=5', '/api/rent/order/lst?page=1&size=5', '/api/rent/order/detail?id={order}', '/api/rent/order/history?id={order}', '/api/rent/contract/lst?id={order}&page=1&size=5', '/api/rent/order/eplst?id={order}&page=1&size=5', '/api/rent/settle/lst?id={order}&page=1&size=5'];
await useBuiltServer();
await withScratchDatabase('jizu_plans', async (db) => {
  const server = await startServer({ DATABASE_URL: db }, { nodeArgs: ['--require', '/tmp/q/plans-pg.cjs'] });
  try {
    const token = await loginDemoTenant(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const inProgress = (await (await fetch(`${server.url}/api/rent/order/lst?status=2`, { headers })).json()) as any;
    const order = String(inProgress.data.data[0]?.id ?? 0);
    for (const p0 of PATHS) { const p = p0.replace('{order}', order); for (let i = 0; i < 30; i++) await fetch(`${server.url}${p}`, { headers }); }
    process.kill(server.pid, 'SIGUSR2'); await new Promise((r) => setTimeout(r, 1500));
    console.log(fs.readFileSync('/tmp/q/plans.txt', 'utf8'));
  } finally { await server.stop(); }
});
