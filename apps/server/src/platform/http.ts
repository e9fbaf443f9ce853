import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TDeps } from './deps';

/** The Fastify instance every module registers its routes on: zod-typed requests and responses. */
export type TApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A module's routes: registered under /api with the platform's deps. */
export type TModule = (app: TApp, deps: TDeps) => Promise<void> | void;

/** Request IP as the platform sees it (X-Forwarded-For only with TRUST_PROXY). */
export const clientIp = (req: { ip: string }) => req.ip || '';
