import type { QueryClient } from '@tanstack/react-query';
import type { TRegionCentre } from '@jizu/shared/schemas/region';
import { api } from '../../api/client';
import { regionQuery } from '../RegionCascader';
import type { TAddressComponent } from './amapTypes';

/** The centre of a district (GET /v1/city/{id}/centre): the point of a form without a map. */
export const centreQuery = (id: number) => ({
  queryKey: ['region', 'centre', id],
  queryFn: () => api.get<TRegionCentre | null>(`/v1/city/${id}/centre`, undefined, { noCompany: true, quiet: true }),
  staleTime: Infinity,
});

/**
 * The region cascader's value for AMap's 6-digit adcode (our ids are the same administrative codes): province, city
 * and district when the region data has that district; only the levels it has otherwise (the cascader then asks for
 * the rest).
 */
export async function regionOfAdcode(qc: QueryClient, adcode: string): Promise<number[]> {
  if (!/^\d{6}$/.test(adcode)) return [];
  const area = Number(adcode);
  const city = Math.floor(area / 100);
  const province = Math.floor(area / 10000);
  const has = async (parent: number, id: number) =>
    (await qc.fetchQuery(regionQuery(parent)).catch(() => [])).some((r) => r.id === id);
  if (await has(city, area)) return [province, city, area];
  if (await has(province, city)) return [province, city];
  return (await has(1, province)) ? [province] : [];
}

/** The detailed address of a reverse-geocoded point: AMap's formatted address without the province, city and district. */
export function detailOf(formatted: string, c: TAddressComponent): string {
  let rest = formatted;
  for (const part of [c.province, typeof c.city === 'string' ? c.city : '', c.district])
    if (part && rest.startsWith(part)) rest = rest.slice(part.length);
  return rest.trim();
}
