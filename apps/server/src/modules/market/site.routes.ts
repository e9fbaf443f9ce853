import type { FastifyReply, FastifyRequest } from 'fastify';
import { M } from '@jizu/shared/messages';
import type { TDeps } from '../../platform/deps';
import type { TApp } from '../../platform/http';
import { newNonce, nonceScripts, sendPage, type TPagePolicy } from '../../platform/security-headers';
import { cookieOptsOf, keepSessionHint } from '../../platform/session';
import { injectMeta, siteMetas, sitemapSources, sitemapXml, type TSitemapEntry } from './site-meta';

/** The page when no web app is built (API-only runs and tests): the same head the built index.html has. */
const BARE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${M.market.siteName}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * The public pages search engines read, at the root (not under /api): every registered page pattern answers the web
 * app's index.html with its own title, description and canonical link (a record that is not public: 404, a generic
 * title and noindex; the app then shows its message), and /sitemap.xml. Registered after every module, so the
 * patterns the modules registered are all known.
 */
export function siteRoutes(
  root: TApp,
  deps: TDeps,
  webPage: ((url: string) => Promise<string>) | null,
  policy: TPagePolicy,
) {
  // the web app's page for the address (index.html, the copy rendered at build time for it, or Vite's under npm run dev)
  const template = async (url: string) => (webPage ? webPage(url).catch(() => BARE) : BARE);
  for (const [pattern, resolve, gone] of siteMetas()) {
    root.get(pattern, { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
      const meta = await resolve(deps.db, req.params as Record<string, string>, req.query as Record<string, string>);
      const path = req.url.split('?')[0].replace(/\/$/, '');
      // the template's scripts get this answer's nonce before the record's title and description go in
      const nonce = newNonce();
      const html = injectMeta(
        nonceScripts(await template(req.url), nonce),
        meta ?? gone ?? { title: `${M.market.offShelfTitle} - ${M.market.siteName}`, description: M.market.offShelf },
        deps.config.publicUrl + path,
        !meta,
      );
      keepSessionHint(req, reply, cookieOptsOf(deps.config));
      return sendPage(reply.status(meta ? 200 : 404).header('cache-control', 'no-cache'), policy, nonce, html);
    });
  }
  root.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const entries: TSitemapEntry[] = [];
    for (const source of sitemapSources()) entries.push(...(await source(deps.db)));
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(sitemapXml(deps.config.publicUrl, entries));
  });
}
