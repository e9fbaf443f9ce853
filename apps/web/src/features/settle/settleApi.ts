import type { TTone } from '../../ui/StatusTag';
import type { TSide } from '../order/orderApi';

/** Status colours: to confirm blue, settled green, voided grey, to receive amber, received green. */
export const SETTLE_TONES: Record<number, TTone> = {
  0: 'processing',
  1: 'success',
  2: 'default',
  3: 'warning',
  4: 'success',
};

/** Where a settlement's own page is, for each side (the spec's routes: the tenant's carry both ids, the provider's one). */
export const settlePath = (
  side: TSide,
  page: 'watch' | 'confirm' | 'invoice' | 'invoice-watch' | 'edit',
  settleId: number,
  orderId: number,
) =>
  side === 'tenant'
    ? `/rent/order/settle-${page}/${settleId}/${orderId}`
    : `/rent-order/settle-${page}/${settleId}?order=${orderId}`;
