import { useQuery } from '@tanstack/react-query';
import type { TReviewSide } from '@jizu/shared/constants/review';
import type { TOrderReviews, TReviewScoreCard, TShopReviews } from '@jizu/shared/schemas/review';
import { api } from '../../api/client';

export const reviewKey = ['review'] as const;
/** The side's review calls: the order's block and its form (its area's grant). */
export const REVIEW_PATH: Record<TReviewSide, string> = { tenant: '/rent/order/review', provider: '/ep/order/review' };

/** The order's reviews as the side sees them, with both parties' averages (one call for the block and the card). */
export const useOrderReviews = (side: TReviewSide, id: number, enabled = true) =>
  useQuery({
    queryKey: [...reviewKey, 'order', side, id],
    queryFn: () => api.get<TOrderReviews>(REVIEW_PATH[side], { id }),
    enabled: enabled && id > 0,
  });

/** Several companies' averages in one role, in one call (a quote table's providers): a map by company id. */
export function useScoreCards(ids: number[], role: TReviewSide = 'provider') {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  const q = useQuery({
    queryKey: [...reviewKey, 'scores', role, key],
    queryFn: () =>
      api.get<TReviewScoreCard[]>('/site/review/scores', { ids: key, role }, { noCompany: true, quiet: true }),
    enabled: key !== '',
    staleTime: 60_000,
  });
  return new Map((q.data ?? []).map((c) => [c.company_id, c]));
}

/** A provider's published reviews for its shop and listing pages. */
export const useShopReviews = (companyId: number | undefined) =>
  useQuery({
    queryKey: [...reviewKey, 'shop', companyId],
    queryFn: () =>
      api.get<TShopReviews>('/site/review/shop', { company_id: companyId! }, { noCompany: true, quiet: true }),
    enabled: !!companyId,
  });
