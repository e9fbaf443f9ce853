/**
 * Build-time rendering of the pages whose largest element is static (scripts/prerender.mjs; ARCHITECTURE § Speed):
 * the real components, rendered to HTML once per build with antd's styles for what they show, so the page paints from
 * the HTML before any script has run. In the browser main.tsx renders the app over it once the page's chunks are in.
 * Only what needs no request is in it: queries stay pending here (a loading placeholder, the 登录 button).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Providers } from './app/providers';
import { AppRoutes, warmRoutes } from './app/router';

export async function prerender(path: string): Promise<{ html: string; styles: string }> {
  // with the page's modules loaded first, the routes render them at once instead of their loading fallback
  await warmRoutes(path);
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <Providers>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache) };
}
