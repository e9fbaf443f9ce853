import { TRAINING_ROUTES } from '@jizu/shared/constants/training';
import type { TTrainingPurchase } from '@jizu/shared/schemas/training';
import { api } from '../../api/client';
import { submitPayForm } from '../payment/pay';

/**
 * Pays a training order (spec/3 §4 step 2): its payment data by order_sn, then the WeChat scan page, the bank-union
 * scan page (the data is its query, buy_type=reg) or the alipay-style form that submits itself.
 */
export async function goTrainingPay(orderSn: string, navigate: (to: string) => void) {
  const p = await api.get<TTrainingPurchase>('/recruit/purchase', { order_sn: orderSn });
  if (p.pay_type === 'chinaums') navigate(`/chinaums-scan?${p.query}`);
  else if (p.pay_type === 'wx') navigate(`${TRAINING_ROUTES.wxpay}?${p.query}`);
  else submitPayForm(p.redirect_url);
}
