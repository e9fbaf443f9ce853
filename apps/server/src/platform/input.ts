import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { M } from '@jizu/shared/messages';
import { AppError } from './errors';

/**
 * Control characters are refused at the edge, for every route at once: the C0 controls except TAB, LF and CR, DEL,
 * the C1 controls, and UTF-16 halves without their partner. NUL is the dangerous one (PostgreSQL `text` cannot hold
 * it: the query fails and the user saw a 500), the rest are invisible, reorder or colour a terminal, or are not text at
 * all, and none of them is anything a person types. TAB, LF and CR stay allowed everywhere: multi-line fields (notice
 * content, remarks) need them, the database stores them, and single-line fields trim the ends. One hook instead of a
 * refinement on every text schema, so that a route of a later module, a z.record() callback body, a path parameter, a
 * query string or a header the server reads is covered without anyone remembering to.
 */
const CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasControlChars = (s: string): boolean => CONTROL.test(s);

/** Headers the server reads and may store (the user agent goes into the session row). */
const READ_HEADERS = ['authorization', 'user-agent', 'x-requested-with'] as const;

/** The dotted path of the first string (value or key) with a control character, or null. Depth-limited like JSON. */
function findControl(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasControlChars(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findControl(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (hit !== null) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (hasControlChars(k)) return p;
    const hit = findControl(v, p, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

function firstControl(req: FastifyRequest): string | null {
  for (const name of READ_HEADERS) {
    const h = req.headers[name];
    if (typeof h === 'string' && hasControlChars(h)) return name;
  }
  return (
    findControl(req.cookies, '') ??
    findControl(req.params, '') ??
    findControl(req.query, '') ??
    findControl(req.body, '')
  );
}

/**
 * Registered right after the access hook, so that a stranger still learns only that a login is needed (401) and a
 * non-member only 403, as for any other malformed request. The access hook itself is safe from what this refuses: it
 * hashes the token before looking it up and reads company_id only as a number in the id range (requestedCompanyId).
 * Multipart fields are not parsed yet here: the upload form reads its plain field (company_id) through the id schema
 * and refuses a file name with a control character itself (hasControlChars).
 */
export function registerInputGuard(app: FastifyInstance) {
  // a callback hook, not an async one: it runs on every request and has nothing to wait for
  app.addHook('preValidation', (req, _reply, done) => {
    const field = firstControl(req);
    if (field === null) return done();
    done(
      new AppError('CONTROL_CHARS', M.input.controlChars, {
        errors: [{ field, msg: M.input.controlChars }],
      }) as unknown as FastifyError,
    );
  });
}
