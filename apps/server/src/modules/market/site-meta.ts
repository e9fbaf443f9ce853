import type { Executor } from '../../db/client';

/**
 * What search engines read of the public site (ARCHITECTURE § Speed / public pages): each public page address has a
 * resolver for its own <title>, description and canonical link, put into the web app's index.html by the server
 * (site.routes.ts) before any script runs; /sitemap.xml lists what the registered sources give. The market registers
 * its market and listing pages and, through shop.service's contract, the shop pages; other areas (halls) register
 * theirs the same way. Registering a pattern or a source name again replaces it.
 */
export interface TSiteMeta {
  title: string;
  description: string;
}

/** The page's meta, or null when the record is not public (the page is then sent with a 404 and noindex). */
export type TSiteMetaResolver = (
  db: Executor,
  params: Record<string, string>,
  query: Record<string, string>,
) => Promise<TSiteMeta | null>;
export interface TSitemapEntry {
  /** a path of the public site, e.g. /site/device/12 */
  path: string;
  /** yyyy-MM-dd */
  lastmod?: string;
}
export type TSitemapSource = (db: Executor) => Promise<TSitemapEntry[]>;

const metas = new Map<string, { resolve: TSiteMetaResolver; gone?: TSiteMeta }>();
const sources = new Map<string, TSitemapSource>();

/**
 * A public page pattern in Fastify's syntax ('/site/shop/:id') and its meta resolver; `gone` is the page's own title
 * and description when its record is not public (by default the listing's 设备已下架).
 */
export function registerSiteMeta(pattern: string, resolver: TSiteMetaResolver, gone?: TSiteMeta) {
  metas.set(pattern, { resolve: resolver, gone });
}

/** A named source of sitemap entries ('listings', 'shops'). */
export function registerSitemapSource(name: string, source: TSitemapSource) {
  sources.set(name, source);
}

export const siteMetas = () => [...metas.entries()].map(([pattern, m]) => [pattern, m.resolve, m.gone] as const);
export const sitemapSources = () => [...sources.values()];

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for HTML and XML: the five special characters escaped. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

/**
 * index.html with the page's own title, description and canonical link (and noindex for a page that is not public):
 * the template's <title> is replaced, the rest goes before </head>.
 */
export function injectMeta(html: string, meta: TSiteMeta, canonical: string, noindex: boolean): string {
  const head = [
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    noindex ? '<meta name="robots" content="noindex" />' : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  // the template's own description goes: the page has one of its own
  const base = html.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const withTitle = /<title>[\s\S]*?<\/title>/i.test(base)
    ? base.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : base.replace(/<head>/i, () => `<head>\n    ${title}`);
  return withTitle.replace(/<\/head>/i, () => `    ${head}\n  </head>`);
}

export function sitemapXml(origin: string, entries: TSitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeHtml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
