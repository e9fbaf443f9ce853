#!/usr/bin/env node
// Builds the server to apps/server/dist: JavaScript that Node runs as it is (no TypeScript compiler at run time).
// esbuild bundles the server's own modules and @jizu/shared (TypeScript sources, a workspace package) into one file
// per entry; every other package stays an import of node_modules (native modules, PGlite's WASM and data files,
// packages that read their own files). The files the server reads at run time are copied to the same places under
// dist as under src (src/paths.ts finds them from the running code).
//
//   node apps/server/scripts/build.mjs          build
//   import { buildServer } from '…/build.mjs'   buildServer({ ifStale: true }) builds only when a source is newer
import fs from 'node:fs';
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
};
/** Read at run time, relative to src and to dist alike (src/paths.ts). */
const ASSETS = ['db/migrations', 'data/regions.json'];

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
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@jizu/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true }));
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

export async function buildServer({ ifStale = false, quiet = false } = {}) {
  if (ifStale && !serverBuildStale()) return false;
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
  if (!quiet) console.log(`Server built to ${path.relative(root, serverDist)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServer().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
