import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPANY_COOKIE, SESSION_COOKIE, clearEndedSession } from './session';
import { nonceScripts } from './security-headers';

/** Where a page rendered at build time is kept in the web build (apps/web/scripts/prerender.mjs writes it there). */
export const PRERENDERED_DIR = 'prerendered';
const prerenderedName = (pathname: string) =>
  `${PRERENDERED_DIR}/${pathname.replace(/^\/+|\/+$/g, '').replace(/\//g, '_')}.html`;

/**
 * The web app's HTML for an address: the copy of index.html rendered at build time for that page (its largest
 * element paints before any script runs: /login, /site), or index.html itself. Read at each request, like
 * index.html, so a new build is served at once without a restart.
 */
export function webPageFile(webDist: string, url: string): string {
  const pathname = url.split('?')[0];
  if (/^\/[\w/-]*$/.test(pathname)) {
    const file = path.join(webDist, prerenderedName(pathname));
    if (fs.existsSync(file)) return file;
  }
  return path.join(webDist, 'index.html');
}

/**
 * Pages rendered per visitor: their content is the visitor's own data (the account home), so build time cannot render
 * it. The web build leaves a template (`<page>.ssr.html`, apps/web/scripts/prerender.mjs) and a renderer
 * (apps/web/.prerender/prerender.js, the app's real components built for Node); the server renders the page with the
 * answers of GET /api/index/info and /api/index/menu for the visitor's own session (asked through the app itself, so
 * every rule of those calls holds) and sends them in the page too, where the head's early fetch takes them instead of
 * asking again. Why: the largest element (the account card) paints from the HTML, before any script has run
 * (bench/bundle.ts). Anything amiss (no session, a refusal, a render error) sends the page as built, as before.
 */
const SSR_PAGES = new Set(['/dashboard/index']);
const SSR_MARK = '<!--jizu-ssr-->';
const ssrName = (pathname: string) => prerenderedName(pathname).replace(/\.html$/, '.ssr.html');

type TRenderer = { renderAccountHome: (path: string, info: unknown, menu: unknown) => Promise<string> };
let renderer: { mtimeMs: number; mod: Promise<TRenderer | null> } | null = null;
/**
 * The renderer of the web build, loaded once per process (its chunks import it by its plain address: a second copy
 * under another address would not share React's contexts with them). A newer build on disk is not rendered with the
 * old renderer (its markup could name the old build's style classes): the page goes as built until a restart.
 */
function loadRenderer(webDist: string): Promise<TRenderer | null> {
  const file = path.resolve(webDist, '../.prerender/prerender.js');
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return Promise.resolve(null);
  }
  renderer ??= {
    mtimeMs,
    mod: import(pathToFileURL(file).href).then(
      (m: Partial<TRenderer>) => (typeof m.renderAccountHome === 'function' ? (m as TRenderer) : null),
      () => null,
    ),
  };
  return renderer.mtimeMs === mtimeMs ? renderer.mod : Promise.resolve(null);
}

/** The query the head's early fetch adds (index.html): the company cookie when it is a positive integer. */
function earlyQuery(company: string | undefined): string {
  const id = Number(company);
  return id > 0 && Number.isInteger(id) ? `?company_id=${id}` : '';
}

/** A string as a JavaScript literal that cannot end the <script> it is in. */
const scriptString = (s: string) =>
  JSON.stringify(s)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The account home for this visitor (null: send the page as built), its scripts carrying `nonce`
 * (platform/security-headers.ts). A session that has ended takes its cookies away in `reply` (clearEndedSession): the
 * page then knows there is none, and asks nothing that would answer 401.
 */
export async function visitorPage(
  app: FastifyInstance,
  webDist: string,
  req: FastifyRequest,
  reply: FastifyReply,
  nonce: string,
): Promise<string | null> {
  const pathname = req.url.split('?')[0];
  const cookie = req.headers.cookie;
  if (req.method !== 'GET' || !SSR_PAGES.has(pathname) || !cookie || !req.cookies?.[SESSION_COOKIE]) {
    // loaded on any page (the login page, say) ahead of the first account home, which would otherwise wait for it
    if (!renderer && req.method === 'GET') void loadRenderer(webDist);
    return null;
  }
  const template = path.join(webDist, ssrName(pathname));
  if (!fs.existsSync(template)) return null;
  try {
    const r = await loadRenderer(webDist);
    if (!r) return null;
    const q = earlyQuery(req.cookies[COMPANY_COOKIE]);
    const urls = [`/api/index/info${q}`, `/api/index/menu${q}`];
    const answers = await Promise.all(
      urls.map((url) =>
        app.inject({
          method: 'GET',
          url,
          headers: {
            cookie,
            'x-requested-with': 'XMLHttpRequest',
            accept: 'application/json',
            'user-agent': req.headers['user-agent'] ?? '',
          },
          remoteAddress: req.ip,
        }),
      ),
    );
    if (answers.some((a) => a.statusCode === 401)) clearEndedSession(req, reply);
    if (answers.some((a) => a.statusCode !== 200)) return null;
    const [info, menu] = answers.map((a) => a.json() as { status: number; data: unknown });
    if (info.status !== 1 || menu.status !== 1) return null;
    const html = await r.renderAccountHome(pathname, info.data, menu.data);
    const early = `<script nonce="${nonce}">window.__jizuAnswers={${urls.map((u, i) => `${scriptString(u)}:${scriptString(answers[i].body)}`).join(',')}};</script>`;
    // the template's own scripts get the nonce before the visitor's markup goes in
    const doc = nonceScripts(await fs.promises.readFile(template, 'utf8'), nonce)
      .replace(SSR_MARK, () => html)
      .replace('<meta charset="UTF-8" />', (m) => `${m}\n    ${early}`);
    return doc.includes('__jizuAnswers') ? doc : null;
  } catch (e) {
    req.log.warn({ err: e }, 'account home not rendered per visitor; the built page is sent');
    return null;
  }
}
