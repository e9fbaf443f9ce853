import type { TPayeeStat, TPayerStat } from '@jizu/shared/schemas/orderpay';
import { orderpayUi as T } from '../../texts/orderpay';
import type { TTone } from '../../ui/StatusTag';
import { palette, token } from '../../app/theme';
import cm from '../../ui/common.module.css';
import s from './orderpay.module.css';

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
    <div data-testid="pay-stats" className={s.stats}>
      {items.map((i) => (
        <div key={i.label} className={s.tile}>
          <div className={cm.muted12}>{i.label}</div>
          <div className={i.strong ? `${s.value} ${s.valueStrong}` : s.value}>
            {i.value}
            <span className={s.unit}>{T.unit}</span>
          </div>
        </div>
      ))}
      <PayBar payee={payee} payer={payer} />
      {payer && (
        <div className={payer.debtAmount === '0.00' ? `${s.debt} ${s.debtNone}` : s.debt} data-testid="pay-debt">
          {payer.debtAmountV}
        </div>
      )}
    </div>
  );
}

/** "1,234.50" → 1234.5 */
const yuan = (v: string) => Number(v.replace(/,/g, '')) || 0;

/**
 * How the total divides, as one stacked bar with a legend: the provider's received / financeable or payable /
 * financing in progress / not yet signed; the tenant's paid / overdue / due within 7 days / due later.
 */
function PayBar({ payee, payer }: { payee?: TPayeeStat; payer?: TPayerStat }) {
  const parts: { label: string; value: number; color: string }[] = payee
    ? (() => {
        const pay = yuan(payee.payAmount);
        const unpay = yuan(payee.unpayAmount);
        const unOpen = yuan(payee.unOpenAmount);
        const can = yuan(payee.canRealPayAmount);
        return [
          { label: T.chartPayeeReceived, value: pay - unpay, color: token.colorSuccess },
          { label: T.chartPayeeCanFinance, value: can, color: token.blue6 },
          { label: T.chartPayeeFinancing, value: Math.max(0, unpay - unOpen - can), color: token.colorWarning },
          { label: T.chartPayeeUnsigned, value: unOpen, color: palette.chartNeutral },
        ];
      })()
    : payer
      ? (() => {
          const paid = yuan(payer.paidAmount);
          const debt = yuan(payer.debtAmount);
          const nearly = yuan(payer.nearlyAmount);
          return [
            { label: T.chartPayerPaid, value: paid, color: token.colorSuccess },
            { label: T.chartPayerDebt, value: debt, color: token.colorError },
            { label: T.chartPayerNearly, value: nearly, color: token.colorWarning },
            {
              label: T.chartPayerLater,
              value: Math.max(0, yuan(payer.payableAmount) - paid - debt - nearly),
              color: palette.chartNeutral,
            },
          ];
        })()
      : [];
  if (!parts.length) return null;
  const sum = parts.reduce((a, p) => a + p.value, 0);
  const fmt = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <div className={s.chart} data-testid="pay-chart">
      <div className={s.chartTitle}>{T.chartTitle}</div>
      <div role="img" aria-label={parts.map((p) => `${p.label} ${fmt(p.value)}${T.unit}`).join('，')} className={s.bar}>
        {sum > 0 &&
          parts
            .filter((p) => p.value > 0)
            .map((p) => (
              <div
                key={p.label}
                title={`${p.label} ${fmt(p.value)}${T.unit}`}
                style={{ width: `${(p.value / sum) * 100}%`, background: p.color }}
              />
            ))}
      </div>
      <div className={s.legend}>
        {sum > 0
          ? parts.map((p) => (
              <span key={p.label} className={cm.nowrap}>
                <span className={s.swatch} style={{ background: p.color }} />
                {p.label} {fmt(p.value)}
                {T.unit}（{Math.round((p.value / sum) * 100)}%）
              </span>
            ))
          : T.chartEmpty}
      </div>
    </div>
  );
}
