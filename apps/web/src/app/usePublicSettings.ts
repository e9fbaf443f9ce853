import { useQuery } from '@tanstack/react-query';
import type { TPublicSettings } from '@jizu/shared/schemas/settings';
import { api } from '../api/client';

/** The server's public settings (the customer-service hotline…): read once per page load, shared by every page. */
export function usePublicSettings(): TPublicSettings | undefined {
  return useQuery({
    queryKey: ['settings', 'public'],
    queryFn: () =>
      api.get<TPublicSettings>('/settings/public', undefined, { noCompany: true, quiet: true, noRedirect: true }),
    staleTime: Infinity,
    retry: 1,
  }).data;
}
