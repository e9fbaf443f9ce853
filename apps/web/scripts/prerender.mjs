/**
 * After `vite build`: renders the pages listed below with their real components (src/prerender.tsx, built for Node
 * here) into copies of dist/index.html, in dist/prerendered/<page>.html, which the server sends for those addresses
 * (apps/server/src/platform/web-pages.ts). Each copy carries, in its head, antd's styles for what the page shows, the
 * stylesheets of the page's own chunks and a modulepreload of its scripts, so the page paints from the HTML and its
 * chunks download beside the entry. Why: the largest contentful paint (bench/bundle.ts).
 *
 * Below 992 px the app lays these pages out differently (useIsMobile), and the HTML is rendered at the desktop
 * width: there it stays hidden (a media query), and the page paints when the app renders, as without it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `--dist=dist-dev`: the development-like build the browser journeys serve (package.json build:dev), with the same pages
const distName = process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length) ?? 'dist';
const dist = path.join(web, distName);
const out = path.join(web, '.prerender');

/**
 * The pages, and the source modules of their routes (their chunks' scripts and stylesheets go into the head).
 * `html: false`: a page whose content is the visitor's own data (the account home) gets the head only: its chunks
 * download beside the entry instead of after it, and antd's styles for it are not computed in the browser.
 */
const PAGES = [
  { path: '/login', modules: ['src/features/auth/LoginPage.tsx'] },
  { path: '/site', modules: ['src/site/SiteLayout.tsx', 'src/site/HomePage.tsx'] },
  { path: '/dashboard/index', modules: ['src/app/Shell.tsx', 'src/features/dashboard/DashboardPage.tsx'], html: false },
];

/** The file a pre-rendered page is kept in; the server finds it by the same rule. */
export const prerenderedFile = (p) => `prerendered/${p.replace(/^\//, '').replace(/\//g, '_')}.html`;
/** The template of a page rendered per visitor (`html: false`), and the mark its render replaces (the server's rule). */
export const ssrFile = (p) => prerenderedFile(p).replace(/\.html$/, '.ssr.html');
export const SSR_MARK = '<!--jizu-ssr-->';

await build({
  root: web,
  logLevel: 'warn',
  // antd's ES modules import without extensions and some of its dependencies are CommonJS with a default export: Node
  // loads neither as the browser build does, so everything is bundled but React (one copy, shared with react-dom/server)
  ssr: { noExternal: true, external: ['react', 'react-dom'] },
  // the markup as the production app's, whatever NODE_ENV the server that renders per visitor runs with (antd names
  // its style classes differently in development, and the page's head carries the production ones)
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false },
});
const { prerender, prerenderStyles } = await import(path.join(out, 'prerender.js'));

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The chunks a module needs (itself and its static imports, the entry's own excluded) and their stylesheets. */
function chunksOf(modules) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const c = manifest[key];
    if (!c) throw new Error(`prerender: ${key} is not in the build manifest`);
    if (c.isEntry || js.has(c.file)) return;
    js.add(c.file);
    for (const f of c.css ?? []) css.add(f);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const m of modules) visit(m);
  return { js: [...js], css: [...css] };
}

/**
 * The page with `html` in its root, and its entry started once that HTML has painted. `inert`: the HTML is shown but
 * takes no click, focus or typing until the app has rendered over it (a click on a button that has no handler yet
 * would be lost; with inert it lands on nothing, and automation waits for the live button).
 */
function withBody(doc, html, inert = false) {
  // The entry runs once the HTML has been painted: a module script is run as soon as the document is parsed, and
  // its evaluation (React, antd: a long task at 4× slowdown) could come before the first frame and hold the HTML's
  // paint back behind it. It downloads at once all the same (modulepreload); a hidden tab, which paints no frames,
  // starts it after 200 ms.
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const src = doc.match(entry)?.[1];
  if (!src) throw new Error('prerender: no entry <script type="module"> in dist/index.html');
  const start =
    `<script>(function(){var done=false;function start(){if(done)return;done=true;var s=document.createElement('script');` +
    `s.type='module';s.crossOrigin='';s.src=${JSON.stringify(src)};document.head.appendChild(s);}` +
    `requestAnimationFrame(function(){setTimeout(start);});setTimeout(start,200);})();</script>`;
  const out = doc
    .replace(entry, () => `<link rel="modulepreload" crossorigin href="${src}">`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root"><div data-prerendered${inert ? ' inert' : ''} style="display: contents">${html}</div></div>\n    ${start}`,
    );
  if (!out.includes('data-prerendered')) throw new Error('prerender: no <div id="root"></div> in dist/index.html');
  return out;
}

fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const page of PAGES) {
  const { html, styles } =
    page.html === false ? { html: '', styles: await prerenderStyles(page.path) } : await prerender(page.path);
  const { js, css } = chunksOf(page.modules);
  // every class of a CSS module in the HTML must come with its stylesheet (a new module of the page not listed above)
  const sheets = css.map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
  for (const [, cls] of html.matchAll(/class="([^"]*)"/g)) {
    for (const c of cls.split(/\s+/))
      if (/^_\w+_[\w-]{5,}/.test(c) && !sheets.includes(`.${c}`))
        throw new Error(`prerender ${page.path}: no stylesheet for class ${c}; add its module to PAGES`);
  }
  const head = [
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    // phones get another layout (useIsMobile): the desktop HTML stays hidden there until the app renders
    ...(html ? ['<style>@media (max-width: 991.98px) { [data-prerendered] { display: none } }</style>'] : []),
  ].join('\n    ');
  const viewport = /<meta name="viewport"[^>]*>/;
  if (!viewport.test(template)) throw new Error('prerender: no viewport meta in dist/index.html');
  let doc = template
    .replace('</head>', () => `    ${head}\n  </head>`)
    // antd's styles before every stylesheet of ours, where its runtime puts them (prepended): ours win at equal
    // specificity (a CSS module's icon colour over .anticon's)
    .replace(viewport, (m) => `${m}\n    ${styles}`);
  if (html) doc = withBody(doc, html);
  fs.writeFileSync(path.join(dist, prerenderedFile(page.path)), doc);
  console.log(
    `prerendered ${page.path} → ${distName}/${prerenderedFile(page.path)} (${(doc.length / 1024).toFixed(1)} KB)`,
  );
  if (page.html === false) {
    // the same head with a place for the visitor's own render, which the server fills at each request (SSR_MARK)
    const ssr = withBody(
      doc.replace(
        '</head>',
        () => `    <style>@media (max-width: 991.98px) { [data-prerendered] { display: none } }</style>\n  </head>`,
      ),
      SSR_MARK,
      true,
    );
    fs.writeFileSync(path.join(dist, ssrFile(page.path)), ssr);
    console.log(`  and its template for a render per visitor → ${distName}/${ssrFile(page.path)}`);
  }
}
