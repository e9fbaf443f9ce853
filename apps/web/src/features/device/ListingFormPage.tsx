import { useEffect, useMemo } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { equipment as msg_equipment } from '@jizu/shared/messages/equipment';
import { fmt } from '@jizu/shared/messages/fmt';
import { LISTING_LEASE_EDITABLE, SERIAL_TYPES } from '@jizu/shared/constants/equipment';
import { ZListingSave, type TListingDetail } from '@jizu/shared/schemas/equipment';
import { latestPastDate } from '@jizu/shared/rules/pastDate';
import type { TCategory, TGroup, TProduct } from '@jizu/shared/schemas/region';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { RegionCascader } from '../../ui/RegionCascader';
import { MapPicker } from '../../ui/map/MapPicker';
import { cascaderRules, inputProps, rulesOf } from '../../ui/formRules';
import { applyFieldErrors } from '../auth/authApi';
import { ListingImages } from './ListingImages';
import { listingsKey } from './ListingsPage';
import { DT } from '../../texts/device';
import '../../ui/dayjsZh';
import { REGION_DEPTH } from '@jizu/shared/constants/region';
import { ZParamValue } from '@jizu/shared/schemas/region';
import s from './ListingFormPage.module.css';
import cm from '../../ui/common.module.css';

const M = { equipment: msg_equipment } as const;

interface TFormValues {
  category?: number;
  group?: number;
  product_name?: number;
  product_another_name?: string;
  model?: string;
  brand?: string;
  playing_time?: Dayjs;
  working_hours?: number | null;
  explain?: string;
  monthly_rent?: string;
  rent_rent?: string;
  hourly_rent?: string;
  cs?: Record<string, string | number | null>;
  attrs?: (string | undefined)[];
  region?: number[];
  address?: string;
  lng?: number | null;
  lat?: number | null;
  appearance_image?: string[];
  cover?: string;
  nameplate?: string;
  serial_type?: number;
  serial_number?: string;
}

const S = ZListingSave as never;
const rules = (name: string, transform?: (v: unknown) => unknown) => rulesOf(S, name, transform);
const props = (name: string) => inputProps(S, name);
const ADDRESS_MAX = props('address').maxLength;
const dateText = (v: unknown) => (v && dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : '');
const yuan = (fen: number) => (fen ? (fen / 100).toFixed(2).replace(/\.00$/, '') : '');
const noCompany = { noCompany: true } as const;

function useOptions(category?: number, group?: number) {
  const categories = useQuery({
    queryKey: ['etype'],
    queryFn: () => api.get<TCategory[]>('/v1/etype', undefined, noCompany),
    staleTime: Infinity,
  });
  const groups = useQuery({
    queryKey: ['egroup', category],
    queryFn: () => api.get<TGroup[]>(`/v1/egroup/${category}`, undefined, noCompany),
    enabled: !!category,
    staleTime: Infinity,
  });
  const products = useQuery({
    queryKey: ['epro', group],
    queryFn: () => api.get<TProduct[]>(`/v1/epro/${group}`, undefined, noCompany),
    enabled: !!group,
    staleTime: Infinity,
  });
  return { categories: categories.data ?? [], groups: groups.data ?? [], products: products.data ?? [] };
}

function toValues(d: TListingDetail): TFormValues {
  return {
    category: d.category,
    group: d.group,
    product_name: d.product_name,
    product_another_name: d.product_another_name,
    model: d.model,
    brand: d.brand,
    playing_time: dayjs(d.playing_time),
    working_hours: d.working_hours || null,
    explain: d.explain,
    monthly_rent: yuan(d.monthly_rent),
    rent_rent: yuan(d.rent_rent),
    hourly_rent: yuan(d.hourly_rent),
    cs: d.cs,
    attrs: d.attribute ? d.attribute.split('-') : [],
    region: [d.province, d.city, d.area],
    address: d.address,
    lng: d.lng,
    lat: d.lat,
    appearance_image: d.appearance_image,
    cover: d.cover,
    nameplate: d.nameplate,
    serial_type: d.serial_type,
    serial_number: d.serial_number,
  };
}

function ListingForm({ detail }: { detail?: TListingDetail }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<TFormValues>();
  const category = Form.useWatch('category', form);
  const group = Form.useWatch('group', form);
  const productId = Form.useWatch('product_name', form);
  const serialType = Form.useWatch('serial_type', form);
  const cover = Form.useWatch('cover', form);
  const { categories, groups, products } = useOptions(category, group);
  const product = products.find((p) => p.id === productId);
  const leased = !!detail?.has_lease;
  const editable = new Set<string>(LISTING_LEASE_EDITABLE);
  const locked = (name: string) => leased && !editable.has(name);
  const limit = useMemo(() => dayjs(latestPastDate()), []);

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [detail, form]);

  const save = useMutation({
    mutationFn: (v: TFormValues) => {
      const attrs = (product?.attributes ?? []).map((_, i) => v.attrs?.[i] ?? '');
      const body = {
        category: v.category,
        group: v.group,
        product_name: v.product_name,
        product_another_name: product?.is_other ? (v.product_another_name ?? '') : '',
        model: v.model,
        brand: v.brand ?? '',
        playing_time: dateText(v.playing_time),
        working_hours: v.working_hours ?? 0,
        explain: v.explain ?? '',
        monthly_rent: v.monthly_rent ?? '',
        rent_rent: v.rent_rent ?? '',
        hourly_rent: v.hourly_rent ?? '',
        cs: Object.fromEntries((product?.params ?? []).map((p) => [p.key, v.cs?.[p.key] ?? ''])),
        attribute: attrs.some(Boolean) ? attrs.join('-') : '',
        province: v.region?.[0],
        city: v.region?.[1],
        area: v.region?.[2],
        address: v.address,
        lng: v.lng ?? null,
        lat: v.lat ?? null,
        appearance_image: v.appearance_image ?? [],
        cover: v.cover ?? '',
        nameplate: v.nameplate ?? '',
        serial_type: v.serial_type,
        serial_number: v.serial_number ?? '',
      };
      return detail
        ? api.put(`/ep/index/${detail.id}`, body, { quiet: true })
        : api.post('/ep/index', body, { quiet: true });
    },
    onSuccess: async () => {
      toast.success(detail ? M.equipment.modified : M.equipment.published);
      await qc.invalidateQueries({ queryKey: listingsKey });
      navigate(detail ? '/device/rent' : '/device/rent?tab=submitted');
    },
    onError: (e) => {
      if (!applyFieldErrors(form, e)) toast.error((e as Error).message);
    },
  });

  const submit = (v: TFormValues) => {
    if (!v.nameplate) return toast.error(M.equipment.nameplateRequired);
    save.mutate(v);
  };

  const serialLabel = SERIAL_TYPES.find((t) => t.value === serialType)?.label ?? DT.serialNumber;
  const section = (title: string) => <h4 className={s.section}>{title}</h4>;
  const paramRules = (p: TProduct['params'][number]): Rule[] => rulesOf(ZParamValue(p), 'value');

  return (
    <Form<TFormValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      scrollToFirstError
      className={s.form}
      initialValues={{ appearance_image: [], cover: '' }}
    >
      {leased && <Alert type="warning" showIcon title={DT.leasedHint} className={s.alert} />}
      {detail?.is_lease === 2 && detail.reason && (
        <Alert type="error" showIcon title={fmt(DT.rejectedHint, { reason: detail.reason })} className={s.alert} />
      )}
      {section(DT.secBasic)}
      <div className={`jz-grid3 ${cm.fields}`}>
        <Form.Item label={DT.category} name="category" rules={rules('category')}>
          <Select
            placeholder={DT.selectPh}
            disabled={locked('category')}
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
            onChange={() => form.setFieldsValue({ group: undefined, product_name: undefined })}
          />
        </Form.Item>
        <Form.Item label={DT.group} name="group" rules={rules('group')}>
          <Select
            placeholder={DT.selectPh}
            disabled={locked('group') || !category}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
            onChange={() => form.setFieldsValue({ product_name: undefined })}
          />
        </Form.Item>
        <Form.Item label={DT.product} name="product_name" rules={rules('product_name')}>
          <Select
            placeholder={DT.selectPh}
            disabled={locked('product_name') || !group}
            options={products.map((p) => ({ value: p.id, label: p.name }))}
            onChange={() => form.setFieldsValue({ cs: {}, attrs: [] })}
          />
        </Form.Item>
      </div>
      {product?.is_other && (
        <Form.Item
          label={DT.alias}
          name="product_another_name"
          extra={DT.aliasHint}
          rules={[{ required: true, message: M.equipment.aliasRequired }, ...rules('product_another_name')]}
        >
          <Input
            placeholder={DT.inputPh}
            disabled={locked('product_another_name')}
            {...props('product_another_name')}
          />
        </Form.Item>
      )}
      <div className={cm.fields}>
        <Form.Item label={DT.model} name="model" rules={rules('model')}>
          <Input placeholder={DT.inputPh} disabled={locked('model')} {...props('model')} />
        </Form.Item>
        <Form.Item label={DT.brand} name="brand" rules={rules('brand')}>
          <Input placeholder={DT.inputPh} disabled={locked('brand')} {...props('brand')} />
        </Form.Item>
        <Form.Item label={DT.playingTime} name="playing_time" rules={rules('playing_time', dateText)}>
          <DatePicker
            className={s.full}
            disabled={locked('playing_time')}
            disabledDate={(d) => d.isAfter(limit, 'day')}
          />
        </Form.Item>
        <Form.Item label={DT.workingHours} name="working_hours">
          <InputNumber
            className={s.full}
            min={0}
            precision={0}
            suffix={DT.hoursUnit}
            disabled={locked('working_hours')}
          />
        </Form.Item>
      </div>

      {section(DT.secRent)}
      <div className={cm.fields}>
        <Form.Item label={DT.monthlyRent} name="monthly_rent" rules={rules('monthly_rent')}>
          <Input inputMode="decimal" placeholder={DT.inputPh} suffix={DT.perMonth} />
        </Form.Item>
        <Form.Item label={DT.rentRent} name="rent_rent" rules={rules('rent_rent')}>
          <Input inputMode="decimal" placeholder={DT.inputPh} suffix={DT.perShift} />
        </Form.Item>
        <Form.Item label={DT.hourlyRent} name="hourly_rent" rules={rules('hourly_rent')}>
          <Input inputMode="decimal" placeholder={DT.inputPh} suffix={DT.perHour} />
        </Form.Item>
      </div>
      <div className={s.rentHint}>{DT.rentHint}</div>

      {product && (product.params.length > 0 || product.attributes.length > 0) && (
        <>
          {section(DT.secParams)}
          <div className={cm.fields}>
            {product.params.map((p) => (
              <Form.Item key={p.key} label={p.name} name={['cs', p.key]} rules={paramRules(p)}>
                {p.input === 'select' ? (
                  <Select
                    placeholder={DT.selectPh}
                    disabled={locked('cs')}
                    allowClear
                    options={(p.options ?? []).map((o) => ({ value: o, label: o }))}
                  />
                ) : (
                  <Input
                    placeholder={DT.inputPh}
                    disabled={locked('cs')}
                    inputMode={p.input === 'number' ? 'decimal' : undefined}
                    suffix={p.unit || undefined}
                    maxLength={50}
                  />
                )}
              </Form.Item>
            ))}
            {product.attributes.map((a, i) => (
              <Form.Item key={`${a.name}-${i}`} label={a.name} name={['attrs', i]}>
                <Select
                  placeholder={DT.selectPh}
                  disabled={locked('attribute')}
                  allowClear
                  options={a.options.map((o) => ({ value: o, label: o }))}
                />
              </Form.Item>
            ))}
          </div>
        </>
      )}
      <Form.Item label={DT.explain} name="explain" rules={rules('explain')}>
        <Input.TextArea rows={3} disabled={locked('explain')} {...props('explain')} />
      </Form.Item>

      {section(DT.secAddress)}
      <div className={s.addressFields}>
        <Form.Item label={DT.region} name="region" rules={cascaderRules(REGION_DEPTH, M.equipment.regionRequired)}>
          <RegionCascader />
        </Form.Item>
        <Form.Item label={DT.address} name="address" rules={rules('address')}>
          <Input placeholder={DT.inputPh} {...props('address')} />
        </Form.Item>
      </div>
      <MapPicker label={DT.point} rules={{ lng: rules('lng'), lat: rules('lat') }} addressMax={ADDRESS_MAX} />

      {section(DT.secImages)}
      <Form.Item name="cover" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        label={DT.images}
        name="appearance_image"
        extra={DT.imagesHint}
        rules={[{ required: true, message: M.equipment.imagesRequired }, ...rules('appearance_image')]}
      >
        <ListingImages cover={cover} onCover={(p) => form.setFieldsValue({ cover: p })} disabled={leased} />
      </Form.Item>

      {section(DT.secIdentity)}
      <Form.Item label={DT.nameplate} name="nameplate" rules={rules('nameplate')}>
        <ImageUpload kind="ep" label={DT.nameplateUpload} width={200} height={150} disabled={leased} />
      </Form.Item>
      <div className={cm.fields}>
        <Form.Item label={DT.serialType} name="serial_type" rules={rules('serial_type')}>
          <Select
            placeholder={DT.selectPh}
            disabled={locked('serial_type')}
            options={SERIAL_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          />
        </Form.Item>
        <Form.Item
          label={serialLabel}
          name="serial_number"
          rules={[
            {
              required: true,
              whitespace: true,
              message: fmt(M.equipment.serialNumberRequired, { label: serialLabel }),
            },
            ...rules('serial_number'),
          ]}
        >
          <Input placeholder={DT.inputPh} disabled={locked('serial_number')} {...props('serial_number')} />
        </Form.Item>
      </div>

      <div className={cm.tertiaryBelow}>{DT.reviewHint}</div>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {DT.save}
        </Button>
        <Button onClick={() => navigate('/device/rent')}>{DT.cancel}</Button>
      </Space>
    </Form>
  );
}

/** /device/add and /device/edit/:id: the listing form (spec/1 §3, §5); cancel and success return to /device/rent. */
export default function ListingFormPage() {
  const { id } = useParams();
  const q = useQuery({
    queryKey: [...listingsKey, 'one', id],
    queryFn: () => api.get<TListingDetail>(`/ep/index/${id}`, undefined, { quiet: true }),
    enabled: !!id,
  });
  return (
    <PageCard title={id ? DT.editTitle : DT.addTitle}>
      {id ? <QueryState query={q}>{(d) => <ListingForm detail={d} />}</QueryState> : <ListingForm />}
    </PageCard>
  );
}
