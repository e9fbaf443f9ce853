import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import { AccessLog, lazyChild, type TLog } from './platform/logging';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import {
  jsonSchemaTransform,
  validatorCompiler,
  serializerCompiler as serializerCompilerZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from './platform/serialize';
import type { TConfig } from './config';
import type { TDatabase } from './db/client';
import { registerEnvelope, sendFrameworkError } from './platform/envelope';
import { lacksSession, registerAccess } from './platform/access';
import { registerInputGuard } from './platform/input';
import { createSmsSender } from './platform/sms';
import { registerMetrics, RequestStats } from './platform/metrics';
import { createRateLimiter } from './platform/rate-limit';
import { createObjectStore } from './platform/object-store';
import { createVerifier } from './platform/verifier';
import { createFinance } from './platform/finance';
import { createPaymentChannels } from './platform/payment';
import type { TDeps, TStartup } from './platform/deps';
import type { TApp } from './platform/http';
import { modules } from './modules';
import { uploadFileRoutes } from './modules/upload/upload.routes';
import { siteRoutes } from './modules/market/site.routes';
import { PRERENDERED_DIR, visitorPage, webPageFile } from './platform/web-pages';
import { cookieOptsOf, keepSessionHint } from './platform/session';
import {
  frameworkErrorHeaders,
  newNonce,
  nonceScripts,
  pagePolicyOf,
  registerSecurityHeaders,
  sendPage,
} from './platform/security-headers';
import { webDist as defaultWebDist } from './paths';
import { backupRoutes } from './platform/backup';

export interface TBuildOptions {
  config: TConfig;
  database: TDatabase;
  /** replaces the platform's providers in tests */
  overrides?: Partial<Pick<TDeps, 'sms' | 'limiter' | 'store' | 'verifier' | 'finance' | 'payments'>>;
  logger?: boolean;
  /** the token of POST /api/ops/backup (platform/backup.ts): set by main.ts on an embedded database on disk */
  backupToken?: string;
  /** what main.ts still does before the server is ready (the demo data): GET /api/health/ready answers 503 meanwhile */
  startup?: TStartup;
}

/** Builds the whole HTTP application without listening: main.ts listens, tests inject. */
export async function buildApp(opts: TBuildOptions) {
  const { config, database } = opts;
  // measured only when someone may read it (METRICS_TOKEN)
  const requests = config.metricsToken ? new RequestStats() : null;
  const securedFrameworkError = frameworkErrorHeaders(config);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64
        ? req.headers['x-request-id']
        : randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    logController: new AccessLog(requests),
    childLoggerFactory: (logger, bindings, opts) =>
      lazyChild(logger as TLog, bindings as Record<string, unknown>, opts as Record<string, unknown>),
    // a broken %-encoding or an over-long path parameter: the envelope in Chinese, not Fastify's English default
    // (no hook runs for these: the security headers are set here)
    frameworkErrors: (err, req, reply) => {
      securedFrameworkError(req, reply);
      sendFrameworkError(err, req, reply);
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as TApp;

  // the security headers of every answer (CSP, HSTS, frame and referrer policies), before any hook or route
  registerSecurityHeaders(app, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(config.fastSerializer ? fastSerializerCompiler : serializerCompilerZod);
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });

  const deps: TDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    sms: opts.overrides?.sms ?? createSmsSender(config, app.log),
    limiter: opts.overrides?.limiter ?? (await createRateLimiter(config, database.db, app.log)),
    store: opts.overrides?.store ?? createObjectStore(config),
    verifier: opts.overrides?.verifier ?? createVerifier(config, app.log),
    finance: opts.overrides?.finance ?? createFinance(config, app.log),
    payments: opts.overrides?.payments ?? createPaymentChannels(config, database.db, app.log),
    startup: opts.startup,
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    await deps.limiter.close();
  });

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: '机租通 jizu API',
        version: '0.1.0',
        description: 'Envelope {status, msg, data}; status 1 success, 0 failure, -1 login expired.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // each operation says who may call it (x-access: public, user, company, main, staff), as declared beside the route
    transform: (arg) => {
      const out = jsonSchemaTransform(arg);
      const access = arg.route.config?.access;
      return access ? { ...out, schema: { ...out.schema, 'x-access': access } } : out;
    },
  });
  // its page's own policy (hashes of its inline scripts), framed by nobody and not upgraded to https on a plain-http host
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (h) =>
      h.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;/, ''),
  });

  // The built web app (apps/web/dist): its page answers every address no route serves (history fallback). Under
  // `npm run dev` the page comes from Vite's dev server instead (its scripts hot-reload), and Vite serves the rest.
  const devWeb = config.webDevUrl;
  const webDist = config.webDist ?? defaultWebDist;
  const builtWeb = !devWeb && fs.existsSync(path.join(webDist, 'index.html'));
  const webPage = devWeb
    ? (_url: string) => devWebPage(devWeb)
    : builtWeb
      ? (url: string) => fs.promises.readFile(webPageFile(webDist, url), 'utf8')
      : null;
  const policy = pagePolicyOf(config);
  const cookieOpts = cookieOptsOf(config);
  const stranger = (req: FastifyRequest) => lacksSession(req, database.db);
  registerEnvelope(
    app,
    builtWeb
      ? {
          stranger,
          page: async (req, reply) => {
            const nonce = newNonce();
            keepSessionHint(req, reply, cookieOpts);
            // the account home, rendered with the visitor's own account card: private to them, never cached
            const mine = await visitorPage(app, webDist, req, reply, nonce);
            if (mine) return sendPage(reply.header('cache-control', 'private, no-store'), policy, nonce, mine);
            // the page itself (index.html, or the copy rendered at build time: /login, /site) is never cached, so a
            // new release is picked up at once; read at each request, so a new build is served without a restart
            return sendPage(
              reply.header('cache-control', 'no-cache'),
              policy,
              nonce,
              nonceScripts(await fs.promises.readFile(webPageFile(webDist, req.url), 'utf8'), nonce),
            );
          },
        }
      : devWeb
        ? {
            stranger,
            page: async (req, reply) => {
              const nonce = newNonce();
              keepSessionHint(req, reply, cookieOpts);
              return sendPage(
                reply.header('cache-control', 'no-cache'),
                policy,
                nonce,
                nonceScripts(await devWebPage(devWeb), nonce),
              );
            },
          }
        : { stranger },
  );
  registerAccess(app, database.db);
  registerInputGuard(app);

  await app.register(
    async (api) => {
      for (const mod of modules) await mod(api as TApp, deps);
    },
    { prefix: '/api' },
  );
  // GET /metrics for Prometheus, behind METRICS_TOKEN
  registerMetrics(app, { token: config.metricsToken, requests, db: database.stats });
  // npm run backup asks the running server for a copy of its embedded database (PGlite is one process's alone)
  if (opts.backupToken && database.dumpDataDir) {
    const token = opts.backupToken;
    await app.register(async (root) => backupRoutes(root, database, config.dataDir, token));
  }
  // Uploaded files are served at the root: /uploads/<kind>/<yyyy>/<mm>/<name>.<ext>
  await app.register(async (root) => uploadFileRoutes(root as TApp, deps));
  // Public pages with their own <title>, description and canonical link in the HTML, and /sitemap.xml (search engines)
  await app.register(async (root) => siteRoutes(root as TApp, deps, webPage, policy));

  // The built web app's files; its page is the not-found handler's fallback (registerEnvelope); /api and /uploads never fall back.
  if (builtWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      serve: true,
      prefix: '/',
      decorateReply: true,
      maxAge: '1y',
      immutable: true,
      // the pre-rendered pages are sent at their own addresses (webPageFile), not as files of their own
      // and index.html itself only as a page, with its nonce (platform/security-headers.ts)
      allowedPath: (pathname) => !pathname.startsWith(`/${PRERENDERED_DIR}/`) && pathname !== '/index.html',
      // the page itself is never cached, so a new release is picked up at once; hashed assets are immutable
      setHeaders: (res, file) => {
        if (file.endsWith('index.html')) res.header('cache-control', 'no-cache');
      },
    });
  }
  return app;
}

/** The web app's page as Vite's dev server serves it (its hot-reload client and the React refresh preamble added). */
async function devWebPage(devWeb: string): Promise<string> {
  const res = await fetch(`${devWeb}/index.html`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`the Vite dev server answered ${res.status} for index.html`);
  return res.text();
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: TDeps;
  }
}
