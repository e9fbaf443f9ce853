// npm run scan:sql — a SQL-injection scan by a scanner the project did not write (Debian's sqlmap; README § Security).
// Not part of npm test: it takes a while. It starts the built server (npm run build first) on a scratch embedded
// database with the demo data, logs in as the demo accounts, and runs sqlmap (level 2, risk 1, batch mode, against
// 127.0.0.1 only) on every string parameter of every GET route of the OpenAPI document (the free-text ones: search
// words, names, numbers typed by a person; the enumerations such as `sort` too), each with the first demo account
// whose baseline request answers 200 (else the first one let in), so that the parameter reaches the service and its SQL.
// Writes its summary to stdout and to scan-results/sqlmap-<date>.md; exits 1 when sqlmap finds an injection point.
// Options: --only <parts of paths, comma-separated> to scan some routes (summary in …-partial.md); --list to print what would be scanned; SQLMAP=<path> another sqlmap.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../e2e/support/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : [];
const sqlmap = process.env.SQLMAP ?? 'sqlmap';

type TSchema = { type?: string | string[]; enum?: unknown[]; anyOf?: TSchema[]; format?: string; pattern?: string };
type TParam = { name: string; in: string; required?: boolean; schema?: TSchema };
type TOpenApi = { paths: Record<string, Record<string, { parameters?: TParam[] }>> };

/** A value a person could have typed: the scan's starting point for each kind of parameter. */
function sampleOf(name: string, schema: TSchema | undefined): string {
  if (schema?.enum?.length) return String(schema.enum[0]);
  const any = schema?.anyOf?.find((s) => s.enum?.length);
  if (any?.enum) return String(any.enum[0]);
  if (/date|time|_at$|start|end/.test(name)) return '2026-01-01';
  if (/phone|mobile|tel/.test(name)) return '13800000001';
  return '挖掘机';
}
const isString = (s: TSchema | undefined): boolean =>
  !!s && (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string')) || !!s.anyOf?.some(isString));
const isEnum = (s: TSchema | undefined): boolean =>
  !!s && (!!s.enum?.length || (!!s.anyOf?.length && s.anyOf.every((x) => !!x.enum?.length || x.type === 'null')));
/** Parameters that are not free text but are scanned too: the market search's region and order (issue 30). */
const EXTRA: Record<string, string[]> = { '/api/site/market': ['province', 'sort'] };
const isNumber = (s: TSchema | undefined): boolean =>
  !!s && (s.type === 'integer' || s.type === 'number' || !!s.anyOf?.some(isNumber));

/** Runs sqlmap on one parameter: whether it found an injection point, and its last lines. */
function scan(
  url: string,
  param: string,
  headers: string[],
  outDir: string,
  baseline: number,
): Promise<{ injectable: boolean; verdict: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const args = [
      '-u',
      url,
      '-p',
      param,
      '--level=2',
      '--risk=1',
      '--batch',
      '--dbms=PostgreSQL',
      '--flush-session',
      '--disable-coloring',
      `--output-dir=${outDir}`,
      '--timeout=20',
      '--retries=1',
      '--skip-waf',
      '--answers=follow=N',
      ...headers.flatMap((h) => ['-H', h]),
      ...(baseline !== 200 ? [`--ignore-code=${baseline}`] : []),
    ];
    const child = spawn(sqlmap, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', () => {
      const injectable =
        /identified the following injection point|is vulnerable|appears to be '.*' injectable/i.test(out) &&
        !/does not seem to be injectable/.test(
          out
            .split('\n')
            .filter((l) => /injectable/.test(l))
            .pop() ?? '',
        );
      // sqlmap's last word on the parameter, and the answers it got (a 400 for a refused value says the schema stopped it)
      const all = out.split('\n');
      const clean = (l: string) =>
        l
          .replace(/^\[[\d:]+\]\s*/, '')
          .replace(/ Try to increase.*$/, '')
          .trim();
      const final =
        [...all].reverse().find((l) => /injectable|injection point/i.test(l) && !/heuristic/.test(l)) ??
        [...all].reverse().find((l) => /\[(CRITICAL|ERROR)\]/.test(l)) ??
        all.filter(Boolean).pop() ??
        '';
      const at = all.findIndex((l) => /HTTP error codes detected/.test(l));
      const codes =
        at >= 0
          ? all
              .slice(at + 1, at + 4)
              .filter((l) => /^\d{3} /.test(l.trim()))
              .map((l) => l.trim())
              .join(', ')
          : '';
      const verdict = clean(final) + (codes ? ` (error answers: ${codes})` : '');
      resolve({ injectable, verdict, seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function main() {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js')))
    throw new Error('apps/server/dist is missing: run `npm run build` first');
  process.env.JIZU_SERVER_DIST ??= 'apps/server/dist/main.js';
  // JIZU_E2E_TEMPLATE: a data directory with the demo data already seeded (e2e/support/template.ts) starts in seconds
  // seeding the demo data takes minutes on a busy machine: the start may take 10
  const server = await startServer(
    { LOG_LEVEL: 'error', TEST_DATABASE_URL: '' },
    { web: false, from: process.env.JIZU_E2E_TEMPLATE, startSeconds: 600 },
  );
  // the demo data is loaded after the server answers: wait until it says it is ready
  for (let i = 0; i < 240 && (await fetch(`${server.url}/api/health/ready`)).status !== 200; i++)
    await new Promise((r) => setTimeout(r, 500));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-sqlmap-'));
  const rows: { route: string; param: string; as: string; injectable: boolean; verdict: string; seconds: number }[] =
    [];
  try {
    const url = new URL(server.url);
    if (url.hostname !== '127.0.0.1') throw new Error('the scan runs against 127.0.0.1 only');
    const tokens: [string, string | null][] = [['stranger', null]];
    for (const [who, phone, password] of [
      ['tenant 13800000001', '13800000001', 'Demo@2026'],
      ['provider 13800000002', '13800000002', 'Demo@2026'],
      ['operator 13800000003', '13800000003', 'Demo@2026'],
      ['admin 13800000000', '13800000000', 'Admin@2026'],
    ]) {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, password }),
      });
      const body = (await res.json()) as { status: number; data?: { token?: string } };
      if (body.status !== 1 || !body.data?.token)
        throw new Error(`could not log in as ${who}: ${JSON.stringify(body)}`);
      tokens.push([who, body.data.token]);
    }
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as TOpenApi;
    const targets: { route: string; params: TParam[]; strings: TParam[] }[] = [];
    for (const [route, ops] of Object.entries(doc.paths)) {
      const get = ops.get;
      if (
        !get ||
        !route.startsWith('/api/') ||
        /\{/.test(route) ||
        route.startsWith('/api/docs') ||
        (only.length && !only.some((o) => route.includes(o)))
      )
        continue;
      const params = (get.parameters ?? []).filter((p) => p.in === 'query');
      // the free-text parameters (a string that is not one of a list: words, names, numbers and dates as typed), and
      // the ids and enumerations that reach the market's search (they are refused by their schemas everywhere else)
      const strings = params.filter(
        (p) =>
          (isString(p.schema) && !isNumber(p.schema) && !isEnum(p.schema)) || (EXTRA[route] ?? []).includes(p.name),
      );
      if (strings.length) targets.push({ route, params, strings });
    }
    console.log(
      `${targets.length} GET routes with ${targets.reduce((n, t) => n + t.strings.length, 0)} query parameters to scan; sqlmap output under ${outDir}`,
    );
    if (process.argv.includes('--list')) {
      for (const t of targets) console.log(`${t.route}: ${t.strings.map((p) => p.name).join(', ')}`);
      targets.length = 0;
    }
    for (const t of targets) {
      const query = new URLSearchParams();
      for (const p of t.params) {
        if (p.name === 'company_id' || p.name === 'page' || p.name === 'size') continue;
        // a starting value sqlmap can vary: the first choice of an enumeration, 1 for a number, a word for text
        query.set(p.name, isNumber(p.schema) && !isString(p.schema) ? '1' : sampleOf(p.name, p.schema));
      }
      const target = `${server.url}${t.route}?${query}`;
      // the first account (a stranger first) whose plain request is answered 200: the parameter then reaches the SQL;
      // else the first one let in (a 404 for an order number nobody has: the service looked it up)
      let as = '';
      let auth: string | null = null;
      let admitted: [string, string | null, number] | null = null;
      let baseline = 200;
      for (const [who, token] of tokens) {
        const res = await fetch(target, {
          headers: { 'x-requested-with': 'XMLHttpRequest', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        if (res.status === 200) {
          as = who;
          auth = token;
          break;
        }
        if (!admitted && res.status !== 401 && res.status !== 403)
          admitted = [`${who}, answered ${res.status}`, token, res.status];
      }
      // sqlmap stops at a first answer that is not 200 unless told to take that code as an answer
      if (!as && admitted) [as, auth, baseline] = admitted;
      if (!as) {
        for (const p of t.strings)
          rows.push({
            route: t.route,
            param: p.name,
            as: '-',
            injectable: false,
            verdict: 'every account was refused (401/403): not scanned',
            seconds: 0,
          });
        console.log(`${t.route}: every account was refused for ${target}: not scanned`);
        continue;
      }
      const headers = ['X-Requested-With: XMLHttpRequest', ...(auth ? [`Authorization: Bearer ${auth}`] : [])];
      for (const p of t.strings) {
        const r = await scan(target, p.name, headers, outDir, baseline);
        rows.push({ route: t.route, param: p.name, as, ...r });
        console.log(
          `${r.injectable ? 'INJECTABLE' : 'ok'}  ${t.route} ${p.name} (as ${as}, ${r.seconds.toFixed(0)} s): ${r.verdict}`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  const found = rows.filter((r) => r.injectable);
  const day = new Date().toISOString().slice(0, 10);
  const md = [
    `# sqlmap scan, ${day}`,
    '',
    `sqlmap (Debian) --level=2 --risk=1 --batch --dbms=PostgreSQL against the built server on 127.0.0.1, demo data; ${rows.length} parameters on ${new Set(rows.map((r) => r.route)).size} routes; injectable: ${found.length}.`,
    '',
    '| route | parameter | as | result |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| \`${r.route}\` | \`${r.param}\` | ${r.as} | ${r.injectable ? '**INJECTABLE**' : 'not injectable'}: ${r.verdict.replace(/\|/g, '\\|')} |`,
    ),
    '',
  ].join('\n');
  fs.mkdirSync(path.join(root, 'scan-results'), { recursive: true });
  const file = path.join(root, 'scan-results', `sqlmap-${day}${only.length ? '-partial' : ''}.md`);
  fs.writeFileSync(file, md);
  console.log(
    `\n${rows.length} parameters scanned, ${found.length} injectable; summary in ${path.relative(root, file)}`,
  );
  return found.length ? 1 : 0;
}

process.exit(await main());
