import { useState } from 'react';
import { Button, Descriptions, Form, Image, Input, Modal, Popconfirm, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACK_STATUS, INSPECTION_KIND, INSPECTION_KIND_TEXT } from '@jizu/shared/constants/machine';
import { machine as msg, machineRules } from '@jizu/shared/messages/machine';
import { ZInspectionAck, type TInspectionView, type TMachineRow } from '@jizu/shared/schemas/machine';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { machineUi as T } from '../../texts/machine';
import { inputProps, rulesOf } from '../../ui/formRules';
import { Pill, type TTone } from '../../ui/StatusTag';
import { whenValid } from '../../ui/useFormSave';
import cm from '../../ui/common.module.css';
import { orderKey, type TSide } from '../order/orderApi';
import css from './machine.module.css';

export const ACK_TONES: Record<number, TTone> = {
  [ACK_STATUS.waiting]: 'warning',
  [ACK_STATUS.confirmed]: 'success',
  [ACK_STATUS.disputed]: 'error',
};

export const photoStrip = (list: string[], size = 40) =>
  list.length > 0 && (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {list.map((p) => (
          <Image key={p} src={p} width={size} height={(size * 3) / 4} className={css.photo} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );

/** The tenant's 确认 (asked once more) and 有异议 (a note, required) of one inspection. */
function AckButtons({ m, check }: { m: TMachineRow; check: TInspectionView }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ note: string }>();
  const [disputing, setDisputing] = useState(false);
  const ack = useMutation({
    mutationFn: (v: { ack: 1 | 2; note: string }) =>
      api.post('/rent/order/ep_ack', { id: m.id, kind: check.kind, ...v }),
    onSuccess: (_d, v) => {
      toast.success(v.ack === 1 ? msg.confirmed : msg.disputed);
      setDisputing(false);
      void qc.invalidateQueries({ queryKey: orderKey });
    },
  });
  if (!check.actions.length) return null;
  if (disputing)
    return (
      <Form form={form} layout="vertical" className={css.ackForm} data-testid="dispute-form">
        <Form.Item
          label={T.checkNote}
          name="note"
          rules={[{ required: true, message: machineRules.noteRequired }, ...rulesOf(ZInspectionAck, 'note')]}
        >
          <Input.TextArea rows={3} placeholder={T.ackNotePh} {...inputProps(ZInspectionAck, 'note')} />
        </Form.Item>
        <Space>
          <Button onClick={() => setDisputing(false)}>{T.ackCancel}</Button>
          <Button
            type="primary"
            danger
            loading={ack.isPending}
            onClick={whenValid(form, (v) => ack.mutate({ ack: 2, note: v.note }))}
          >
            {T.ackSubmit}
          </Button>
        </Space>
      </Form>
    );
  return (
    <Space>
      {check.actions.includes('confirm') && (
        <Popconfirm
          title={T.ackConfirm}
          description={msg.confirmAsk}
          onConfirm={() => ack.mutateAsync({ ack: 1, note: '' })}
        >
          <Button type="primary" size="small">
            {T.ackConfirm}
          </Button>
        </Popconfirm>
      )}
      {check.actions.includes('dispute') && (
        <Button danger size="small" onClick={() => setDisputing(true)}>
          {T.ackDispute}
        </Button>
      )}
    </Space>
  );
}

/** One inspection: date, hour meter, fuel, photos, damage items and the tenant's acknowledgement. */
function CheckBlock({ m, kind, side }: { m: TMachineRow; kind: number; side: TSide }) {
  const mobile = useIsMobile();
  const check = kind === INSPECTION_KIND.enter ? m.enter_check : m.exit_check;
  const hours = kind === INSPECTION_KIND.enter ? m.enter_hours : m.exit_hours;
  const photos = kind === INSPECTION_KIND.enter ? m.enter_photos : m.exit_photos;
  return (
    <section className={css.check} data-testid={`check-${kind}`}>
      <div className={`${cm.between8} ${css.checkHead}`}>
        <span className={cm.strong}>{INSPECTION_KIND_TEXT[kind]}</span>
        {check && <Pill tone={ACK_TONES[check.ack_status]}>{check.ack_status_v}</Pill>}
      </div>
      {!check ? (
        <div className={cm.muted}>{T.checkNone}</div>
      ) : (
        <>
          <Descriptions size="small" column={mobile ? 1 : 2}>
            <Descriptions.Item label={T.checkDate}>{check.date}</Descriptions.Item>
            <Descriptions.Item label={T.checkHours}>{hours || '-'}</Descriptions.Item>
            <Descriptions.Item label={T.fuel}>{check.fuel_v || '-'}</Descriptions.Item>
            <Descriptions.Item label={T.checkPhotos}>{photoStrip(photos) || '-'}</Descriptions.Item>
          </Descriptions>
          <div className={css.damageHead}>{T.damage}</div>
          {check.damage.length === 0 ? (
            <div className={cm.muted}>{T.damageNone}</div>
          ) : (
            <ol className={css.damageView}>
              {check.damage.map((d, i) => (
                <li key={`${i}-${d.desc}`}>
                  <div>{d.desc}</div>
                  {photoStrip(d.photos, 64)}
                </li>
              ))}
            </ol>
          )}
          {check.ack_note && <div className={css.disputeNote}>{`${T.checkNote}：${check.ack_note}`}</div>}
          {check.ack_time_v && <div className={cm.hint}>{`${T.checkAckTime}：${check.ack_time_v}`}</div>}
          {side === 'tenant' && <AckButtons m={m} check={check} />}
        </>
      )}
    </section>
  );
}

/** The entry and exit inspections of a machine, with the tenant's 确认 / 有异议. */
export function InspectionDialog({ m, side, onClose }: { m: TMachineRow; side: TSide; onClose: () => void }) {
  return (
    <Modal title={T.checkTitle} open width={640} onCancel={onClose} footer={null} destroyOnHidden>
      <div className={cm.muted}>{`${m.eq_product_v} ${m.eq_model} · ${T.colId} ${m.eq_id}`}</div>
      <CheckBlock m={m} kind={INSPECTION_KIND.enter} side={side} />
      <CheckBlock m={m} kind={INSPECTION_KIND.exit} side={side} />
    </Modal>
  );
}

/** A row's short summary of its inspections: whether one waits for the tenant or was disputed. */
export function CheckPills({ m }: { m: TMachineRow }) {
  const checks = [m.enter_check, m.exit_check].filter((c): c is TInspectionView => c !== null);
  if (!checks.length) return null;
  return (
    <Space size={4} wrap className={css.pills}>
      {checks.map((c) => (
        <Pill key={c.kind} tone={ACK_TONES[c.ack_status]}>{`${c.kind_v} · ${c.ack_status_v}`}</Pill>
      ))}
    </Space>
  );
}
