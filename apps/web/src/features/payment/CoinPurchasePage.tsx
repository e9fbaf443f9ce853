import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { payment as msg_payment } from '@jizu/shared/messages/payment';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TGoldList, TPayOrder } from '@jizu/shared/schemas/payment';
import { bonusBeans } from '@jizu/shared/rules/coins';
import { api, isPackageChanged } from '../../api/client';
import { toast } from '../../app/toast';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { MoneyText } from '../../ui/MoneyText';
import { PayTypePicker } from './PayTypePicker';
import { goPay, tilesOfSet } from './pay';
import { PT } from '../../texts/payment';
import cm from '../../ui/common.module.css';
import s from './CoinPurchasePage.module.css';

const M = { payment: msg_payment } as const;

/** /coin-purchase: choose a package and a payment method (spec/1 §2, §5). */
export default function CoinPurchasePage() {
  const navigate = useNavigate();
  const lst = useQuery({ queryKey: ['gold-lst'], queryFn: () => api.get<TGoldList>('/payment/gold/lst') });
  const [pick, setPick] = useState<number | null>(null);
  const [payType, setPayType] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [modal, holder] = Modal.useModal();

  const submit = async (d: TGoldList) => {
    const p = d.pay_list.find((x) => x.id === pick);
    if (!p) return toast.error(M.payment.chooseAmount);
    if (!payType) return toast.error(M.payment.choosePayType);
    setBusy(true);
    try {
      const res = await api.post<TPayOrder>('/payment/gold/purchase', {
        id: p.id,
        amount: p.amount,
        value: p.value,
        give: p.give,
        pay_type: payType,
        gold_peas: d.gold_peas,
      });
      if (isPackageChanged(res)) {
        modal.warning({
          title: PT.changedTitle,
          content: res.msg,
          okText: PT.ok,
          onOk: () => navigate('/integral-detail?tab=coin'),
        });
        return;
      }
      goPay(res, navigate);
    } catch {
      // the client toasted the failure; the user stays on the page (spec/1 §8)
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {holder}
      <PageHeader
        title={PT.coinTitle}
        extra={
          lst.data && (
            <span className={cm.muted}>
              {PT.available}：
              <b data-testid="available-coins" className={s.available}>
                {lst.data.available}
              </b>
            </span>
          )
        }
      />
      <QueryState query={lst}>
        {(d) => {
          const p = d.pay_list.find((x) => x.id === pick);
          return (
            <>
              <PageCard title={PT.chooseAmount}>
                <div className={s.sub}>{fmt(PT.coinSub, { avg: d.gold_avg, peas: d.gold_peas })}</div>
                <div role="radiogroup" className={s.amounts}>
                  {d.pay_list.map((x) => {
                    const on = x.id === pick;
                    return (
                      <button
                        key={x.id}
                        type="button"
                        role="radio"
                        aria-checked={on}
                        onClick={() => setPick(x.id)}
                        className={on ? `${s.amount} ${s.amountOn}` : s.amount}
                      >
                        <div className={s.coins}>{fmt(PT.coins, { n: x.value })}</div>
                        <div className={s.give}>{x.give > 0 ? fmt(PT.give, { n: x.give }) : ''}</div>
                        <div className={s.price}>
                          <MoneyText fen={x.amount} />
                        </div>
                      </button>
                    );
                  })}
                </div>
              </PageCard>
              <PageCard title={PT.choosePayType}>
                <PayTypePicker options={tilesOfSet(d.pay_type)} value={payType} onChange={setPayType} />
                <div className={s.payRow}>
                  {p && (
                    <span>
                      {PT.amount}：<MoneyText fen={p.amount} strong className={s.payAmount} />
                      <span className={s.total}>
                        {fmt(PT.total, { coins: p.value + p.give, peas: bonusBeans(p.amount, d.gold_peas) })}
                      </span>
                    </span>
                  )}
                  <Button type="primary" size="large" loading={busy} onClick={() => void submit(d)}>
                    {PT.payNow}
                  </Button>
                </div>
              </PageCard>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
