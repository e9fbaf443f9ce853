import { useState } from 'react';
import {
  Button,
  Form,
  Image,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Table,
  Tabs,
  Tag,
  type TableColumnsType,
} from 'antd';
import { AppstoreAddOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { shelf as msg_shelf } from '@jizu/shared/messages/shelf';
import { fmt } from '@jizu/shared/messages/fmt';
import { PAY_TYPES, PAY_TYPE_LABEL, type TPayType } from '@jizu/shared/constants/payment';
import {
  SHELF_DAYS,
  SHELF_MAX,
  SHELF_MIN,
  SHELF_ORDER,
  SHELF_ORDER_TABS,
  SHELF_REFUND,
  SHELF_TERM_MAX,
  isShelfOrderEffective,
  isShelfOrderInReview,
  isShelfOrderRejected,
  isShelfOrderUnpaid,
} from '@jizu/shared/constants/shelf';
import { fenToYuanText, yuanToFen } from '@jizu/shared/rules/money';
import type { TPage } from '@jizu/shared/errors';
import type { TPayOrder } from '@jizu/shared/schemas/payment';
import {
  ZShelfApply,
  ZShelfDeviceAdd,
  type TShelf,
  type TShelfOrder,
  type TShelfPick,
  type TShelfSetting,
} from '@jizu/shared/schemas/shelf';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { submitPayForm } from '../payment/pay';
import { ST, shelfOrderClosed } from '../../texts/shelf';
import cm from '../../ui/common.module.css';
import { whenValid } from '../../ui/useFormSave';
import css from './ShelfPage.module.css';

const M = { shelf: msg_shelf } as const;

const PAGE = 5;
const shelvesKey = ['shelf', 'list'] as const;
const ordersKey = ['shelf', 'orders'] as const;
const ORDER_TONES: Record<number, TTone> = { [-1]: 'warning', 0: 'processing', 1: 'success', 2: 'error' };
const toFen = (v: unknown) =>
  v === undefined || v === null || v === '' ? undefined : (yuanToFen(v as number) ?? Number.NaN);

/** The QR page of a shelf order (wx and chinaums share the generic scan page), or the alipay form. */
function goPay(order: TPayOrder, navigate: (to: string) => void) {
  if (order.pay_type === 'alipay' && order.form) submitPayForm(order.form);
  else navigate(`/chinaums-scan?buy_type=shelf&order_sn=${encodeURIComponent(order.order_sn)}`);
}

function Terms({ r }: { r: NonNullable<TShelf['equipment_rentbuy']> }) {
  return <span>{fmt(ST.terms, { rent: r.month_rent_v, term: r.lease_term, price: r.selling_price_v })}</span>;
}

function DeviceRow({ s }: { s: TShelf }) {
  const r = s.equipment_rentbuy;
  if (!r) return <span className={cm.tertiary}>{ST.none}</span>;
  return (
    <div className={css.device} data-testid="shelf-device">
      <Image src={r.cover} alt={r.product_name_v} width={96} height={64} className={css.thumb} />
      <div className={cm.shrink}>
        <a href={r.href} target="_blank" rel="noreferrer">
          <strong>{r.product_name_v}</strong>
        </a>
        <div className={cm.hint}>{fmt(ST.region, { p: r.province_v, c: r.city_v, a: r.area_v })}</div>
        <div className={css.mt4}>
          <Terms r={r} />
        </div>
      </div>
    </div>
  );
}

/** The nested device picker: the company's approved listings (cover, product_name_v, province/city/area). */
function DevicePicker({
  open,
  current,
  onPick,
  onClose,
}: {
  open: boolean;
  current?: number;
  onPick: (d: TShelfPick) => void;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['shelf', 'pick', page],
    queryFn: () => api.get<TPage<TShelfPick>>('/epRent/equipment', { page, size: PAGE }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const cols: TableColumnsType<TShelfPick> = [
    {
      title: ST.pickerCols.cover,
      dataIndex: 'cover',
      width: 90,
      render: (c: string, d) => (
        <Image src={c} alt={d.product_name_v} width={64} height={44} className={css.thumb} preview={false} />
      ),
    },
    {
      title: ST.pickerCols.name,
      dataIndex: 'product_name_v',
      render: (n: string, d) => `${n}${d.model ? ` ${d.model}` : ''}`,
    },
    {
      title: ST.pickerCols.region,
      key: 'region',
      render: (_: unknown, d) => fmt(ST.region, { p: d.province_v, c: d.city_v, a: d.area_v }),
    },
    {
      title: ST.cols.action,
      key: 'a',
      width: 100,
      render: (_: unknown, d) =>
        d.shelf_id && d.id !== current ? (
          <Tag>{ST.onShelf}</Tag>
        ) : (
          <Button size="small" type="link" onClick={() => onPick(d)}>
            {ST.pick}
          </Button>
        ),
    },
  ];
  return (
    <Modal open={open} title={ST.pickerTitle} footer={null} onCancel={onClose} width={720} destroyOnHidden>
      <QueryState query={q} isEmpty={(d) => d.total === 0} empty={<StateView title={ST.noDevices} />}>
        {(d) => (
          <Table<TShelfPick>
            rowKey="id"
            size="small"
            columns={cols}
            dataSource={d.data}
            scroll={{ x: 560 }}
            pagination={{ current: page, pageSize: PAGE, total: d.total, onChange: setPage, showSizeChanger: false }}
          />
        )}
      </QueryState>
    </Modal>
  );
}

type TDeviceForm = { month_rent?: number; lease_term?: number; selling_price?: number };

/** Add a device to an empty shelf, or modify the device and terms of a filled one. */
function DeviceDialog({ shelf, mode, onClose }: { shelf: TShelf; mode: 'put' | 'modify'; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<TDeviceForm>();
  const r = shelf.equipment_rentbuy;
  const [device, setDevice] = useState<{ id: number; name: string; cover: string } | null>(
    r ? { id: r.product_id, name: r.product_name_v, cover: r.cover } : null,
  );
  const [picking, setPicking] = useState(false);
  const [deviceError, setDeviceError] = useState('');
  const save = useMutation({
    mutationFn: (v: TDeviceForm) => {
      const body = {
        product_id: device!.id,
        month_rent: toFen(v.month_rent),
        lease_term: v.lease_term,
        selling_price: toFen(v.selling_price),
      };
      return mode === 'put'
        ? api.post<TShelf>('/epRent/index', { shelf_id: shelf.id, ...body })
        : api.put<TShelf>(`/epRent/index/${shelf.id}`, body);
    },
    onSuccess: async () => {
      toast.success(mode === 'put' ? M.shelf.added : M.shelf.modified);
      await qc.invalidateQueries({ queryKey: shelvesKey });
      onClose();
    },
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (!device) return setDeviceError(M.shelf.chooseDevice);
    save.mutate(v);
  };
  return (
    <Modal
      open
      title={ST.deviceTitle[mode]}
      okText={ST.save}
      cancelText={ST.cancel}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TDeviceForm>
        form={form}
        layout="vertical"
        initialValues={
          r ? { month_rent: r.month_rent / 100, lease_term: r.lease_term, selling_price: r.selling_price / 100 } : {}
        }
        requiredMark
      >
        <Form.Item
          label={ST.device}
          required
          validateStatus={deviceError ? 'error' : undefined}
          help={deviceError || undefined}
        >
          <Space wrap>
            {device && (
              <Space>
                <Image
                  src={device.cover}
                  alt={device.name}
                  width={56}
                  height={40}
                  className={css.thumb}
                  preview={false}
                />
                <span data-testid="picked-device">{device.name}</span>
              </Space>
            )}
            <Button onClick={() => setPicking(true)}>{device ? ST.changeDevice : ST.chooseDevice}</Button>
          </Space>
        </Form.Item>
        <Form.Item name="month_rent" label={ST.monthRent} rules={rulesOf(ZShelfDeviceAdd, 'month_rent', toFen)}>
          <InputNumber className={css.full} min={0.01} precision={2} />
        </Form.Item>
        <Form.Item name="lease_term" label={ST.leaseTerm} rules={rulesOf(ZShelfDeviceAdd, 'lease_term')}>
          <InputNumber className={css.full} precision={0} min={1} max={SHELF_TERM_MAX} />
        </Form.Item>
        <Form.Item
          name="selling_price"
          label={ST.sellingPrice}
          rules={rulesOf(ZShelfDeviceAdd, 'selling_price', toFen)}
        >
          <InputNumber className={css.full} min={0.01} precision={2} />
        </Form.Item>
      </Form>
      <DevicePicker
        open={picking}
        current={r?.product_id}
        onClose={() => setPicking(false)}
        onPick={(d) => {
          setDevice({ id: d.id, name: d.product_name_v, cover: d.cover });
          setDeviceError('');
          setPicking(false);
        }}
      />
    </Modal>
  );
}

/** Apply for 1–5 shelves: the amount, the pay type, then the QR payment page. */
function ApplyDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<{ num: number; pay_type: TPayType }>();
  const setting = useQuery({
    queryKey: ['shelf', 'setting'],
    queryFn: () => api.get<TShelfSetting>('/ep/shelf/setting'),
  });
  const num = Form.useWatch('num', form) ?? 1;
  const apply = useMutation({
    mutationFn: (v: { num: number; pay_type: TPayType }) =>
      api.post<{ order: TShelfOrder; pay: TPayOrder }>('/ep/shelf', v),
    onSuccess: (d) => {
      toast.success(M.shelf.applied);
      goPay(d.pay, navigate);
    },
  });
  return (
    <Modal
      open
      title={ST.applyTitle}
      okText={ST.submitPay}
      cancelText={ST.cancel}
      confirmLoading={apply.isPending}
      onOk={whenValid(form, (v) => apply.mutate(v))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ num: 1, pay_type: 'wx' }}>
        <Form.Item name="num" label={ST.num} extra={ST.numHint} rules={rulesOf(ZShelfApply, 'num')}>
          <InputNumber className={css.num} precision={0} placeholder={`${SHELF_MIN}-${SHELF_MAX}`} />
        </Form.Item>
        {setting.data && (
          <div className={css.price}>
            <div className={cm.tertiary}>
              {fmt(ST.unitPrice, { price: fenToYuanText(setting.data.price), days: setting.data.days })}
            </div>
            <div>
              {ST.total}：
              <strong className={css.total}>¥{fenToYuanText(setting.data.price * (Number(num) || 0))}</strong>
            </div>
          </div>
        )}
        <Form.Item name="pay_type" label={ST.payType}>
          <Radio.Group options={PAY_TYPES.map((t) => ({ value: t, label: PAY_TYPE_LABEL[t] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ShelvesTable() {
  const qc = useQueryClient();
  const { int, update } = useUrlQuery();
  const page = int('page', 1);
  const q = useQuery({
    queryKey: [...shelvesKey, page],
    queryFn: () => api.get<TPage<TShelf>>('/ep/shelf', { page, size: PAGE }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<{ shelf: TShelf; mode: 'put' | 'modify' } | null>(null);
  const down = useMutation({
    mutationFn: (id: number) => api.del(`/epRent/index/${id}`),
    onSuccess: async () => {
      toast.success(M.shelf.takenDown);
      await qc.invalidateQueries({ queryKey: shelvesKey });
    },
  });
  const cols: TableColumnsType<TShelf> = [
    { title: ST.cols.sn, dataIndex: 'sn', width: 230 },
    { title: ST.cols.finish, dataIndex: 'finish_time', width: 170 },
    {
      title: ST.cols.state,
      dataIndex: 'state_v',
      width: 90,
      render: (v: string, s) => (
        <StatusTag text={v} tone={s.expired ? 'default' : s.state ? 'success' : 'processing'} />
      ),
    },
    { title: ST.cols.device, key: 'd', render: (_: unknown, s) => s.equipment_rentbuy?.product_name_v ?? ST.none },
    {
      title: ST.cols.action,
      key: 'a',
      width: 160,
      fixed: 'right',
      render: (_: unknown, s) => (
        <Space size={4}>
          {s.actions.includes('put') && (
            <Button
              size="small"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ shelf: s, mode: 'put' })}
            >
              {ST.put}
            </Button>
          )}
          {s.actions.includes('modify') && (
            <Button size="small" onClick={() => setEditing({ shelf: s, mode: 'modify' })}>
              {ST.modify}
            </Button>
          )}
          {s.actions.includes('takeDown') && (
            <Popconfirm
              title={ST.takeDownConfirm}
              okText={ST.takeDown}
              cancelText={ST.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={() => down.mutateAsync(s.id)}
            >
              <Button size="small" danger>
                {ST.takeDown}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0}
        empty={
          <StateView icon={<AppstoreAddOutlined className={css.emptyIcon} />} title={ST.empty} sub={ST.emptyHint} />
        }
      >
        {(d) => (
          <Table<TShelf>
            rowKey="id"
            size="middle"
            columns={cols}
            dataSource={d.data}
            scroll={{ x: 820 }}
            expandable={{
              expandedRowRender: (s) => <DeviceRow s={s} />,
              rowExpandable: (s) => !!s.equipment_rentbuy,
              defaultExpandAllRows: true,
            }}
            pagination={{
              current: page,
              pageSize: PAGE,
              total: d.total,
              showSizeChanger: false,
              onChange: (p) => update({ page: p > 1 ? p : undefined }),
            }}
          />
        )}
      </QueryState>
      {editing && <DeviceDialog shelf={editing.shelf} mode={editing.mode} onClose={() => setEditing(null)} />}
    </>
  );
}

function OrdersTable() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { params, int, update } = useUrlQuery();
  const raw = Number(params.get('status') ?? SHELF_ORDER.review);
  const status = (SHELF_ORDER_TABS as readonly number[]).includes(raw) ? raw : SHELF_ORDER.review;
  const page = int('opage', 1);
  const q = useQuery({
    queryKey: [...ordersKey, status, page],
    queryFn: () => api.get<TPage<TShelfOrder>>('/ep/shelf/order', { status, page, size: PAGE }),
    placeholderData: keepPreviousData,
  });
  const del = useMutation({
    mutationFn: (id: number) => api.del(`/ep/shelf/${id}`),
    onSuccess: async () => {
      toast.success(M.shelf.deleted);
      await qc.invalidateQueries({ queryKey: ordersKey });
    },
  });
  const cols: TableColumnsType<TShelfOrder> = [
    { title: ST.cols.orderSn, dataIndex: 'sn', width: 220 },
    { title: ST.cols.name, dataIndex: 'name', width: 200 },
    { title: ST.cols.num, dataIndex: 'num', width: 90, align: 'center' },
    { title: ST.cols.amount, dataIndex: 'amount_v', width: 110, align: 'right' },
    {
      title: ST.cols.status,
      dataIndex: 'status_v',
      width: 120,
      render: (v: string, o) => (
        <Space size={4}>
          <StatusTag status={o.status} text={v} tones={ORDER_TONES} />
          {o.refund !== SHELF_REFUND.none && <Tag color="orange">{o.refund_v}</Tag>}
        </Space>
      ),
    },
    ...(isShelfOrderRejected({ status }) ? [{ title: ST.cols.reason, dataIndex: 'reason', width: 180 }] : []),
    ...(isShelfOrderEffective({ status }) ? [{ title: ST.cols.until, dataIndex: 'finish_time', width: 120 }] : []),
    { title: ST.cols.time, dataIndex: 'create_time', width: 170 },
    {
      title: ST.cols.action,
      key: 'a',
      width: 140,
      fixed: 'right',
      render: (_: unknown, o) => (
        <Space size={4}>
          {isShelfOrderUnpaid(o) && o.status_v !== shelfOrderClosed && (
            <Button
              size="small"
              type="link"
              onClick={() => navigate(`/chinaums-scan?buy_type=shelf&order_sn=${encodeURIComponent(o.pay_order_sn)}`)}
            >
              {ST.pay}
            </Button>
          )}
          {o.can_delete ? (
            <Popconfirm
              title={ST.delConfirm}
              okText={ST.del}
              cancelText={ST.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={() => del.mutateAsync(o.id)}
            >
              <Button size="small" danger type="link">
                {ST.del}
              </Button>
            </Popconfirm>
          ) : isShelfOrderInReview(o) ? (
            // paid and awaiting staff: offered, refused with the reason (README, Decisions)
            <Button
              size="small"
              type="link"
              disabled
              title={M.shelf.orderNotDeletable}
              aria-label={M.shelf.orderNotDeletable}
            >
              {ST.del}
            </Button>
          ) : (
            <span className={cm.quaternary}>{ST.none}</span>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Tabs
        activeKey={String(status)}
        onChange={(k) => update({ status: k, opage: undefined })}
        items={SHELF_ORDER_TABS.map((s) => ({ key: String(s), label: ST.orderTabs[s] }))}
      />
      <QueryState query={q} isEmpty={(d) => d.total === 0} empty={<StateView title={ST.ordersEmpty} />}>
        {(d) => (
          <Table<TShelfOrder>
            rowKey="id"
            size="middle"
            columns={cols}
            dataSource={d.data}
            scroll={{ x: 900 }}
            pagination={{
              current: page,
              pageSize: PAGE,
              total: d.total,
              showSizeChanger: false,
              onChange: (p) => update({ opage: p > 1 ? p : undefined }),
            }}
          />
        )}
      </QueryState>
    </>
  );
}

/** /order/info and /device/buy: the rent-then-buy shelves and the shelf orders (spec/3 § Rent-then-buy shelf page). */
export default function ShelfPage() {
  const { params, update } = useUrlQuery();
  const tab = params.get('tab') === 'orders' ? 'orders' : 'shelves';
  const [applying, setApplying] = useState(false);
  return (
    <PageCard
      title={ST.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setApplying(true)}>
          {ST.apply}
        </Button>
      }
    >
      <div className={cm.tertiaryBelowSm}>{fmt(ST.sub, { days: SHELF_DAYS })}</div>
      <Tabs
        activeKey={tab}
        onChange={(k) =>
          update({ tab: k === 'orders' ? 'orders' : undefined, page: undefined, opage: undefined, status: undefined })
        }
        items={[
          { key: 'shelves', label: ST.tabs.shelves, children: tab === 'shelves' ? <ShelvesTable /> : null },
          { key: 'orders', label: ST.tabs.orders, children: tab === 'orders' ? <OrdersTable /> : null },
        ]}
      />
      {applying && <ApplyDialog onClose={() => setApplying(false)} />}
    </PageCard>
  );
}
