import { auth as msg_auth } from '@jizu/shared/messages/auth';
import { common as msg_common } from '@jizu/shared/messages/common';
import type { TEnvelope } from '@jizu/shared/errors';
import { currentCompanyId, dropSessionHint, hasSessionHint } from '../app/cookies';
import { toast as appToast } from '../app/toast';

const M = { auth: msg_auth, common: msg_common } as const;

/**
 * The one API client of the web app (spec/1 §8): base /api, cookie session, CSRF header, company_id on every call,
 * envelope unwrapping, 5 s error toasts, -1 → login.
 */

export interface TFieldError {
  field: string;
  msg: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly msg: string;
  readonly errors: TFieldError[];
  readonly data: unknown;

  constructor(env: { status: number; msg: string; code?: string; errors?: TFieldError[]; data?: unknown }) {
    super(env.msg);
    this.name = 'ApiError';
    this.status = env.status;
    this.code = env.code;
    this.msg = env.msg;
    this.errors = env.errors ?? [];
    this.data = env.data;
  }

  /** The envelope's -1: not logged in, or the session ended. */
  get loggedOut(): boolean {
    return this.status === -1;
  }
  /** The envelope's 0: a refusal with its user-facing message. */
  get refused(): boolean {
    return this.status === 0;
  }
}

export interface TCallOptions {
  /** do not add company_id (calls that are not company-scoped, or that must not carry a stale company) */
  noCompany?: boolean;
  /** do not toast failures: the caller shows them (form field errors, quiet session checks) */
  quiet?: boolean;
  /** on -1 only reject; do not clear the session or go to /login (the login page's own check) */
  noRedirect?: boolean;
  signal?: AbortSignal;
  /** may take the answer index.html's inline script already asked for at this address (earlyResponse) */
  early?: boolean;
  /**
   * a call for the logged-in only (the user centre's account card and menu): when the browser holds no session (no
   * session hint, app/cookies.ts) it is answered as the server would answer it (-1) without being asked
   */
  needsSession?: boolean;
}

type TParams = Record<string, string | number | boolean | null | undefined>;

// failures toast for 5 s (spec/1 §8)
const toast = (text: string) => appToast.error(text);

let expiredHandler = (redirect: string) => {
  window.location.assign(`/login?redirect=${encodeURIComponent(redirect)}`);
};
let expiring = false;
/** The app installs a handler that clears react-query caches and navigates without a reload. */
export function setExpiredHandler(fn: (redirect: string) => void) {
  expiredHandler = fn;
}

function onExpired() {
  dropEarlyResponses();
  if (expiring) return;
  expiring = true;
  const here = window.location.pathname + window.location.search;
  const redirect = here.startsWith('/login') || here.startsWith('/register') ? '/' : here;
  expiredHandler(redirect);
  setTimeout(() => (expiring = false), 1000);
}

let notMemberHandler: ((msg: string) => void) | null = null;
let leaving = false;
/**
 * The app installs what happens when the server says the user is no longer a member of the current company (switched
 * off or deleted while a page was open): say so once (even for quiet calls: the page is about to change under the
 * user) and fall back to a company the user still belongs to.
 */
export function setNotMemberHandler(fn: () => Promise<void> | void) {
  notMemberHandler = (msg) => {
    if (leaving) return;
    leaving = true;
    toast(msg);
    void Promise.resolve(fn()).finally(() => setTimeout(() => (leaving = false), 1000));
  };
}

/** Whether a resolved value is the "package changed" (status 201) envelope rather than data. */
export function isPackageChanged(v: unknown): v is TEnvelope {
  return typeof v === 'object' && v !== null && (v as TEnvelope).status === 201 && 'msg' in v;
}

function withCompany(opts: TCallOptions): Record<string, number> {
  if (opts.noCompany) return {};
  const id = currentCompanyId();
  return id ? { company_id: id } : {};
}

function queryString(params: TParams): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/** Applies the envelope rules to a parsed body; resolves data, the 201 envelope, or throws ApiError. */
function settle<T>(env: TEnvelope<T>, opts: TCallOptions): T {
  if (env.status === 1) return env.data;
  if (env.status === 201) return env as unknown as T;
  if (env.status === -1) {
    dropSessionHint();
    if (!opts.noRedirect) onExpired();
    throw new ApiError({ ...env, msg: env.msg || M.auth.expired });
  }
  const msg = env.msg || M.common.internal;
  if (env.code === 'NOT_MEMBER' && notMemberHandler) notMemberHandler(msg);
  else if (!opts.quiet) toast(msg);
  throw new ApiError({ ...env, msg });
}

function networkError(opts: TCallOptions): ApiError {
  if (!opts.quiet) toast(M.common.network);
  return new ApiError({ status: 0, code: 'NETWORK', msg: M.common.network });
}

/**
 * The answers index.html asked for before any of the app's scripts ran (the account card and the menu of a user-centre
 * page), by address. Each is taken once, by the first call that opts in (`early`) and asks for the same address
 * (company_id included) in the page's first 10 s; the rest are dropped with the session (a -1 answer). So the request
 * is on the network while the app downloads and starts, and no answer is ever used twice or after a login.
 */
type TEarly = Record<string, Promise<Response> | undefined>;
function earlyResponse(url: string): Promise<Response> | null {
  const calls = (window as { __jizuEarly?: TEarly }).__jizuEarly;
  const res = calls?.[url];
  if (!res) return null;
  delete calls[url];
  return performance.now() < 10_000 ? res : null;
}
function dropEarlyResponses() {
  delete (window as { __jizuEarly?: TEarly }).__jizuEarly;
}

async function request<T>(
  method: string,
  path: string,
  params: TParams | undefined,
  body: unknown,
  opts: TCallOptions = {},
): Promise<T> {
  if (opts.needsSession && !hasSessionHint()) return settle<T>({ status: -1, msg: '', data: null as T }, opts);
  const company = withCompany(opts);
  const isGet = method === 'GET';
  const url = `/api${path}${queryString({ ...(isGet ? company : {}), ...params })}`;
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  let payload: string | undefined;
  if (!isGet) {
    const plain = body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body));
    const merged = plain ? { ...company, ...(body as Record<string, unknown> | undefined) } : body;
    payload = JSON.stringify(merged);
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  const early = isGet && opts.early && !opts.signal ? earlyResponse(url) : null;
  const send = () => fetch(url, { method, headers, body: payload, credentials: 'include', signal: opts.signal });
  try {
    // an early request that failed on the network is asked again, as if there had been none
    res = early ? await early.catch(send) : await send();
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw networkError(opts);
  }
  let env: TEnvelope<T>;
  try {
    env = (await res.json()) as TEnvelope<T>;
  } catch {
    // not our envelope: a proxy error page or an empty body
    const msg = res.status >= 500 || res.status === 0 ? M.common.internal : M.common.network;
    if (!opts.quiet) toast(msg);
    throw new ApiError({ status: 0, code: 'BAD_RESPONSE', msg });
  }
  if (typeof env !== 'object' || env === null || typeof env.status !== 'number') {
    if (!opts.quiet) toast(M.common.internal);
    throw new ApiError({ status: 0, code: 'BAD_RESPONSE', msg: M.common.internal });
  }
  return settle(env, opts);
}

export const api = {
  get: <T>(path: string, params?: TParams, opts?: TCallOptions) => request<T>('GET', path, params, undefined, opts),
  post: <T>(path: string, body?: object, opts?: TCallOptions) => request<T>('POST', path, undefined, body, opts),
  put: <T>(path: string, body?: object, opts?: TCallOptions) => request<T>('PUT', path, undefined, body, opts),
  del: <T>(path: string, body?: object, opts?: TCallOptions) => request<T>('DELETE', path, undefined, body, opts),
};

/**
 * Downloads a file the server streams (an export: GET with the company and the list's filters) and hands it to the
 * browser as a download under the server's file name. A refusal comes back as the JSON envelope instead of a file and
 * is treated as any call's (toast, -1 → login, ApiError).
 */
export async function download(path: string, params: TParams = {}, opts: TCallOptions = {}): Promise<string> {
  const url = `/api${path}${queryString({ ...withCompany(opts), ...params })}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw networkError(opts);
  }
  if ((res.headers.get('content-type') ?? '').includes('json') || !res.ok) {
    const env = (await res.json().catch(() => null)) as TEnvelope | null;
    if (!env || typeof env.status !== 'number') {
      if (!opts.quiet) toast(M.common.internal);
      throw new ApiError({ status: 0, code: 'BAD_RESPONSE', msg: M.common.internal });
    }
    settle(env, opts);
    throw new ApiError({ status: 0, code: 'BAD_RESPONSE', msg: M.common.internal });
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    throw networkError(opts);
  }
  const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '');
  const filename = name ? decodeURIComponent(name[1]) : 'export.xlsx';
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return filename;
}

/**
 * Uploads one file as multipart (field `image`, plus company_id in the form and the query) with progress, through XMLHttpRequest because fetch
 * has no upload progress. `path` is relative to /api unless it already starts with /api.
 */
export function upload<T = { url: string }>(
  path: string,
  file: File | Blob,
  onProgress?: (percent: number) => void,
  opts: TCallOptions & { field?: string; extra?: Record<string, string | number> } = {},
): Promise<T> {
  // company_id goes in the query too: the server checks membership and grants before it reads a multipart body
  const company = withCompany(opts);
  const url = `${path.startsWith('/api/') ? path : `/api${path}`}${queryString(company)}`;
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...company, ...opts.extra })) form.append(k, String(v));
  form.append(opts.field ?? 'image', file);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(networkError(opts));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let env: TEnvelope<T>;
      try {
        env = JSON.parse(xhr.responseText) as TEnvelope<T>;
      } catch {
        if (!opts.quiet) toast(M.common.internal);
        reject(new ApiError({ status: 0, code: 'BAD_RESPONSE', msg: M.common.internal }));
        return;
      }
      try {
        resolve(settle(env, opts));
      } catch (e) {
        reject(e);
      }
    };
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
