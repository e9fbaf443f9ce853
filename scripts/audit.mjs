// npm test's dependency audit (README § Security): `npm audit --omit=dev` over the packages the server and the web app
// ship, failing on any advisory of severity high or critical that audit-allow.json does not list. Each entry there
// names the advisory (its GHSA id or npm's numeric id), the package, why it does not apply here and an expiry date
// (yyyy-mm-dd): an expired entry fails too, so that every exception is looked at again.
// The advisory service unreachable (no network, a time-out): the step fails and says so, after at most
// AUDIT_TIMEOUT_SECONDS (60). A registry that answers that it has no advisory endpoint (404, 405, 501: the mirror these
// machines reach answers 405) cannot be asked at all: the step prints NOT CHECKED loudly and passes. JIZU_AUDIT=skip
// skips it, printed loudly in the step's report.
// `node scripts/audit.mjs --report <file>` checks a saved `npm audit --json` answer instead of asking.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALLOW_FILE = path.join(root, 'audit-allow.json');
const FAILING = new Set(['high', 'critical']);
const timeoutSeconds = Number(process.env.AUDIT_TIMEOUT_SECONDS || 60);

/** The allow-list, checked: every entry with id, package, reason and a valid expiry date. */
export function readAllowList(text, today) {
  const problems = [];
  let list;
  try {
    list = JSON.parse(text).advisories;
  } catch (e) {
    return { entries: [], problems: [`audit-allow.json is not valid JSON: ${e.message}`] };
  }
  if (!Array.isArray(list)) return { entries: [], problems: ['audit-allow.json: "advisories" must be a list'] };
  const entries = [];
  for (const [i, a] of list.entries()) {
    const where = `audit-allow.json advisories[${i}]`;
    if (!a || (typeof a.id !== 'string' && typeof a.id !== 'number'))
      problems.push(`${where}: no id (GHSA-… or npm's numeric id)`);
    else if (!a.reason || String(a.reason).trim().length < 10)
      problems.push(`${where} (${a.id}): a reason is required`);
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(String(a.expires ?? '')) || Number.isNaN(Date.parse(a.expires)))
      problems.push(`${where} (${a.id}): "expires" must be a date yyyy-mm-dd`);
    else if (a.expires < today)
      problems.push(
        `${where} (${a.id}, ${a.package ?? ''}): expired on ${a.expires}: look at the advisory again, then fix, or renew the entry with a new date`,
      );
    else entries.push({ ...a, id: String(a.id) });
  }
  return { entries, problems };
}

/** The advisories of an `npm audit --json` answer (format 2), each once: id (npm's number), GHSA id, package, severity, title, url. */
export function advisoriesOf(report) {
  const found = new Map();
  for (const v of Object.values(report.vulnerabilities ?? {})) {
    for (const via of v.via ?? []) {
      if (typeof via !== 'object' || via === null) continue; // a package that is vulnerable through another one
      const ghsa = /GHSA-[\w-]+/.exec(via.url ?? '')?.[0] ?? '';
      found.set(String(via.source), {
        id: String(via.source),
        ghsa,
        package: via.name,
        severity: via.severity,
        title: via.title,
        url: via.url,
        range: via.range,
      });
    }
  }
  return [...found.values()];
}

/** What fails the step: advisories at high or above not allowed, and the allow-list's own problems. */
export function judge(report, allow) {
  const advisories = advisoriesOf(report);
  const allowed = (a) => allow.entries.find((e) => e.id === a.id || (a.ghsa && e.id === a.ghsa));
  const failing = advisories.filter((a) => FAILING.has(a.severity) && !allowed(a));
  const excused = advisories.filter((a) => FAILING.has(a.severity) && allowed(a));
  const unused = allow.entries.filter((e) => !advisories.some((a) => e.id === a.id || e.id === a.ghsa));
  return { advisories, failing, excused, unused, problems: allow.problems };
}

function runAudit() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--json'], {
      cwd: root,
      env: { ...process.env, npm_config_audit: 'true', FORCE_COLOR: '0' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      resolve({ error: `no answer from the advisory service in ${timeoutSeconds} s` });
    }, timeoutSeconds * 1000);
    child.on('close', () => {
      clearTimeout(timer);
      let report;
      try {
        report = JSON.parse(out);
      } catch {
        return resolve({ error: (err || out).trim().split('\n').slice(-3).join(' ') || 'npm audit said nothing' });
      }
      // npm answers a failed request with its error as JSON ({message, statusCode} or {error: {summary}})
      if (!report.vulnerabilities && !report.metadata)
        return resolve({ error: report.message ?? report.error?.summary ?? JSON.stringify(report).slice(0, 300) });
      resolve({ report });
    });
  });
}

async function main() {
  const today = new Date().toISOString().slice(0, 10);
  const allow = readAllowList(
    fs.existsSync(ALLOW_FILE) ? fs.readFileSync(ALLOW_FILE, 'utf8') : '{"advisories":[]}',
    today,
  );
  const i = process.argv.indexOf('--report');
  let report;
  if (i > 0) report = JSON.parse(fs.readFileSync(process.argv[i + 1], 'utf8'));
  else if (process.env.JIZU_AUDIT === 'skip') {
    console.log('!!! dependency audit SKIPPED (JIZU_AUDIT=skip): the shipped packages were not checked for advisories');
    return 0;
  } else {
    const got = await runAudit();
    if (got.error && /\b(404|405|501) /.test(got.error)) {
      // the registry this machine reaches has no advisory endpoint (it answers 405 to the bulk query): nothing can be
      // checked here, and a red run would only say so on every commit; any other failure (a timeout, no network) fails
      console.log(
        `!!! dependency audit NOT CHECKED: the registry offers no advisory service (${got.error}); run npm run audit where it does`,
      );
      return 0;
    }
    if (got.error) {
      console.error(
        `dependency audit could not run: the advisory service of the registry did not answer (${got.error}).`,
      );
      console.error(
        'Run it where the registry is reachable, or set JIZU_AUDIT=skip on a machine that cannot reach it (README § Security).',
      );
      return 1;
    }
    report = got.report;
  }
  const r = judge(report, allow);
  const line = (a) =>
    `  ${a.severity.padEnd(8)} ${a.package} ${a.range ?? ''} — ${a.title} (${a.ghsa || a.id}) ${a.url ?? ''}`;
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(
    `npm audit --omit=dev: ${
      Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'no figures'
    }`,
  );
  for (const a of r.excused) console.log(`allowed (audit-allow.json):\n${line(a)}`);
  for (const e of r.unused)
    console.log(`audit-allow.json: ${e.id} (${e.package ?? ''}) matches no advisory any more: remove it`);
  for (const p of r.problems) console.error(p);
  if (r.failing.length)
    console.error(
      `advisories at high or above, not in audit-allow.json:\n${r.failing.map(line).join('\n')}\nUpdate the package (npm update <name>, or the parent that pulls it in), or list the advisory in audit-allow.json with why it does not apply and an expiry date.`,
    );
  const ok = !r.failing.length && !r.problems.length;
  console.log(ok ? 'dependency audit passed' : 'dependency audit failed');
  return ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(await main());
