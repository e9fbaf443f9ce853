import { useState } from 'react';
import { Button, DatePicker, Form, Image, Input, Modal, Popconfirm, Space, type TableColumnsType } from 'antd';
import { CarOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MACHINE_LIMITS, MACHINE_TABS } from '@jizu/shared/constants/machine';
import { machine as msg, machineUi as T } from '@jizu/shared/messages/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { ZMachineExit, type TMachineRow } from '@jizu/shared/schemas/machine';
import type { TOrderDetail } from '@jizu/shared/schemas/order';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { SIDE, orderKey, type TSide } from '../order/orderApi';
import { ImagesField } from '../../ui/ImagesField';

type TPageData = { data: TMachineRow[]; total: number; equip_num: number; equip_out_num: number };
const TONES: Record<number, TTone> = { 0: 'processing', 1: 'default' };
const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);

/** The exit dialog (spec/2 §2 screen 12): picture, id, name, spec, entry date, and the exit date (not before entry, not in the future). */
function ExitDialog({ m, onClose }: { m: TMachineRow; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ exit_date: Dayjs; exit_hours?: string; exit_photos?: string[] }>();
  const exit = useMutation({
    mutationFn: (v: { exit_date: Dayjs; exit_hours?: string; exit_photos?: string[] }) => api.post('/ep/ct_epout', { id: m.id, exit_date: v.exit_date.format('YYYY-MM-DD'), exit_hours: v.exit_hours ?? '', exit_photos: v.exit_photos ?? [] }),
    onSuccess: () => {
      toast.success(msg.exited);
      void qc.invalidateQueries({ queryKey: orderKey });
      onClose();
    },
  });
  const enter = dayjs(m.enter_date);
  return (
    <Modal title={T.exitTitle} open width={550} onCancel={onClose} okText={T.exit} okButtonProps={{ loading: exit.isPending }} destroyOnHidden onOk={() => form.validateFields().then((v) => exit.mutate(v))}>
      <Space align="start" style={{ marginBottom: 12 }}>
        {m.eq_cover && <Image src={m.eq_cover} width={96} height={72} style={{ objectFit: 'cover', borderRadius: 6 }} preview={false} />}
        <div>
          <div style={{ fontWeight: 600 }}>{`${m.eq_product_v} ${m.eq_model}`}</div>
          <div style={{ color: 'rgba(0,0,0,.55)' }}>{`${T.colId} ${m.eq_id} · ${m.eq_company}`}</div>
          <div style={{ color: 'rgba(0,0,0,.55)' }}>{`${T.colEnter} ${m.enter_date}`}</div>
        </div>
      </Space>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label={T.exitDate} name="exit_date" rules={rulesOf(ZMachineExit, 'exit_date', day)}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(enter, 'day') || d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item label={T.hours} name="exit_hours" rules={rulesOf(ZMachineExit, 'exit_hours')}>
          <Input placeholder={T.hoursPh} inputMode="decimal" maxLength={9} />
        </Form.Item>
        <Form.Item label={T.photos} name="exit_photos" extra={T.photosHint}>
          <ImagesField kind="inout" max={MACHINE_LIMITS.photosMax} label={T.photos} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Actions({ m, side }: { m: TMachineRow; side: TSide }) {
  const qc = useQueryClient();
  const [exiting, setExiting] = useState(false);
  const del = useMutation({
    mutationFn: () => api.post('/ep/ct_epdel', { id: m.id }),
    onSuccess: () => {
      toast.success(msg.deleted);
      void qc.invalidateQueries({ queryKey: orderKey });
    },
  });
  return (
    <Space size={4} wrap>
      {m.eq_url && (
        <Button size="small" type="link" href={m.eq_url} target="_blank">
          {T.view}
        </Button>
      )}
      {side === 'provider' && m.actions.includes('exit') && (
        <Button size="small" type="link" onClick={() => setExiting(true)}>
          {T.exit}
        </Button>
      )}
      {side === 'provider' && m.actions.includes('delete') && (
        <Popconfirm title={T.delete} description={msg.deleteAsk} okButtonProps={{ danger: true }} onConfirm={() => del.mutateAsync()}>
          <Button size="small" type="link" danger>
            {T.delete}
          </Button>
        </Popconfirm>
      )}
      {exiting && <ExitDialog m={m} onClose={() => setExiting(false)} />}
    </Space>
  );
}

const photos = (list: string[]) =>
  list.length > 0 && (
    <Image.PreviewGroup>
      <Space size={4}>
        {list.map((p) => (
          <Image key={p} src={p} width={40} height={30} style={{ objectFit: 'cover', borderRadius: 4 }} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );

/**
 * /rent/order/inout/{id} (the tenant reads) and /rent-order/inout/{id} (the provider exits and deletes; 设备进场 goes
 * to /rent-order/indev/{id}): the order's machines by status, with work days, hour meters and photos.
 */
export default function MachinePage() {
  const orderId = Number(useParams().id);
  const side: TSide = useLocation().pathname.startsWith('/rent-order') ? 'provider' : 'tenant';
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { params, update, int } = useUrlQuery();
  const tab = MACHINE_TABS.some((t) => String(t.status) === params.get('status')) ? (params.get('status') as string) : '-1';
  const page = int('page', 1);
  const size = PAGE_SIZE_OPTIONS.includes(int('size', 5)) ? int('size', 5) : 5;
  const order = useQuery({ queryKey: [...orderKey, side, 'detail', orderId], queryFn: () => api.get<TOrderDetail>(SIDE[side].detail, { id: orderId }), enabled: orderId > 0 });
  const q = useQuery({
    queryKey: [...orderKey, 'machines', side, orderId, { tab, page, size }],
    queryFn: () => api.get<TPageData>(side === 'tenant' ? '/rent/order/eplst' : '/ep/ct_eplst', { id: orderId, status: tab, page, size }, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled: orderId > 0,
  });
  const hoursOf = (h: string) => (h ? fmt(T.hoursAt, { h }) : '');
  const columns: TableColumnsType<TMachineRow> = [
    { title: T.colId, dataIndex: 'eq_id', width: 90 },
    {
      title: T.colName,
      key: 'n',
      width: 220,
      render: (_: unknown, m) => (
        <div>
          <div>{`${m.eq_product_v} ${m.eq_model}`}</div>
          <div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12 }}>{[fmt(T.enterInfo, { date: m.enter_date, hours: hoursOf(m.enter_hours) }), m.exit_date && fmt(T.exitInfo, { date: m.exit_date, hours: hoursOf(m.exit_hours) })].filter(Boolean).join('；')}</div>
          {photos([...m.enter_photos, ...m.exit_photos])}
        </div>
      ),
    },
    { title: T.colSpec, dataIndex: 'eq_company', width: 160 },
    { title: T.colEnter, dataIndex: 'enter_date', width: 110 },
    { title: T.colDays, key: 'd', width: 90, render: (_: unknown, m) => fmt(T.days, { n: m.work_day }) },
    { title: T.colExit, key: 'x', width: 110, render: (_: unknown, m) => m.exit_date || '-' },
    { title: T.colStatus, key: 's', width: 90, render: (_: unknown, m) => <StatusTag status={m.status} text={m.status_v} tones={TONES} /> },
    { title: T.colAction, key: 'a', width: 170, fixed: 'right', render: (_: unknown, m) => <Actions m={m} side={side} /> },
  ];
  return (
    <PageCard
      title={order.data ? `${T.title} · ${order.data.project_name}` : T.title}
      extra={
        <Space wrap>
          <Button onClick={() => navigate(`${SIDE[side].base}/watch/${orderId}`)}>{T.back}</Button>
          {side === 'provider' && order.data?.status === 2 && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/rent-order/indev/${orderId}`)}>
              {T.enter}
            </Button>
          )}
        </Space>
      }
    >
      {side === 'tenant' && <p style={{ color: 'rgba(0,0,0,.55)', marginTop: 0 }}>{T.readOnly}</p>}
      <TabBar items={MACHINE_TABS.map((t) => ({ key: String(t.status), label: t.label }))} active={tab} onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })} />
      <QueryState query={q} isEmpty={(d) => d.total === 0 && page === 1} empty={<StateView icon={<CarOutlined style={{ fontSize: 48, color: '#1f6feb' }} />} title={T.empty} />}>
        {(d) => (
          <PagedList<TMachineRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            card={(m) => (
              <div data-testid="machine-card" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <div style={{ fontWeight: 600 }}>{`${m.eq_product_v} ${m.eq_model}`}</div>
                  <StatusTag status={m.status} text={m.status_v} tones={TONES} />
                </div>
                <div style={{ color: 'rgba(0,0,0,.55)', fontSize: 13 }}>{`${T.colId} ${m.eq_id} · ${m.eq_company}`}</div>
                <div style={{ color: 'rgba(0,0,0,.55)', fontSize: 13 }}>{`${m.enter_date} → ${m.exit_date || '-'} · ${fmt(T.days, { n: m.work_day })}`}</div>
                {photos([...m.enter_photos, ...m.exit_photos])}
                <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <Actions m={m} side={side} />
                </div>
              </div>
            )}
            onPage={(p, s) => update({ page: s !== size ? undefined : p > 1 ? p : undefined, size: s === 5 ? undefined : s })}
          />
        )}
      </QueryState>
    </PageCard>
  );
}
