/**
 * Build-time rendering (scripts/prerender.mjs; ARCHITECTURE § Speed), for the largest contentful paint:
 * - `prerender`: pages whose largest element is static (/login, /site), rendered to HTML with their real components and
 *   antd's styles for what they show, so the page paints from the HTML before any script has run. In the browser
 *   main.tsx renders the app over it once the page's chunks are in. Only what needs no request is in it: queries stay
 *   pending here (a loading placeholder, the 登录 button).
 * - `prerenderStyles`: for a page whose content is the visitor's own data (the account home), only antd's styles,
 *   from a render of its real components with a sample account. antd's runtime finds them in the page (the
 *   `data-ant-cssinjs-cache-path` map) and does not compute them again: the first render of the shell and the page
 *   is that much shorter.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { MENU_TREE, type TMenuNode } from '@jizu/shared/constants/menu';
import type { TMenuItem, TUserInfo } from './api/types';
import { Providers, queryClient } from './app/providers';
import { AppRoutes, warmRoutes } from './app/router';
import { infoKey, menuKey } from './app/session';
import { SAMPLE_INFO } from './texts/layout';

/** The app at `path` as HTML, its antd styles kept in `cache`. */
const appHtml = (path: string, cache: ReturnType<typeof createCache>) =>
  renderToString(
    <StyleProvider cache={cache}>
      <Providers>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StyleProvider>,
  );

async function render(path: string): Promise<{ html: string; styles: string }> {
  // with the page's modules loaded first, the routes render them at once instead of their loading fallback
  await warmRoutes(path);
  const cache = createCache();
  const html = appHtml(path, cache);
  return { html, styles: extractStyle(cache) };
}

export async function prerender(path: string): Promise<{ html: string; styles: string }> {
  queryClient.clear();
  return render(path);
}

const toMenu = (nodes: TMenuNode[]): TMenuItem[] =>
  nodes.map((n) => ({ id: n.id, name: n.name, icons: n.icons, url: n.url, child: toMenu(n.child ?? []) }));

/** `run` with an account's card and menu in the query cache (as the user centre's first render has them), then none. */
async function withAccount<T>(info: TUserInfo, menu: TMenuItem[], run: () => T | Promise<T>): Promise<T> {
  queryClient.clear();
  queryClient.setQueryData(infoKey, info);
  queryClient.setQueryData(menuKey, menu);
  try {
    return await run();
  } finally {
    queryClient.clear();
  }
}

export async function prerenderStyles(path: string): Promise<string> {
  return withAccount(SAMPLE_INFO, toMenu(MENU_TREE), async () => (await render(path)).styles);
}

/**
 * The account home rendered for one visitor, at request time (the server, platform/web-pages.ts): the shell and the
 * page with the visitor's own account card and menu (the answers of GET /index/info and /index/menu for their session),
 * other queries still pending. The largest element of the page is then in the HTML, and paints before any script has
 * run. antd's styles are already in the page's head (prerenderStyles) and computed once per process here: the render
 * itself is synchronous, so the shared query cache holds this visitor's data only while it runs.
 */
const requestCache = createCache();
const warmed = new Map<string, Promise<unknown>>();
export async function renderAccountHome(path: string, info: TUserInfo, menu: TMenuItem[]): Promise<string> {
  if (!warmed.has(path)) warmed.set(path, warmRoutes(path));
  await warmed.get(path);
  // synchronous from here to the end of the render: no other visitor's render runs in between
  return withAccount(info, menu, () => appHtml(path, requestCache));
}
