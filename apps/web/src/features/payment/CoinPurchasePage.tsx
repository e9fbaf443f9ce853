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
import { palette, token } from '../../app/theme';
import cm from '../../ui/common.module.css';

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
      const res = await api.post<TPayOrder>('/payment/gold/purchase', { id: p.id, amount: p.amount, value: p.value, give: p.give, pay_type: payType, gold_peas: d.gold_peas });
      if (isPackageChanged(res)) {
        modal.warning({ title: PT.changedTitle, content: res.msg, okText: PT.ok, onOk: () => navigate('/integral-detail?tab=coin') });
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
              <b data-testid="available-coins" style={{ color: token.gold7, fontSize: 18 }}>
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
                <div style={{ color: token.colorTextTertiary, fontSize: 13, marginBottom: 12 }}>{fmt(PT.coinSub, { avg: d.gold_avg, peas: d.gold_peas })}</div>
                <div role="radiogroup" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 12 }}>
                  {d.pay_list.map((x) => {
                    const on = x.id === pick;
                    return (
                      <button
                        key={x.id}
                        type="button"
                        role="radio"
                        aria-checked={on}
                        onClick={() => setPick(x.id)}
                        style={{ padding: '16px 12px', borderRadius: 8, cursor: 'pointer', textAlign: 'center', background: on ? token.orange1 : token.colorWhite, border: `1px solid ${on ? token.orange6 : token.colorBorder}`, boxShadow: on ? `0 0 0 2px ${palette.orangeRing}` : undefined }}
                      >
                        <div style={{ fontSize: 22, fontWeight: 700, color: token.orange7 }}>{fmt(PT.coins, { n: x.value })}</div>
                        <div style={{ marginTop: 4, minHeight: 20, color: token.red6, fontSize: 13 }}>{x.give > 0 ? fmt(PT.give, { n: x.give }) : ''}</div>
                        <div style={{ marginTop: 6, fontSize: 15 }}>
                          <MoneyText fen={x.amount} />
                        </div>
                      </button>
                    );
                  })}
                </div>
              </PageCard>
              <PageCard title={PT.choosePayType}>
                <PayTypePicker options={tilesOfSet(d.pay_type)} value={payType} onChange={setPayType} />
                <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16, marginTop: 24 }}>
                  {p && (
                    <span>
                      {PT.amount}：<MoneyText fen={p.amount} strong style={{ color: token.red6, fontSize: 20 }} />
                      <span style={{ marginLeft: 12, color: token.colorTextTertiary }}>{fmt(PT.total, { coins: p.value + p.give, peas: bonusBeans(p.amount, d.gold_peas) })}</span>
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
