import { useSearchParams } from 'react-router';

type TValue = string | number | undefined | null;

/**
 * List filters, tabs and pages live in the URL (ARCHITECTURE § Style): `update` sets the given keys and drops the
 * ones given as undefined, null or '' (so defaults keep the address short); `int` reads a positive whole number.
 */
export function useUrlQuery() {
  const [params, setParams] = useSearchParams();
  const update = (next: Record<string, TValue>) => {
    const p = new URLSearchParams(params);
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
