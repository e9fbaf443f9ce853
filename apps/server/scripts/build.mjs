#!/usr/bin/env node
// Builds the server to apps/server/dist: JavaScript that Node runs as it is (no TypeScript compiler at run time).
// esbuild bundles the server's own modules and @jizu/shared (TypeScript sources, a workspace package) into one file
// per entry; every other package stays an import of node_modules (native modules, PGlite's WASM and data files,
// packages that read their own files). The files the server reads at run time are copied to the same places under
// dist as under src (src/paths.ts finds them from the running code).
//
//   node apps/server/scripts/build.mjs          build
//   import { buildServer } from '…/build.mjs'   buildServer({ ifStale: true }) builds only when a source is newer
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(server, '../..');
const src = path.join(server, 'src');
export const serverDist = path.join(server, 'dist');

/** The programs of the build, by the name of their file in dist. */
const ENTRIES = {
  main: 'main.ts',
  'seed-demo': 'seed/demo.cli.ts',
  'data-rekey': 'db/rekey.cli.ts',
  backup: 'platform/backup.cli.ts',
  'pglite-template': 'db/template.cli.ts',
};
/** Read at run time, relative to src and to dist alike (src/paths.ts). */
const ASSETS = ['db/migrations', 'data/regions.json', 'data/region-centres.json'];

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** True when dist is missing or older than a source, the shared package, this script or the lock file. */
export function serverBuildStale() {
  const built = path.join(serverDist, 'main.js');
  if (!fs.existsSync(built)) return true;
  const sources = Math.max(
    newestMtime(src),
    newestMtime(path.join(root, 'packages/shared/src')),
    newestMtime(path.join(server, 'package.json')),
    newestMtime(fileURLToPath(import.meta.url)),
  );
  return fs.statSync(built).mtimeMs < sources;
}

/** Keeps every bare import external except the workspace's own packages, which are TypeScript and get bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@jizu/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * esbuild's options for the server's programs into `outdir`. `dev` (npm run dev, scripts/dev.mjs): the main program
 * only, and the files read at run time are taken from src where they are (no copies to keep up to date).
 */
export function serverBuildOptions(outdir, { dev = false } = {}) {
  const entries = dev ? { main: ENTRIES.main } : ENTRIES;
  return {
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(src, file)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // one file per program (no shared chunks): nothing is loaded lazily from dist after the start
    splitting: false,
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [externalPackages],
    logLevel: 'warning',
    tsconfig: path.join(server, 'tsconfig.json'),
    define: dev ? { __JIZU_CODE_ROOT__: JSON.stringify(src) } : {},
  };
}

/**
 * The key of the embedded database's template for the migrations in src (the same as src/db/template.ts computes at
 * run time; db/template.test.ts checks that both agree).
 */
export function pgliteTemplateKey() {
  const h = createHash('sha256');
  const require = createRequire(path.join(server, 'package.json'));
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json');
  h.update(`pglite ${JSON.parse(fs.readFileSync(pkg, 'utf8')).version}\n`);
  const migrations = path.join(src, 'db/migrations');
  for (const f of fs.readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const p = path.join(migrations, f);
    if (fs.statSync(p).isDirectory()) continue;
    h.update(`${f}\n`).update(fs.readFileSync(p));
  }
  h.update(fs.readFileSync(path.join(src, 'data/regions.json')));
  return h.digest('hex').slice(0, 16);
}

/**
 * Makes the migrated empty database that new PGlite data directories start from (src/db/template.ts) when the one
 * of these migrations is missing: once per new migration or PGlite version, 5–15 s here. A failure only costs speed:
 * the server then makes its database the old way.
 */
function ensurePgliteTemplate(quiet) {
  if (fs.existsSync(path.join(server, 'node_modules/.cache/jizu-pglite', pgliteTemplateKey(), 'PG_VERSION'))) return;
  const r = spawnSync(process.execPath, [path.join(serverDist, 'pglite-template.js')], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (r.status !== 0)
    console.warn(
      `The empty database template was not made (new data directories are then migrated at their first start):\n${r.stderr ?? ''}`,
    );
}

export async function buildServer({ ifStale = false, quiet = false } = {}) {
  if (ifStale && !serverBuildStale()) {
    ensurePgliteTemplate(quiet);
    return false;
  }
  const started = Date.now();
  const esbuild = await import('esbuild');
  // written beside dist and swapped in at the end: a server running from dist keeps its files until it restarts
  const out = `${serverDist}.next`;
  fs.rmSync(out, { recursive: true, force: true });
  await esbuild.build(serverBuildOptions(out));
  for (const asset of ASSETS) fs.cpSync(path.join(src, asset), path.join(out, asset), { recursive: true });
  // dist as a module folder of its own: Node reads the .js files as ES modules (the package is "type": "module" too)
  fs.writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  fs.rmSync(serverDist, { recursive: true, force: true });
  fs.renameSync(out, serverDist);
  if (!quiet)
    console.log(
      `Server built to ${path.relative(root, serverDist)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  ensurePgliteTemplate(quiet);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServer().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
