import { useSearchParams } from 'react-router';

type TValue = string | number | undefined | null;

/**
 * List filters, tabs and pages live in the URL (ARCHITECTURE § Style): `update` sets the given keys and drops the
 * ones given as undefined, null or '' (so defaults keep the address short); `int` reads a positive whole number.
 */
export function useUrlQuery() {
  const [params, setParams] = useSearchParams();
  const update = (next: Record<string, TValue>) => {
    // from the address as it is now, not as this render saw it: the router renders a navigation in a transition, so a
    // second change made before that render (a search, then at once a tab) would otherwise undo the first
    const p = new URLSearchParams(typeof window === 'undefined' ? params : window.location.search);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === null || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p);
  };
  const int = (key: string, fallback: number) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  return { params, update, int };
}
