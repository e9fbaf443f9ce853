// scratch probe (not committed): a few routes against the floor
import { startServer } from '../e2e/support/server';
import { argText, loginDemoTenant, measureLoad, startFloor, useBuiltServer, withScratchDatabase } from './support';
const secs = 4;
async function main() {
  await useBuiltServer();
  await withScratchDatabase(argText('db') ?? 'jizu_probe', async (url) => {
    const server = await startServer({ DATABASE_URL: url, SEED_DEMO: '1', LOG_LEVEL: 'warn', DB_NAMED_STATEMENTS: argText('named') ?? '1' }, { web: false });
    const floor = await startFloor(url);
    try {
      const token = await loginDemoTenant(server.url);
      const h = { authorization: `Bearer ${token}` };
      const j = async (p: string, hh = {}) => (await (await fetch(server.url + p, { headers: hh })).json()) as any;
      const dev = (await j('/api/site/market?page=1&size=5')).data.data[0].id;
      const bid = (await j('/api/site/bidding?page=1&size=5')).data.data[0]?.id;
      const paths: [string, Record<string, string>][] = [
        [`/api/site/device/${dev}`, {}],
        ['/api/site/bidding?page=1&size=5', {}],
        [`/api/site/bidding/${bid}`, {}],
        ['/api/site/market?page=1&size=5', {}],
        ['/api/index/info', h],
        ['/api/rent/order/lst?page=1&size=5', h],
        ['/api/rent/bidding/lst?page=1&size=5', h],
      ].filter(([p]) => !argText('only') || p.startsWith(argText('only')!)) as never;
      const f = await measureLoad(floor.url, floor.pid, { connections: 50, seconds: secs });
      console.log('floor', f.rps, f.p99);
      for (const [p, hh] of paths) {
        const r = await measureLoad(server.url + p, server.pid, { connections: 50, seconds: secs, headers: hh });
        console.log(p.padEnd(45), String(r.rps).padStart(6), (r.rps / f.rps).toFixed(2), 'p99', r.p99, (r.p99 / f.p99).toFixed(1) + 'x', 'cpu', Math.round(r.cpu), 'db', Math.round(r.dbCpu), r.errors ? 'ERR ' + r.errors : '');
      }
    } finally {
      await floor.stop();
      await server.stop();
    }
  });
}
void main();
