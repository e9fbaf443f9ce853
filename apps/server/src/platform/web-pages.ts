import fs from 'node:fs';
import path from 'node:path';

/** Where a page rendered at build time is kept in the web build (apps/web/scripts/prerender.mjs writes it there). */
export const PRERENDERED_DIR = 'prerendered';
const prerenderedName = (pathname: string) => `${PRERENDERED_DIR}/${pathname.replace(/^\/+|\/+$/g, '').replace(/\//g, '_')}.html`;

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
