import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { M } from '@jizu/shared/messages';
import { STATUS, type TEnvelope } from '@jizu/shared/errors';
import { AppError } from './errors';
import { isDependencyDown, replyDependencyDown } from './dependency';

export function ok<T>(data: T, msg: string = M.common.ok): TEnvelope<T> {
  return { status: STATUS.OK, msg, data };
}

export interface TPageResult<T> {
  data: T[];
  total: number;
}

/** Turns every failure into the envelope (ARCHITECTURE § The HTTP API). Internals go to the log only. */
export function registerEnvelope(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      const body: TEnvelope = { status: err.code === 'UNAUTHENTICATED' ? STATUS.EXPIRED : STATUS.FAIL, msg: err.message, data: err.data ?? null, code: err.code };
      if (err.errors) body.errors = err.errors;
      if (err.http >= 500) req.log.error({ err }, 'app error');
      return reply.status(err.http).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: String(v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? ''),
        msg: v.message ?? M.common.validation,
      }));
      return reply.status(400).send({ status: STATUS.FAIL, msg: errors[0]?.msg ?? M.common.validation, data: null, code: 'VALIDATION', errors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response does not match its schema');
      return reply.status(500).send({ status: STATUS.FAIL, msg: M.common.internal, data: null, code: 'INTERNAL' });
    }
    const fe = err as FastifyError;
    const sc = fe.statusCode ?? 500;
    if (sc === 429) return reply.status(429).send({ status: STATUS.FAIL, msg: M.common.tooMany, data: null, code: 'TOO_MANY' });
    if (sc >= 400 && sc < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large…
      req.log.info({ code: fe.code, message: fe.message }, 'client error');
      return reply.status(sc).send({ status: STATUS.FAIL, msg: M.common.validation, data: null, code: 'VALIDATION' });
    }
    if (isDependencyDown(err)) return replyDependencyDown(req, reply, err);
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ status: STATUS.FAIL, msg: M.common.internal, data: null, code: 'INTERNAL' });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ status: STATUS.FAIL, msg: M.common.routeNotFound, data: null, code: 'ROUTE_NOT_FOUND' });
  });
}
