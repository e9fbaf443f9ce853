import { useState } from 'react';
import { Alert, InputNumber, Modal, Spin } from 'antd';
import { points as msg_points } from '@jizu/shared/messages/points';
import { fmt } from '@jizu/shared/messages/fmt';
import * as TxAccount from '../../texts/account';
import { toast } from '../../app/toast';
import { useConvert, useConvertRule } from './pointsApi';
import s from './ConvertDialog.module.css';

const M = { points: msg_points } as const;

/**
 * 积分兑换金币 (spec/1 §3 gold exchange, §5): a whole number of coins from 1 to floor(available ÷ ratio). The call
 * carries the ratio shown here; if staff changed it meanwhile the server refuses and the dialog reloads the rule.
 */
export default function ConvertDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const rule = useConvertRule(open);
  const convert = useConvert();
  const [gold, setGold] = useState<number | null>(null);
  const [error, setError] = useState('');
  const r = rule.data;

  const submit = async () => {
    if (!r) return;
    if (!gold || gold <= 0) {
      setError(M.points.convertZero);
      return;
    }
    if (gold > r.gold) {
      setError(M.points.peasShort);
      return;
    }
    setError('');
    try {
      const res = await convert.mutateAsync({ gold, ratio: r.ratio, peas: gold * r.ratio });
      toast.success(`${M.points.converted}：+${res.gold} ${TxAccount.points.tabGold}`);
      setGold(null);
      onClose();
    } catch {
      // the client toasted the server's message; a changed ratio shows the new one
      void rule.refetch();
    }
  };

  return (
    <Modal
      open={open}
      title={TxAccount.points.convertTitle}
      okText={TxAccount.points.convertOk}
      cancelText={TxAccount.points.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={convert.isPending}
      okButtonProps={{ disabled: !r || r.gold < 1 }}
      destroyOnHidden
    >
      {!r ? (
        <div className={s.loading}>
          <Spin />
        </div>
      ) : (
        <div data-testid="convert-dialog">
          <dl className={s.facts}>
            <dt className={s.term}>{TxAccount.points.convertAvailable}</dt>
            <dd className={s.available}>{r.available.toLocaleString('zh-CN')}</dd>
            <dt className={s.term}>{TxAccount.points.convertRatio}</dt>
            <dd className={s.value}>{fmt(TxAccount.points.convertRatioText, { ratio: r.ratio })}</dd>
            <dt className={s.term}>{TxAccount.points.convertMax}</dt>
            <dd className={s.value}>
              {r.gold} {TxAccount.points.tabGold}
            </dd>
          </dl>
          {r.gold < 1 ? (
            <Alert type="info" showIcon title={fmt(TxAccount.points.convertNone, { ratio: r.ratio })} />
          ) : (
            <>
              <label htmlFor="convert-gold" className={s.label}>
                {TxAccount.points.convertGold}
              </label>
              <InputNumber
                id="convert-gold"
                className={s.input}
                min={0}
                max={r.gold}
                precision={0}
                value={gold}
                placeholder={TxAccount.points.convertGoldPlaceholder}
                onChange={(v) => {
                  setGold(v);
                  setError('');
                }}
                status={error ? 'error' : undefined}
                onPressEnter={() => void submit()}
              />
              <div className={error ? `${s.cost} ${s.costError}` : s.cost} role={error ? 'alert' : undefined}>
                {error || (gold ? `${TxAccount.points.convertCost} ${(gold * r.ratio).toLocaleString('zh-CN')}` : '')}
              </div>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
