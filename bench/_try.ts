import { populate, POPULATION } from './population';
import { prepareMix, probeMix, runMix, printKinds } from './mix';
import { adminQuery, databaseUrl, startBenchServer, useBuiltServer, formatRow } from './support';
await useBuiltServer();
const db = databaseUrl('jizu_bench_dev');
if (process.argv.includes('--fresh')) {
  await adminQuery('drop database if exists jizu_bench_dev with (force)');
  await adminQuery('create database jizu_bench_dev');
  const s0 = await startBenchServer(db, { seed: true });
  await s0.stop();
  await populate(db, POPULATION.demo);
}
const s = await startBenchServer(db);
try {
  const d = await prepareMix(s.url, db);
  console.log(Object.entries(d).map(([k, v]) => `${k} ${v.length}`).join(', '));
  console.log(await probeMix(s.url, d));
  const r = await runMix(s.url, s.pid, d, { connections: 50, seconds: 3 });
  console.log(formatRow(r));
  printKinds(r);
} finally {
  await s.stop();
}
