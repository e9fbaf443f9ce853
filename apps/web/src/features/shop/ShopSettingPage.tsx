import { useState } from 'react';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Steps,
} from 'antd';
import { EditOutlined, ShopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { shop as msg_shop } from '@jizu/shared/messages/shop';
import { fmt } from '@jizu/shared/messages/fmt';
import { SHOP_LIMITS, SHOP_MACHINE, SHOP_STATUS, isShopOpen, isShopUnset } from '@jizu/shared/constants/shop';
import { actionsOf } from '@jizu/shared/rules/machine';
import { ZShopApply } from '@jizu/shared/schemas/shop';
import { latestPastDate } from '@jizu/shared/rules/pastDate';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { inputProps, rulesOf } from '../../ui/formRules';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { descriptionRows } from '../../ui/descriptionRows';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { StateView } from '../../ui/StateView';
import { useFormSave } from '../../ui/useFormSave';
import { infoQuery, optionsQuery, shopKey, type TInfo, type TOptions } from './shopApi';
import { ST } from '../../texts/shop';
import '../../ui/dayjsZh';
import s from './ShopSettingPage.module.css';
import cm from '../../ui/common.module.css';

const M = { shop: msg_shop } as const;

export const SHOP_TONES: Record<number, TTone> = { 0: 'default', 1: 'processing', [-1]: 'error', 2: 'success' };

type TValues = {
  shop_name: string;
  company_category: number;
  main_business: number[];
  main_product: string;
  service_area: string;
  create_time: Dayjs;
  product_number: number;
  employee_number: number;
  company_desc: string;
  company_logo: string;
};

const dateText = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);
const joinIds = (v: unknown) => (Array.isArray(v) ? v.join(',') : v);

function ShopDialog({ info, options, onClose }: { info: TInfo; options: TOptions; onClose: () => void }) {
  const [form] = Form.useForm<TValues>();
  const editing = !isShopUnset(info.shop_status);
  const latest = dayjs(latestPastDate());
  const save = useFormSave<TValues>(
    form,
    (v) => {
      const body = { ...v, main_business: v.main_business.join(','), create_time: v.create_time.format('YYYY-MM-DD') };
      return editing
        ? api.put(`/shop/shop/${info.id}`, body, { quiet: true })
        : api.post('/shop/shop', body, { quiet: true });
    },
    shopKey,
    onClose,
    editing ? M.shop.modified : M.shop.applied,
  );
  const initial: Partial<TValues> = editing
    ? {
        shop_name: info.shop_name,
        company_category: info.company_category,
        main_business: info.main_business.split(',').map(Number),
        main_product: info.main_product,
        service_area: info.service_area,
        create_time: dayjs(info.create_time),
        product_number: info.product_number,
        employee_number: info.employee_number,
        company_desc: info.company_desc,
        company_logo: info.company_logo,
      }
    : { shop_name: options.shop_name };
  const opts = (list: { id: number; name: string }[]) => list.map((o) => ({ value: o.id, label: o.name }));
  return (
    <Modal
      open
      title={ST.dialogTitle}
      okText={ST.submit}
      cancelText={ST.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form<TValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => save.mutate(v)}
        requiredMark
      >
        <Form.Item name="shop_name" label={ST.f.shop_name} rules={rulesOf(ZShopApply, 'shop_name')}>
          <Input {...inputProps(ZShopApply, 'shop_name')} />
        </Form.Item>
        <Space.Compact block className={s.pair}>
          <Form.Item
            name="company_category"
            label={ST.f.company_category}
            rules={rulesOf(ZShopApply, 'company_category')}
          >
            <Select placeholder={ST.selectPlaceholder} options={opts(options.company_category)} />
          </Form.Item>
          <Form.Item name="employee_number" label={ST.f.employee_number} rules={rulesOf(ZShopApply, 'employee_number')}>
            <Select placeholder={ST.selectPlaceholder} options={opts(options.employee_number)} />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="main_business"
          label={ST.f.main_business}
          extra={ST.mainBusinessHint}
          rules={rulesOf(ZShopApply, 'main_business', joinIds)}
        >
          <Select
            mode="multiple"
            placeholder={ST.selectPlaceholder}
            options={opts(options.main_business)}
            onChange={(v: number[]) => {
              if (v.length > SHOP_LIMITS.mainBusinesses) {
                toast.error(M.shop.mainBusinessTooMany);
                form.setFieldValue('main_business', v.slice(0, SHOP_LIMITS.mainBusinesses));
              }
            }}
          />
        </Form.Item>
        <Form.Item name="main_product" label={ST.f.main_product} rules={rulesOf(ZShopApply, 'main_product')}>
          <Input {...inputProps(ZShopApply, 'main_product')} />
        </Form.Item>
        <Form.Item name="service_area" label={ST.f.service_area} rules={rulesOf(ZShopApply, 'service_area')}>
          <Input {...inputProps(ZShopApply, 'service_area')} />
        </Form.Item>
        <Space.Compact block className={s.pair}>
          <Form.Item name="create_time" label={ST.f.create_time} rules={rulesOf(ZShopApply, 'create_time', dateText)}>
            <DatePicker className={s.full} disabledDate={(d) => d.isAfter(latest, 'day')} defaultPickerValue={latest} />
          </Form.Item>
          <Form.Item name="product_number" label={ST.f.product_number} rules={rulesOf(ZShopApply, 'product_number')}>
            <InputNumber className={s.full} precision={0} {...inputProps(ZShopApply, 'product_number')} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="company_desc" label={ST.f.company_desc} rules={rulesOf(ZShopApply, 'company_desc')}>
          <Input.TextArea rows={4} {...inputProps(ZShopApply, 'company_desc')} />
        </Form.Item>
        <Form.Item
          name="company_logo"
          label={ST.f.company_logo}
          extra={ST.logoHint}
          rules={rulesOf(ZShopApply, 'company_logo')}
        >
          <ImageUpload kind="shop" label={ST.f.company_logo} width={120} height={120} contain />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Where the company is on the way to an open shop: the steps of ST.process. */
type TStep = { current: number; status: 'process' | 'error' | 'finish' };
/** The step of an application by its status (before one, the step of what the company still lacks). */
const STEP_OF: Partial<Record<number, TStep>> = {
  [SHOP_STATUS.approved]: { current: 4, status: 'finish' },
  [SHOP_STATUS.review]: { current: 3, status: 'process' },
  [SHOP_STATUS.rejected]: { current: 3, status: 'error' },
};
function stepOf(info: TInfo, options: TOptions): TStep {
  return STEP_OF[info.shop_status] ?? { current: !info.c ? 0 : !options.c ? 1 : 2, status: 'process' };
}
/** The banner of an application by its status. */
const HINT_OF: Partial<Record<number, { hint: string; type: 'error' | 'success' | 'info' }>> = {
  [SHOP_STATUS.review]: { hint: ST.reviewHint, type: 'info' },
  [SHOP_STATUS.rejected]: { hint: ST.rejectedHint, type: 'error' },
  [SHOP_STATUS.approved]: { hint: ST.approvedHint, type: 'success' },
};

function Process({ info, options }: { info: TInfo; options: TOptions }) {
  const step = stepOf(info, options);
  return (
    <div className={s.process}>
      <h3 className={s.processTitle}>{ST.processTitle}</h3>
      <Steps
        size="small"
        responsive
        current={step.current}
        status={step.status}
        items={ST.process.map((title) => ({ title }))}
      />
      <h3 className={s.featuresTitle}>{ST.featuresTitle}</h3>
      <div className={s.features}>
        {ST.features.map((f) => (
          <div key={f.title} className={s.feature}>
            <div className={s.featureTitle}>{f.title}</div>
            <div className={cm.muted13}>{f.text}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

function ShopView({ info, options }: { info: TInfo; options: TOptions }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const status = info.shop_status;
  const canModify = actionsOf(SHOP_MACHINE, { status }, 'company').includes('modify');
  const shopOpen = isShopOpen(status);
  const openDialog = () => {
    if (!info.c) return toast.error(info.msg);
    if (!options.c) return toast.error(options.msg);
    setOpen(true);
  };
  const blockers = (
    <>
      {!info.c && (
        <Alert
          type="warning"
          showIcon
          title={info.msg}
          action={<Link to="/device/add">{ST.goUpload}</Link>}
          className={s.blocker}
        />
      )}
      {!options.c && (
        <Alert
          type="warning"
          showIcon
          title={options.msg}
          action={<Link to="/dashboard/company-auth">{ST.goVerify}</Link>}
          className={s.blocker}
        />
      )}
    </>
  );
  if (isShopUnset(status)) {
    return (
      <>
        {blockers}
        <StateView
          icon={<ShopOutlined className={s.emptyIcon} />}
          title={ST.noneTitle}
          sub={ST.noneSub}
          extra={
            <Button type="primary" onClick={openDialog}>
              {ST.setUp}
            </Button>
          }
        />
        <Process info={info} options={options} />
        {open && <ShopDialog info={info} options={options} onClose={() => setOpen(false)} />}
      </>
    );
  }
  const { hint, type } = HINT_OF[status] ?? { hint: ST.approvedHint, type: 'info' };
  return (
    <>
      <Alert
        type={type}
        showIcon
        title={hint}
        description={info.reason ? fmt(ST.reason, { reason: info.reason }) : undefined}
        className={s.banner}
      />
      <div className={s.summary}>
        {info.company_logo && (
          <Image src={info.company_logo} alt={ST.f.company_logo} width={96} height={96} className={s.logo} />
        )}
        <Descriptions
          className={s.details}
          column={{ xs: 1, sm: 1, md: 2 }}
          size="small"
          items={descriptionRows([
            {
              key: 's',
              label: ST.statusLabel,
              children: <StatusTag status={status} text={info.shop_status_v} tones={SHOP_TONES} />,
            },
            { key: 'n', label: ST.f.shop_name, children: info.shop_name },
            { key: 'c', label: ST.f.company_category, children: info.company_category_v },
            { key: 'b', label: ST.f.main_business, children: info.main_business_v },
            { key: 'p', label: ST.f.main_product, children: info.main_product },
            { key: 'a', label: ST.f.service_area, children: info.service_area },
            { key: 't', label: ST.f.create_time, children: info.create_time },
            { key: 'e', label: ST.f.employee_number, children: info.employee_number_v },
            { key: 'q', label: ST.f.product_number, children: info.product_number },
            { key: 'd', label: ST.f.company_desc, wide: true, children: info.company_desc },
          ])}
        />
      </div>
      <Space wrap className={s.actions}>
        {shopOpen && (
          <Button type="primary" onClick={() => navigate('/shop/decorate')}>
            {ST.decorate}
          </Button>
        )}
        {canModify && (
          <Button type={shopOpen ? 'default' : 'primary'} icon={<EditOutlined />} onClick={openDialog}>
            {ST.modify}
          </Button>
        )}
        {shopOpen && (
          <a href={info.href} target="_blank" rel="noreferrer">
            {ST.viewShop}
          </a>
        )}
      </Space>
      <Process info={info} options={options} />
      {open && <ShopDialog info={info} options={options} onClose={() => setOpen(false)} />}
    </>
  );
}

/** 店铺设置 (menu 221): the shop's status with the spec's button (设置 / 修改店铺信息 / 装修店铺) and the application dialog. */
export default function ShopSettingPage() {
  const info = useQuery(infoQuery);
  const options = useQuery(optionsQuery);
  const both = {
    isPending: info.isPending || options.isPending,
    isError: info.isError || options.isError,
    error: info.error ?? options.error,
    data: info.data && options.data ? { info: info.data, options: options.data } : undefined,
    refetch: () => Promise.all([info.refetch(), options.refetch()]),
  };
  return (
    <PageCard title={ST.settingTitle}>
      <QueryState query={both}>{(d) => <ShopView info={d.info} options={d.options} />}</QueryState>
    </PageCard>
  );
}
