import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import type { TMenuItem, TUserInfo } from '../api/types';
import { COMPANY_COOKIE, currentCompanyId, removeCookie, writeCookie } from './cookies';

export const infoKey = ['info'] as const;
export const menuKey = ['menu'] as const;

// `early`: the first load takes the answer index.html asked for (api/client.ts earlyResponse)
const infoQuery = {
  queryKey: infoKey,
  queryFn: () => api.get<TUserInfo>('/index/info', undefined, { early: true, needsSession: true }),
  staleTime: 60_000,
};

/** The logged-in user (GET /index/info); a -1 answer sends the browser to /login through the client. */
export function useUserInfo() {
  return useQuery(infoQuery);
}

const menuQuery = {
  queryKey: menuKey,
  queryFn: () => api.get<TMenuItem[]>('/index/menu', undefined, { early: true, needsSession: true }),
  staleTime: 300_000,
};

/**
 * Asks for the account card and the menu at start-up on a user-centre page, so they are on their way while the
 * shell's chunk loads (the shell shows nothing before the card, and no page before the menu says whether the member
 * may use it); settles when both have answered. Failures are the shell's to show: this only starts the queries, and
 * never rejects.
 */
export function prefetchShell(qc: QueryClient): Promise<unknown> {
  return Promise.all([qc.prefetchQuery(infoQuery), qc.prefetchQuery(menuQuery)]);
}

/** The side menu of the current company, already filtered by the server. */
export function useMenu(enabled = true) {
  return useQuery({ ...menuQuery, enabled });
}

/** Every leaf url of a menu tree. */
/** Whether the user is the main account (master 1) of the company the pages work in. */
export function useIsMaster(): boolean {
  const info = useUserInfo();
  const id = currentCompanyId() ?? info.data?.company_id;
  return info.data?.member_company.find((m) => m.company_id === id)?.master === 1;
}

export function menuUrls(menu: TMenuItem[] | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (items: TMenuItem[]) =>
    items.forEach((m) => {
      if (m.child?.length) walk(m.child);
      else if (m.url) out.add(m.url);
    });
  walk(menu ?? []);
  return out;
}

/** The names from the section down to the item whose url is `path`, or null. */
export function menuTrail(menu: TMenuItem[] | undefined, path: string): TMenuItem[] | null {
  for (const m of menu ?? []) {
    if (m.child?.length) {
      const sub = menuTrail(m.child, path);
      if (sub) return [m, ...sub];
    } else if (m.url === path) return [m];
  }
  return null;
}

/** Keeps the company cookie pointing at a company the user still belongs to. */
export function syncCompanyCookie(info: TUserInfo) {
  const cur = currentCompanyId();
  const member = info.member_company.some((c) => c.company_id === cur);
  if (!member && info.company_id) writeCookie(COMPANY_COOKIE, String(info.company_id), 14);
}

/**
 * Switches the current company: writes the 14-day cookie, drops every cached answer of the old company and reloads
 * the menu. Answers whether `path` is still in the new company's menu.
 */
export async function switchCompany(qc: QueryClient, companyId: number, path: string): Promise<boolean> {
  writeCookie(COMPANY_COOKIE, String(companyId), 14);
  await qc.cancelQueries();
  // reset, not just invalidate: no page may show the old company's data while the new one loads
  // (the user's own info and the menu stay on screen and refresh in place)
  void qc.resetQueries({ predicate: (q) => !['region', 'menu', 'info'].includes(String(q.queryKey[0])) });
  void qc.invalidateQueries({ queryKey: infoKey });
  const menu = await qc.fetchQuery({
    queryKey: menuKey,
    queryFn: () => api.get<TMenuItem[]>('/index/menu'),
    staleTime: 0,
  });
  return menuUrls(menu).has(path);
}

/**
 * The current company refused the user (switched off or deleted by its main account, in this or another session):
 * reload the memberships and move to the user's default company. Answers the path to go to when the page is not in
 * the new company's menu, else null.
 */
export async function leaveLostCompany(qc: QueryClient, path: string): Promise<string | null> {
  const info = await qc.fetchQuery({
    queryKey: infoKey,
    queryFn: () => api.get<TUserInfo>('/index/info', undefined, { quiet: true }),
    staleTime: 0,
  });
  const cur = currentCompanyId();
  if (!info.company_id || info.member_company.some((c) => c.company_id === cur)) return null;
  const stays = await switchCompany(qc, info.company_id, path);
  return stays ? null : '/dashboard/index';
}

/**
 * Ends the session on the server (quietly: the user leaves either way), leaves for the main site (spec/1 §2: logout
 * returns to the main site), then forgets
 * everything cached — in that order, so no mounted page refetches with the dead session.
 */
export async function logout(qc: QueryClient, leave: () => Promise<void> | void) {
  try {
    await api.post('/auth/logout', {}, { quiet: true, noRedirect: true, noCompany: true });
  } catch {
    // the session may already be gone
  }
  removeCookie(COMPANY_COOKIE);
  await leave();
  qc.clear();
}

/** Only same-site paths may be a post-login target. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login') || raw.startsWith('/register'))
    return '/';
  return raw;
}
