import type { TTone } from '../../ui/StatusTag';

export const biddingKey = ['bidding'] as const;
/** Status colours (spec/2 §2: completed green, cut-off amber). */
export const BIDDING_TONES: Record<number, TTone> = {
  1: 'processing',
  2: 'warning',
  3: 'success',
  4: 'default',
  5: 'processing',
  6: 'error',
};
