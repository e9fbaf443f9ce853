import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TConvertResult,
  TConvertRule,
  TLedgerPage,
  TSignResult,
  TSignRule,
  TSignState,
  TSignWeekDay,
  TTypeList,
} from '@jizu/shared/schemas/points';
import { api } from '../../api/client';
import { infoKey } from '../../app/session';

/** Calls of /api/index/score/*: beans and coins belong to the user, so no company is sent. */
const opts = { noCompany: true } as const;
export const pointsKey = ['points'] as const;

export interface TLedgerFilter {
  page: number;
  size: number;
  type?: number;
  start?: string;
  end?: string;
}

export function useLedger(currency: 'peas' | 'gold', f: TLedgerFilter) {
  return useQuery({
    queryKey: [...pointsKey, 'ledger', currency, f],
    queryFn: () =>
      api.get<TLedgerPage>(
        `/index/score/${currency}`,
        { page: f.page, page_size: f.size, type: f.type, start: f.start, end: f.end },
        { ...opts, quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export const useTypeList = () =>
  useQuery({
    queryKey: [...pointsKey, 'types'],
    queryFn: () => api.get<TTypeList>('/index/score/typeLst', undefined, opts),
    staleTime: Infinity,
  });
export const useSignState = () =>
  useQuery({
    queryKey: [...pointsKey, 'signState'],
    queryFn: () => api.get<TSignState>('/index/score/signState', undefined, { ...opts, quiet: true }),
  });
export const useSignWeek = () =>
  useQuery({
    queryKey: [...pointsKey, 'signWeek'],
    queryFn: () => api.get<TSignWeekDay[]>('/index/score/signWeekDays', undefined, { ...opts, quiet: true }),
  });
export const useSignRule = () =>
  useQuery({
    queryKey: [...pointsKey, 'signRule'],
    queryFn: () => api.get<TSignRule>('/index/score/signRule', undefined, { ...opts, quiet: true }),
  });
export const useConvertRule = (enabled = true) =>
  useQuery({
    queryKey: [...pointsKey, 'convertRule'],
    queryFn: () => api.get<TConvertRule>('/index/score/convertRule', undefined, { ...opts, quiet: true }),
    enabled,
    staleTime: 0,
  });

/** After a booking: the balances on every screen (dashboard figures, ledgers, rules) are stale. */
function useRefreshPoints() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: pointsKey }), qc.invalidateQueries({ queryKey: infoKey })]);
}

export function useSignIn() {
  const refresh = useRefreshPoints();
  return useMutation({
    mutationFn: () => api.post<TSignResult>('/index/score/signIn', {}, opts),
    onSettled: refresh,
  });
}

export function useConvert() {
  const refresh = useRefreshPoints();
  return useMutation({
    mutationFn: (b: { gold: number | null; ratio: number; peas: number }) =>
      api.post<TConvertResult>('/index/score/convert', b, opts),
    onSettled: refresh,
  });
}
