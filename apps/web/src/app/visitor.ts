import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api/client';
import type { TUserInfo } from '../api/types';
import { hasSessionHint } from './cookies';

/**
 * Who is looking at a public page (the site, the login page): the account, or null for a stranger. Asked only when
 * the server's session hint is there (the session cookie itself is HttpOnly), so a stranger's visit asks nothing the
 * server refuses; a stale hint answers -1 as before (null here), and the client drops it with that answer.
 */
export async function askVisitor(): Promise<TUserInfo | null> {
  if (!hasSessionHint()) return null;
  try {
    return await api.get<TUserInfo>('/index/info', undefined, { quiet: true, noRedirect: true });
  } catch (e) {
    if (e instanceof ApiError && e.loggedOut) return null;
    throw e;
  }
}
export const visitorKey = ['info', 'site'] as const;
/** The visitor of a public page (askVisitor): `data` is the account, null for a stranger. */
export function useVisitor() {
  return useQuery({ queryKey: visitorKey, queryFn: askVisitor, retry: false });
}
