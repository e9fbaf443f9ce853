import { randomBytes } from 'node:crypto';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TConfig } from '../config';

/**
 * The browser-side defences of every answer, in one place (README § Security):
 * - helmet's headers, on every response: a Content-Security-Policy (the strict one of non-page answers below; a
 *   page's own is set where the page is sent, `sendPage`), X-Content-Type-Options, Referrer-Policy,
 *   Cross-Origin-Opener-Policy, Cross-Origin-Resource-Policy, X-Frame-Options and, when PUBLIC_URL is https,
 *   Strict-Transport-Security;
 * - this module adds Permissions-Policy (helmet has none) and the PDF exception (Chrome's PDF viewer is a page of
 *   its own with inline styles and an <embed>, which the strict policy would leave blank: crbug.com/271452).
 *
 * Pages: scripts only from the app's own origin, plus the inline scripts of the page itself (index.html's early
 * fetch, the prerendered pages' deferred start, the account home's per-visitor answers), each carrying this
 * response's nonce; no 'unsafe-inline' and no 'unsafe-eval' for scripts. Styles allow 'unsafe-inline': antd 6 writes
 * its component styles as <style> elements at run time (CSS-in-JS), and antd, rc-motion, popups, tooltips and the
 * app's one-off values set `style` attributes, which no nonce can cover (a nonce or a hash allows elements, never
 * attributes). An injected style can restyle a page but runs nothing; scripts stay strict.
 * No page is meant to be framed (the payment, verification and finance sandboxes are pages of their own, the contract
 * PDF opens in its own tab): frame-ancestors 'none' and X-Frame-Options DENY everywhere, 'self' for PDFs.
 * Outside hosts: only AMap's, and only when AMAP_KEY is set (AMAP_CSP below); without a key the forms place a point
 * at the chosen district's centre and no outside host is listed.
 */

/**
 * What AMap JS API 2.0 loads, by directive: the API and its plugins (webapi), the services it calls by JSONP and XHR
 * (restapi: place search, geocoding, geolocation), the vector map data (vdata), the raster and satellite tiles
 * (*.is.autonavi.com), its icons and marker images (webapi, a.amap.com); it renders in web workers made from blob:
 * URLs. Nothing else of AMap's is used (no AMapUI, no Loca, no custom styles).
 */
export const AMAP_CSP = {
  script: ['https://webapi.amap.com', 'https://restapi.amap.com'],
  style: ['https://webapi.amap.com'],
  img: ['https://webapi.amap.com', 'https://a.amap.com', 'https://vdata.amap.com', 'https://*.is.autonavi.com'],
  connect: [
    'https://webapi.amap.com',
    'https://restapi.amap.com',
    'https://vdata.amap.com',
    'https://*.is.autonavi.com',
  ],
  worker: ["'self'", 'blob:'],
} as const;

/** Permissions-Policy: geolocation for the app itself only, the rest off. */
export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

/** A PDF opened in the browser: Chrome's viewer needs its inline styles and its <embed>; it may be framed by the app only. */
export const PDF_CSP = "frame-ancestors 'self'";

export interface TPagePolicy {
  /** `npm run dev`: Vite's hot-reload client talks over a WebSocket */
  dev: boolean;
  /** PUBLIC_URL is https: subresources are upgraded */
  https: boolean;
  /** AMAP_KEY is set: AMap's hosts are allowed (AMAP_CSP) */
  amap: boolean;
}

export const pagePolicyOf = (config: Pick<TConfig, 'webDevUrl' | 'publicUrl' | 'amap'>): TPagePolicy => ({
  dev: !!config.webDevUrl,
  https: config.publicUrl.startsWith('https://'),
  amap: !!config.amap,
});

/** The Content-Security-Policy of a page sent with `nonce`. */
export function pageCsp(policy: TPagePolicy, nonce: string): string {
  const map = (hosts: readonly string[]) => (policy.amap ? ` ${hosts.join(' ')}` : '');
  const d = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${map(AMAP_CSP.script)}`,
    `style-src 'self' 'unsafe-inline'${map(AMAP_CSP.style)}`,
    // data: the payment QR codes (qrcode.toDataURL) and antd's fallback images; blob: a seal image previewed before upload
    `img-src 'self' data: blob:${map(AMAP_CSP.img)}`,
    "font-src 'self' data:",
    // the API, the uploads; under npm run dev also Vite's hot-reload WebSocket
    `connect-src 'self'${policy.dev ? ' ws: wss:' : ''}${map(AMAP_CSP.connect)}`,
    ...(policy.amap ? [`worker-src ${AMAP_CSP.worker.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    // form-action is left open: the payment channels' pages post a form to the channel's own gateway (Alipay's)
    "frame-ancestors 'none'",
  ];
  if (policy.https) d.push('upgrade-insecure-requests');
  return d.join('; ');
}

/** A fresh nonce for one response: 128 random bits. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * Gives each <script> element of a page's template the nonce. Only for HTML the app itself wrote (the built pages,
 * Vite's page under npm run dev) before anything of a visitor's is put into it: React escapes every `<` of data it
 * renders, and the per-visitor answers are added with the nonce of their own (platform/web-pages.ts).
 */
export const nonceScripts = (html: string, nonce: string) =>
  html.replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`);

/** Sends a page of the web app whose scripts carry `nonce` (nonceScripts), with the page policy of that nonce. */
export function sendPage(reply: FastifyReply, policy: TPagePolicy, nonce: string, html: string) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', pageCsp(policy, nonce))
    .send(html);
}

/** helmet's settings: the headers of every answer, hooks or not (securityHeadersOf). */
function helmetOptions(config: Pick<TConfig, 'publicUrl'>) {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      // answers that are not pages (JSON, uploads, scripts, styles): nothing may run or load in them if opened as documents
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    // the app loads nothing from other origins; this would only stop a future cross-origin image or PDF for no gain
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' as const },
    crossOriginResourcePolicy: { policy: 'same-origin' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // only when PUBLIC_URL is https: the reverse proxy ends TLS and sends plain http to here (README § Security)
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : (false as const),
    xFrameOptions: { action: 'deny' as const },
  };
}

/**
 * The headers helmet writes for these settings and Permissions-Policy, computed once at start: no directive is a
 * function of the request, so every answer gets the same headers. (@fastify/helmet built helmet's middleware again
 * on every request: about 40 µs of CPU a request in bench:profile, for headers that never change.)
 */
export function securityHeadersOf(config: Pick<TConfig, 'publicUrl'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: unknown) => {
      headers[k.toLowerCase()] = String(v);
    },
    removeHeader: (k: string) => {
      delete headers[k.toLowerCase()];
    },
  };
  helmet(helmetOptions(config))({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * The headers of an answer Fastify sends before any hook runs (a broken %-encoding, an over-long path parameter:
 * frameworkErrors in app.ts): the same headers.
 */
export function frameworkErrorHeaders(config: Pick<TConfig, 'publicUrl'>) {
  const headers = securityHeadersOf(config);
  return (_req: unknown, reply: FastifyReply) => {
    reply.headers(headers);
  };
}

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<TConfig, 'publicUrl'>) {
  const headers = securityHeadersOf(config);
  // first of every answer's hooks: a page (sendPage) or a PDF (below) then sets its own policy over the strict one
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/pdf'))
      reply.header('content-security-policy', PDF_CSP).header('x-frame-options', 'SAMEORIGIN');
    done(null, payload);
  });
}
