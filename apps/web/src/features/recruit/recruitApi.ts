import { useQuery } from '@tanstack/react-query';
import { OPERATOR_CATEGORIES, type TOption } from '@jizu/shared/constants/recruit';
import { api } from '../../api/client';
import type { TTone } from '../../ui/StatusTag';

export const recruitKey = ['recruit'] as const;
/** Status colours: pending blue, hiring green, succeeded gold, closed grey, rejected red. */
export const RECRUIT_TONES: Record<number, TTone> = {
  1: 'processing',
  2: 'success',
  3: 'warning',
  4: 'default',
  5: 'error',
};

/** The machine categories (GET /recruit/options?type=category); the shared dictionary until the call answers. */
export function useRecruitCategories() {
  const q = useQuery({
    queryKey: ['recruit', 'options', 'category'],
    queryFn: () => api.get<TOption[]>('/recruit/options', { type: 'category' }, { noCompany: true, quiet: true }),
    staleTime: Infinity,
    placeholderData: [...OPERATOR_CATEGORIES],
  });
  return (q.data ?? OPERATOR_CATEGORIES).map((c) => ({ value: c.id, label: c.name }));
}

/** Province and city as a row shows them; a municipality's 市辖区 is left out. */
export const hireRegion = (r: { province_v: string; city_v: string }) =>
  r.city_v && r.city_v !== '市辖区' && r.city_v !== r.province_v ? `${r.province_v} ${r.city_v}` : r.province_v;
