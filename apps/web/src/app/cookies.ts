import { SESSION_HINT_COOKIE } from '@jizu/shared/constants/user';

/** Small cookie helpers for the client-side cookies (company_id, sidebar_status) and the server's session hint. */
export function readCookie(name: string): string | null {
  // no document when pages are rendered at build time (src/prerender.tsx)
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, days = 14) {
  const expires = new Date(Date.now() + days * 864e5).toUTCString();
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string) {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

export const COMPANY_COOKIE = 'company_id';
export const SIDEBAR_COOKIE = 'sidebar_status';

/** Whether the browser holds a session, as the server's readable hint beside the HttpOnly session cookie says. */
export const hasSessionHint = () => readCookie(SESSION_HINT_COOKIE) === '1';
/** The hint of a session the server said has ended (a -1 answer). */
export const dropSessionHint = () => removeCookie(SESSION_HINT_COOKIE);

export function currentCompanyId(): number | null {
  const v = Number(readCookie(COMPANY_COOKIE));
  return Number.isInteger(v) && v > 0 ? v : null;
}
