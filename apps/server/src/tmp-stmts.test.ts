import { it } from 'vitest';
import { demoApp } from './test/demo';
import { captureStatements } from './test/harness';
const d = demoApp();
it('prints statements', async () => {
  const cap = captureStatements(d.t.db);
  const who = { tenant: await d.login('13800000001', 'Demo@2026'), provider: await d.login('13800000002', 'Demo@2026'), admin: await d.login('13800000000', 'Admin@2026'), anon: {} } as Record<string, Record<string, string>>;
  const urls = (process.env.URLS ?? '').split(' ');
  for (const u of urls) {
    const [p, url] = u.split('=', 2) as [string, string];
    await d.get(url, who[p]);
    cap.take();
    const r = await d.get(url, who[p]);
    const s = cap.take();
    console.log(`\n=== ${url} (${p}) ${r.statusCode} ${JSON.stringify(r.json()).slice(0, 80)}\n` + s.map((x, i) => `  [${i}] ${x.replace(/\s+/g, ' ').slice(0, 400)}`).join('\n'));
  }
});
