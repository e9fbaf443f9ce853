import { Button, Form, Input, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DEMAND_VALID_DAYS } from '@jizu/shared/constants/demand';
import { demand as msg_demand, demandRules } from '@jizu/shared/messages/demand';
import { demandExtra, demandUi as T } from '../../texts/demand';
import { ZDemandSave, type TDemandRow } from '@jizu/shared/schemas/demand';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { cascaderRules, inputProps, rulesOf } from '../../ui/formRules';
import { AddonInputNumber } from '../../ui/Addon';
import { PageCard } from '../../ui/PageCard';
import { RegionCascader } from '../../ui/RegionCascader';
import { MapPicker } from '../../ui/map/MapPicker';
import { ProductCascader } from '../bidding/ProductCascader';
import { demandKey } from './demandApi';
import { CHAIN_DEPTH, REGION_DEPTH } from '@jizu/shared/constants/region';
import css from './demand.module.css';

type TValues = {
  region?: number[];
  address?: string;
  lng?: number | null;
  lat?: number | null;
  chain?: number[];
  num?: string;
  time?: string;
  real?: number;
  remark?: string;
};

/** /rent/dadd and /rent/dadd/{id}: publish or edit a quick demand (an edit goes back to review). */
export default function DemandFormPage() {
  const id = Number(useParams().id) || undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<TValues>();
  const qc = useQueryClient();
  const old = useQuery({
    queryKey: ['demand', 'one', id],
    queryFn: () => api.get<TDemandRow>(`/demand/demand/${id}`),
    enabled: !!id,
  });
  useEffect(() => {
    const d = old.data;
    if (d)
      form.setFieldsValue({
        region: [d.province, d.city, d.area],
        address: d.address,
        lng: d.lng,
        lat: d.lat,
        chain: [d.category, d.group, d.product],
        num: String(d.num),
        time: String(d.time),
        real: d.real,
        remark: d.remark,
      });
  }, [old.data, form]);
  const save = useMutation({
    mutationFn: (v: TValues) => {
      const [province, city, area] = v.region ?? [];
      const [category, group, product] = v.chain ?? [];
      const body = {
        province,
        city,
        area,
        address: v.address,
        lng: v.lng ?? null,
        lat: v.lat ?? null,
        category,
        group,
        product,
        num: v.num,
        time: v.time,
        real: v.real,
        remark: v.remark,
      };
      return id ? api.put(`/demand/demand/${id}`, body) : api.post('/demand/demand', body);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: demandKey });
      toast.success(id ? msg_demand.changed : msg_demand.published);
      navigate('/rent/demand');
    },
  });
  const r = (n: string) => rulesOf(ZDemandSave, n);
  return (
    <PageCard title={id ? T.editTitle : T.formTitle}>
      <Form<TValues>
        form={form}
        layout="vertical"
        className={css.form}
        initialValues={{ real: DEMAND_VALID_DAYS.default }}
        onFinish={(v) => save.mutate(v)}
        scrollToFirstError
      >
        <Form.Item label={T.region} name="region" rules={cascaderRules(REGION_DEPTH, demandRules.regionRequired)}>
          <RegionCascader />
        </Form.Item>
        <Form.Item label={T.address} name="address" rules={r('address')}>
          <Input {...inputProps(ZDemandSave, 'address')} />
        </Form.Item>
        <MapPicker
          label={T.point}
          rules={{ lng: r('lng'), lat: r('lat') }}
          addressMax={inputProps(ZDemandSave, 'address').maxLength}
        />
        <Form.Item label={T.product} name="chain" rules={cascaderRules(CHAIN_DEPTH, demandRules.productRequired)}>
          <ProductCascader placeholder={demandExtra.choose} />
        </Form.Item>
        <Space wrap size={16}>
          <Form.Item label={T.num} name="num" rules={r('num')}>
            <Input inputMode="numeric" className={css.num} />
          </Form.Item>
          <Form.Item label={T.time} name="time" rules={r('time')}>
            <Input inputMode="numeric" className={css.num} />
          </Form.Item>
          <Form.Item label={T.real} name="real" rules={r('real')}>
            <AddonInputNumber
              min={DEMAND_VALID_DAYS.min}
              max={DEMAND_VALID_DAYS.max}
              precision={0}
              after={T.realUnit}
              className={css.days}
            />
          </Form.Item>
        </Space>
        <Form.Item label={T.remark} name="remark" rules={r('remark')}>
          <Input.TextArea rows={4} placeholder={T.remarkPh} {...inputProps(ZDemandSave, 'remark')} />
        </Form.Item>
        <Space>
          <Button onClick={() => navigate('/rent/demand')}>{T.cancel}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {T.submit}
          </Button>
        </Space>
      </Form>
    </PageCard>
  );
}
