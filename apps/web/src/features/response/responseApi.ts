import { OFFER_STATUS } from '@jizu/shared/constants/bidding';
import type { TTone } from '../../ui/StatusTag';

export const responseKey = ['response'] as const;
/** Offer status tones: responding blue, cut-off amber, not selected grey, selected green, closed grey, withdrawn red. */
export const OFFER_TONES: Record<number, TTone> = {
  [OFFER_STATUS.responding]: 'processing',
  [OFFER_STATUS.cutoff]: 'warning',
  [OFFER_STATUS.notSelected]: 'default',
  [OFFER_STATUS.selected]: 'success',
  [OFFER_STATUS.closed]: 'default',
  [OFFER_STATUS.withdrawn]: 'error',
};
