import { Alert, Button, DatePicker, Form, Input, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { SETTLE_LIMITS } from '@jizu/shared/constants/settle';
import { latestPastDate } from '@jizu/shared/rules/pastDate';
import { settle as msg, settleRules } from '@jizu/shared/messages/settle';
import { settleExtra, settleUi as T } from '../../texts/settle';
import { yuanToFen } from '@jizu/shared/rules/money';
import { ZSettleSave, type TSettleDraft, type TSettleView } from '@jizu/shared/schemas/settle';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { inputProps, rulesOf } from '../../ui/formRules';
import { ImagesField } from '../../ui/ImagesField';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { orderKey } from '../order/orderApi';
import '../../ui/dayjsZh';
import cm from '../../ui/common.module.css';
import { yuanAmount } from '../../texts/common';
import { fmt } from '@jizu/shared/messages/fmt';
import css from './settle.module.css';
import { Pill } from '../../ui/StatusTag';
import { machineUi as MT } from '../../texts/machine';

type TForm = { month: Dayjs; date: Dayjs; settle_sn: string; tax_total: string; reason: string; attachment: string[] };
const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);
const monthOf = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM') : v);

function SettleForm({ orderId, settle }: { orderId: number; settle?: TSettleView }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<TForm>();
  const month = Form.useWatch('month', form) as Dayjs | undefined;
  const total = Form.useWatch('tax_total', form) as string | undefined;
  const m = month?.format('YYYY-MM') ?? settle?.month ?? dayjs().format('YYYY-MM');
  const draft = useQuery({
    queryKey: [...orderKey, 'settle-draft', orderId, m],
    queryFn: () => api.get<TSettleDraft>('/rent/settle/addPre', { id: orderId, month: m }),
  });
  const differs = !!draft.data && yuanToFen(total ?? '') !== yuanToFen(draft.data.total);
  const save = useMutation({
    mutationFn: (v: TForm) =>
      api.post('/rent/settle/save', {
        id: settle?.id,
        order_id: orderId,
        month: v.month.format('YYYY-MM'),
        date: v.date.format('YYYY-MM-DD'),
        settle_sn: v.settle_sn,
        tax_total: v.tax_total,
        reason: differs ? (v.reason ?? '') : '',
        attachment: v.attachment ?? [],
      }),
    onSuccess: async () => {
      toast.success(settle ? msg.changed : msg.saved);
      await qc.invalidateQueries({ queryKey: orderKey });
      navigate(`/rent/order/settle/${orderId}`);
    },
  });
  const latest = dayjs(latestPastDate());
  return (
    <Form<TForm>
      form={form}
      layout="vertical"
      className={css.form}
      scrollToFirstError={{ focus: true }}
      initialValues={
        settle
          ? {
              month: dayjs(`${settle.month}-01`),
              date: dayjs(settle.date),
              settle_sn: settle.settle_sn,
              tax_total: settle.tax_total,
              reason: settle.reason,
              attachment: settle.attachment,
            }
          : { month: dayjs(), date: latest, attachment: [] }
      }
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item label={T.month} name="month" rules={rulesOf(ZSettleSave, 'month', monthOf)}>
        <DatePicker picker="month" className={css.full} />
      </Form.Item>
      <Alert
        type="info"
        className={css.draft}
        title={fmt(settleExtra.draftLine, {
          draft: T.draft,
          total: draft.data?.total_v ?? '…',
          serRatio: T.serRatio,
          ratio: draft.data?.ser_ratio_v ?? '',
        })}
        description={
          <div>
            <div className={cm.muted}>{T.draftHint}</div>
            {draft.data && draft.data.lines.length === 0 && <div>{T.draftNone}</div>}
            {draft.data && draft.data.lines.length > 0 && (
              <ul className={css.draftLines}>
                {draft.data.lines.map((l, i) => (
                  <li key={`${i}-${l.text}`} className={`${cm.between8} ${css.draftLine}`}>
                    <span>
                      <span>{l.text}</span>
                      <span className={css.draftHours} data-testid="draft-hours">
                        {l.hours_v}
                      </span>
                    </span>
                    <span className={cm.nowrap}>{fmt(yuanAmount, { amount: l.amount_v })}</span>
                  </li>
                ))}
              </ul>
            )}
            {draft.data && draft.data.disputes.length > 0 && (
              <div className={css.draftDisputes} data-testid="draft-disputes">
                <Pill tone="error">{MT.disputeBadge}</Pill>
                <ul>
                  {draft.data.disputes.map((d) => (
                    <li key={`${d.machine_id}-${d.kind}`}>{d.text}</li>
                  ))}
                </ul>
              </div>
            )}
            {draft.data && draft.data.lines.length > 0 && (
              <Button
                size="small"
                className={css.useTotal}
                onClick={() => form.setFieldsValue({ tax_total: draft.data.total })}
              >
                {T.draftUse}
              </Button>
            )}
          </div>
        }
      />
      <Form.Item label={T.settleSn} name="settle_sn" rules={rulesOf(ZSettleSave, 'settle_sn')}>
        <Input placeholder={T.settleSn} {...inputProps(ZSettleSave, 'settle_sn')} />
      </Form.Item>
      <Form.Item label={T.date} name="date" rules={rulesOf(ZSettleSave, 'date', day)}>
        <DatePicker className={css.full} disabledDate={(d) => d.isAfter(latest, 'day')} defaultPickerValue={latest} />
      </Form.Item>
      <Form.Item label={T.taxTotal} name="tax_total" rules={rulesOf(ZSettleSave, 'tax_total')}>
        <Input inputMode="decimal" placeholder={T.taxTotal} />
      </Form.Item>
      {differs && (
        <Form.Item
          label={T.reason}
          name="reason"
          rules={[{ required: true, message: settleRules.reasonRequired }, ...rulesOf(ZSettleSave, 'reason')]}
        >
          <Input.TextArea rows={2} placeholder={T.reasonPh} {...inputProps(ZSettleSave, 'reason')} />
        </Form.Item>
      )}
      <Form.Item label={T.images} name="attachment" extra={T.imagesHint} rules={rulesOf(ZSettleSave, 'attachment')}>
        <ImagesField kind="settle" max={SETTLE_LIMITS.imagesMax} label={T.images} />
      </Form.Item>
      <Space>
        <Button onClick={() => navigate(`/rent/order/settle/${orderId}`)}>{T.cancel}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {T.submit}
        </Button>
      </Space>
    </Form>
  );
}

/** /rent/order/settle-add/{id} and /rent/order/settle-edit/{sid}/{oid}: the tenant's settlement form with the draft. */
export default function SettleFormPage() {
  const p = useParams();
  const editing = p.sid !== undefined;
  const orderId = Number(editing ? p.oid : p.id);
  const settleId = Number(p.sid);
  const q = useQuery({
    queryKey: [...orderKey, 'settle-detail', 'tenant', settleId],
    queryFn: () => api.get<TSettleView>('/rent/settle/detail', { order_id: orderId, id: settleId }),
    enabled: editing,
  });
  return (
    <PageCard title={editing ? T.editTitle : T.addTitle}>
      {editing ? (
        <QueryState query={q}>{(s) => <SettleForm orderId={orderId} settle={s} />}</QueryState>
      ) : (
        <SettleForm orderId={orderId} />
      )}
    </PageCard>
  );
}
