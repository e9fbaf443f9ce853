import { talkRules } from '@jizu/shared/messages/talk';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { talk as msg_talk } from '@jizu/shared/messages/talk';
import { fmt } from '@jizu/shared/messages/fmt';
import {
  earliestApproachDate,
  INQUIRY_INVOICES,
  INQUIRY_LIMITS,
  MACHINE_OPERATORS,
  PAYMENT_METHODS,
} from '@jizu/shared/constants/talk';
import { ZPackageBase, ZPackageEquip } from '@jizu/shared/schemas/talk';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { applyFieldErrors } from '../auth/authApi';
import { PageCard } from '../../ui/PageCard';
import { RegionCascader } from '../../ui/RegionCascader';
import { cascaderRules, inputProps, rulesOf } from '../../ui/formRules';
import { talkKey } from './talkApi';
import { TT } from '../../texts/talk';
import '../../ui/dayjsZh';
import { REGION_DEPTH } from '@jizu/shared/constants/region';
import s from './SuitPage.module.css';

const M = { talk: msg_talk } as const;

const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);
const B = ZPackageBase;
const E = ZPackageEquip;

type TValues = {
  region: number[];
  detail_address: string;
  approach_time: Dayjs;
  schedule: string;
  invoice: number;
  machine_operator: number;
  payment_method: number;
  remark?: string;
  equips: { name: string; model?: string; count: number }[];
};

/** 发布路桥套餐需求 (/talk/suit, menu 213): base information and a table of machines; success → 发出的询价 - 路桥套餐. */
export default function SuitPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<TValues>();
  const send = useMutation({
    mutationFn: (v: TValues) =>
      api.post('/ep/enquiry', {
        base: {
          province: v.region?.[0],
          city: v.region?.[1],
          area: v.region?.[2],
          detail_address: v.detail_address,
          approach_time: day(v.approach_time),
          schedule: v.schedule,
          invoice: v.invoice,
          machine_operator: v.machine_operator,
          payment_method: v.payment_method,
          remark: v.remark ?? '',
        },
        equips: v.equips.map((e) => ({ name: e.name, model: e.model ?? '', count: e.count })),
      }),
    onSuccess: async () => {
      toast.success(M.talk.published);
      await qc.invalidateQueries({ queryKey: talkKey });
      navigate('/talk/send?to_type=0');
    },
    onError: (e) => applyFieldErrors(form, e),
  });
  const earliest = dayjs(earliestApproachDate());
  return (
    <PageCard title={TT.suitTitle}>
      <Alert type="info" showIcon title={TT.suitHint} className={s.hint} />
      <Form<TValues>
        form={form}
        layout="vertical"
        className={s.form}
        initialValues={{
          invoice: 0,
          machine_operator: 1,
          payment_method: 1,
          equips: [{ name: '', model: '', count: 1 }],
        }}
        onFinish={(v) => send.mutate(v)}
      >
        <h4 className={s.baseTitle}>{TT.base}</h4>
        <Form.Item name="region" label={TT.region} rules={cascaderRules(REGION_DEPTH, talkRules.regionRequired)}>
          <RegionCascader />
        </Form.Item>
        <Form.Item name="detail_address" label={TT.address} rules={rulesOf(B, 'detail_address')}>
          <Input placeholder={TT.addressPh} {...inputProps(B, 'detail_address')} />
        </Form.Item>
        <div className={s.fieldRow}>
          <Form.Item name="approach_time" label={TT.approach} rules={rulesOf(B, 'approach_time', day)}>
            <DatePicker className={s.date} disabledDate={(d) => d.isBefore(earliest, 'day')} />
          </Form.Item>
          <Form.Item name="schedule" label={TT.schedule} rules={rulesOf(B, 'schedule')} className={s.schedule}>
            <Input placeholder={TT.schedulePh} {...inputProps(B, 'schedule')} />
          </Form.Item>
        </div>
        <div className={s.fieldRow}>
          <Form.Item name="invoice" label={TT.invoice} rules={rulesOf(B, 'invoice')}>
            <Select className={s.invoice} options={INQUIRY_INVOICES.map((i) => ({ ...i }))} />
          </Form.Item>
          <Form.Item name="machine_operator" label={TT.operatorLabel} rules={rulesOf(B, 'machine_operator')}>
            <Select className={s.choice} options={MACHINE_OPERATORS.map((i) => ({ ...i }))} />
          </Form.Item>
          <Form.Item name="payment_method" label={TT.paymentLabel} rules={rulesOf(B, 'payment_method')}>
            <Select className={s.choice} options={PAYMENT_METHODS.map((i) => ({ ...i }))} />
          </Form.Item>
        </div>
        <Form.Item name="remark" label={TT.remark} rules={rulesOf(B, 'remark')}>
          <Input.TextArea rows={3} placeholder={TT.remarkPh} {...inputProps(B, 'remark')} />
        </Form.Item>
        <h4 className={s.listTitle}>{TT.equipList}</h4>
        <Form.List
          name="equips"
          rules={[
            {
              validator: async (_r, v: unknown[]) => {
                if (!v?.length) throw new Error(talkRules.equipsRequired);
                if (v.length > INQUIRY_LIMITS.equipsMax)
                  throw new Error(fmt(talkRules.equipsTooMany, { n: INQUIRY_LIMITS.equipsMax }));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div role="table" aria-label={TT.equipList}>
              {fields.map((f, i) => (
                <div key={f.key} role="row" className={s.equip}>
                  <span className={s.index}>{i + 1}</span>
                  <Form.Item name={[f.name, 'name']} rules={rulesOf(E, 'name')} className={s.equipName}>
                    <Input placeholder={TT.equipName} aria-label={TT.equipName} {...inputProps(E, 'name')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'model']} rules={rulesOf(E, 'model')} className={s.equipModel}>
                    <Input placeholder={TT.equipModel} aria-label={TT.equipModel} {...inputProps(E, 'model')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'count']} rules={rulesOf(E, 'count')} className={s.equipCount}>
                    <InputNumber
                      precision={0}
                      placeholder={TT.equipCount}
                      aria-label={TT.equipCount}
                      className={s.full}
                      {...inputProps(E, 'count')}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={TT.removeEquip}
                    disabled={fields.length <= 1}
                    onClick={() => remove(f.name)}
                  />
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= INQUIRY_LIMITS.equipsMax}
                onClick={() => add({ name: '', model: '', count: 1 })}
                className={s.addEquip}
              >
                {TT.addEquip}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
        <div className={s.actions}>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {TT.publish}
          </Button>
          <Button onClick={() => navigate(-1)}>{TT.back}</Button>
        </div>
      </Form>
    </PageCard>
  );
}
