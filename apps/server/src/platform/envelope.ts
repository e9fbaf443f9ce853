import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
// zod's issues in Chinese from the catalogue, before any schema is used to validate (see packages/shared/src/zod.ts)
import '@jizu/shared/zod';
import { M } from '@jizu/shared/messages';
import { ERRORS, STATUS, type TEnvelope, type TErrorCode } from '@jizu/shared/errors';
import { AppError } from './errors';
import { clearEndedSession } from './session';
import { isDependencyDown, replyDependencyDown } from './dependency';

export function ok<T>(data: T, msg: string = M.common.ok): TEnvelope<T> {
  return { status: STATUS.OK, msg, data };
}

/**
 * Fastify's and its plugins' own client errors, each with its catalogue code (and so its HTTP status and message):
 * broken JSON, an empty JSON body, a body over the limit, a content type no route parses, a broken URL, a multipart
 * form that is not one.
 */
const CLIENT_ERRORS: Record<string, TErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'BAD_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_CONTENT_LENGTH',
  FST_ERR_BAD_URL: 'BAD_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'PARAM_TOO_LONG',
  // @fastify/multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'NOT_MULTIPART',
  FST_INVALID_JSON_FIELD_ERROR: 'BAD_MULTIPART',
  FST_PROTO_VIOLATION: 'BAD_MULTIPART',
  FST_MP_PREMATURE_CLOSE: 'BAD_MULTIPART',
  FST_PARTS_LIMIT: 'TOO_MANY_PARTS',
  FST_FILES_LIMIT: 'TOO_MANY_PARTS',
  FST_FIELDS_LIMIT: 'TOO_MANY_PARTS',
  FST_REQ_FILE_TOO_LARGE: 'BODY_TOO_LARGE',
};

/** The envelope of a client error Fastify raised itself; null when it is not one of ours to answer. */
function clientError(fe: FastifyError): { http: number; body: TEnvelope } | null {
  const code = fe.code ? CLIENT_ERRORS[fe.code] : undefined;
  if (code) return { http: ERRORS[code].http, body: { status: STATUS.FAIL, msg: ERRORS[code].msg, data: null, code } };
  const sc = fe.statusCode ?? 500;
  if (sc === 429)
    return { http: 429, body: { status: STATUS.FAIL, msg: M.common.tooMany, data: null, code: 'TOO_MANY' } };
  if (sc >= 400 && sc < 500)
    return { http: sc, body: { status: STATUS.FAIL, msg: M.common.validation, data: null, code: 'VALIDATION' } };
  return null;
}

/**
 * Fastify's `frameworkErrors` option: the errors it meets before any route is found (a URL whose %-encoding is broken,
 * a path parameter over maxParamLength), which never reach the error handler.
 */
export function sendFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const known = clientError(err);
  req.log.info({ code: err.code, message: err.message }, 'client error');
  if (known) return reply.status(known.http).send(known.body);
  return reply.status(500).send({ status: STATUS.FAIL, msg: M.common.internal, data: null, code: 'INTERNAL' });
}

/** Turns every failure into the envelope (ARCHITECTURE § The HTTP API). Internals go to the log only. */
/**
 * `page`: the web app's page for an address no route serves (the history fallback of the single-page app), asked only
 * for GET and HEAD outside /api and /uploads. It lives here, not in a `/*` route: a wildcard route would catch what
 * the router refuses on its own (a path parameter over its length answers 414 through frameworkErrors).
 */
export function registerEnvelope(
  app: FastifyInstance,
  opts: {
    page?: (req: FastifyRequest, reply: FastifyReply) => unknown;
    /**
     * Whether a request whose body could not be read came without a valid session on a route that needs one
     * (platform/access.ts lacksSession): the body is read before the access check runs, and a stranger must learn
     * only that a login is needed, never what was wrong with the body.
     */
    stranger?: (req: FastifyRequest) => Promise<boolean>;
  } = {},
) {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, req, reply) => {
    // a refusal raised inside a statement (the session checked in a read's own statement, platform/fused.ts) comes
    // wrapped by the query builder
    const err = !(thrown instanceof AppError) && thrown.cause instanceof AppError ? thrown.cause : thrown;
    if (err instanceof AppError) {
      const body: TEnvelope = {
        status: err.code === 'UNAUTHENTICATED' ? STATUS.EXPIRED : STATUS.FAIL,
        msg: err.message,
        data: err.data ?? null,
        code: err.code,
      };
      if (err.errors) body.errors = err.errors;
      if (err.http >= 500) req.log.error({ err }, 'app error');
      if (err.code === 'UNAUTHENTICATED') clearEndedSession(req, reply);
      return reply.status(err.http).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field:
          String(v.instancePath || '')
            .replace(/^\//, '')
            .replace(/\//g, '.') ||
          String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? ''),
        msg: v.message ?? M.common.validation,
      }));
      return reply.status(400).send({
        status: STATUS.FAIL,
        msg: errors[0]?.msg ?? M.common.validation,
        data: null,
        code: 'VALIDATION',
        errors,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response does not match its schema');
      return reply.status(500).send({ status: STATUS.FAIL, msg: M.common.internal, data: null, code: 'INTERNAL' });
    }
    const fe = err as FastifyError;
    const known = clientError(fe);
    if (known) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large…
      if (known.http !== 429) req.log.info({ code: fe.code, message: fe.message }, 'client error');
      if (!opts.stranger || known.http === 429) return reply.status(known.http).send(known.body);
      return opts.stranger(req).then(
        (stranger) =>
          stranger
            ? clearEndedSession(req, reply)
                .status(ERRORS.UNAUTHENTICATED.http)
                .send({ status: STATUS.EXPIRED, msg: ERRORS.UNAUTHENTICATED.msg, data: null, code: 'UNAUTHENTICATED' })
            : reply.status(known.http).send(known.body),
        (e: unknown) =>
          isDependencyDown(e) ? replyDependencyDown(req, reply, e) : reply.status(known.http).send(known.body),
      );
    }
    if (isDependencyDown(err)) return replyDependencyDown(req, reply, err);
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ status: STATUS.FAIL, msg: M.common.internal, data: null, code: 'INTERNAL' });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url;
    if (
      opts.page &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/uploads/')
    )
      return opts.page(req, reply);
    return reply
      .status(404)
      .send({ status: STATUS.FAIL, msg: M.common.routeNotFound, data: null, code: 'ROUTE_NOT_FOUND' });
  });
}
