import type { TPayeeStat, TPayerStat } from '@jizu/shared/schemas/orderpay';
import { orderpayUi as T } from '@jizu/shared/messages/orderpay';
import type { TTone } from '../../ui/StatusTag';

/** Payment state colours: to sign blue, to finance amber, completed green, returned grey. */
export const PAY_TONES: Record<number, TTone> = { 1: 'processing', 2: 'warning', 3: 'success', 4: 'default' };
/** Financing: review blue, to sign amber, paid out green, refused red. */
export const FIN_TONES: Record<number, TTone> = { 4: 'processing', 5: 'warning', 6: 'success', 7: 'error' };

/** PayeeStat (the provider's) or PayerStat (the tenant's) as a row of figures in yuan. */
export function PayStats({ payee, payer }: { payee?: TPayeeStat; payer?: TPayerStat }) {
  const items: { label: string; value: string; strong?: boolean }[] = payee
    ? [
        { label: T.payeePayAmount, value: payee.payAmount, strong: true },
        { label: T.payeeUnpay, value: payee.unpayAmount },
        { label: T.payeeUnOpen, value: payee.unOpenAmount },
        { label: T.payeeCanReal, value: payee.canRealPayAmount },
        { label: T.payeeCurCanReal, value: payee.curCanRealPayAmount },
        { label: T.payeeNcurCanReal, value: payee.ncurCanRealPayAmount },
        { label: T.payeeReal, value: payee.realPayAmount },
      ]
    : payer
      ? [
          { label: T.payerPayable, value: payer.payableAmount, strong: true },
          { label: T.payerPaid, value: payer.paidAmount },
          { label: T.payerCur, value: payer.curAmount },
          { label: T.payerNearly, value: payer.nearlyAmount },
          { label: T.payerDebt, value: payer.debtAmount },
        ]
      : [];
  return (
    <div data-testid="pay-stats" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 12, margin: '0 0 16px' }}>
      {items.map((i) => (
        <div key={i.label} style={{ background: '#f7f9fc', borderRadius: 8, padding: '10px 12px' }}>
          <div style={{ color: 'rgba(0,0,0,.55)', fontSize: 12 }}>{i.label}</div>
          <div style={{ fontSize: 18, fontWeight: i.strong ? 700 : 600, color: i.strong ? '#1f6feb' : undefined, whiteSpace: 'nowrap' }}>
            {i.value}
            <span style={{ fontSize: 12, fontWeight: 400, marginLeft: 2 }}>{T.unit}</span>
          </div>
        </div>
      ))}
      {payer && (
        <div style={{ gridColumn: '1 / -1', color: payer.debtAmount === '0.00' ? 'rgba(0,0,0,.45)' : '#cf1322', fontSize: 13 }} data-testid="pay-debt">
          {payer.debtAmountV}
        </div>
      )}
    </div>
  );
}
