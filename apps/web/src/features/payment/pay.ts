import { PAY_TYPES, PAY_TYPE_LABEL, type TPayType } from '@jizu/shared/constants/payment';
import type { TPayOrder, TPayTypeLogos, TPayTypeSet } from '@jizu/shared/schemas/payment';

/** A payment method tile: its type, name and logo. */
export interface TPayTile {
  type: TPayType;
  name: string;
  logo: string;
}

/** The coin pay info's keyed pay_type as tiles, in the platform's order (wx, chinaums, alipay). */
export const tilesOfSet = (set: Partial<TPayTypeSet>): TPayTile[] =>
  PAY_TYPES.flatMap((t) => (set[t] ? [{ type: t, name: set[t].name, logo: set[t].logo }] : []));
/** The member pay info's pay_type (type → logo url) as tiles. */
export const tilesOfLogos = (logos: Partial<TPayTypeLogos>): TPayTile[] =>
  PAY_TYPES.flatMap((t) => (logos[t] ? [{ type: t, name: PAY_TYPE_LABEL[t], logo: logos[t] }] : []));

/** Where the QR page of an order is: wx by kind, chinaums with buy_type; alipay submits its form instead. */
export function scanUrl(order: TPayOrder): string | null {
  const sn = encodeURIComponent(order.order_sn);
  if (order.pay_type === 'chinaums') return `/chinaums-scan?buy_type=${order.kind}&order_sn=${sn}`;
  if (order.pay_type === 'wx')
    return order.kind === 'member' ? `/user-scan?order_sn=${sn}` : `/coin-scan?order_sn=${sn}`;
  return null;
}

/** The alipay redirect form (spec/1 §7): put it in the page and submit it. */
export function submitPayForm(html: string) {
  const holder = document.createElement('div');
  holder.style.display = 'none';
  holder.innerHTML = html;
  document.body.appendChild(holder);
  holder.querySelector('form')?.submit();
}

/** Go to the order's payment step. */
export function goPay(order: TPayOrder, navigate: (to: string) => void) {
  const url = scanUrl(order);
  if (url) navigate(url);
  else if (order.form) submitPayForm(order.form);
}
