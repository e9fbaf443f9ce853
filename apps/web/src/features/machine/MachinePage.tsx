import { useState } from 'react';
import { Button, DatePicker, Form, Image, Input, Modal, Popconfirm, Space } from 'antd';
import { CarOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { MACHINE_LIMITS, MACHINE_TABS } from '@jizu/shared/constants/machine';
import { machine as msg } from '@jizu/shared/messages/machine';
import { machineUi as T } from '../../texts/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { ZMachineExit, type TMachineRow } from '@jizu/shared/schemas/machine';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { rulesOf } from '../../ui/formRules';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { orderKey, type TSide } from '../order/orderApi';
import { ChainCard, OrderChainList } from '../order/OrderChainList';
import { ImagesField } from '../../ui/ImagesField';
import '../../ui/dayjsZh';
import cm from '../../ui/common.module.css';
import { whenValid } from '../../ui/useFormSave';
import css from './machine.module.css';
import { InspectionFields, inspectionBody, type TInspectionForm } from './InspectionFields';
import { CheckPills, InspectionDialog, photoStrip } from './InspectionDialog';

type TPageData = { data: TMachineRow[]; total: number; equip_num: number; equip_out_num: number };
const TONES: Record<number, TTone> = { 0: 'processing', 1: 'default' };
const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);
type TExitForm = { exit_date: Dayjs; exit_hours?: string; exit_photos?: string[] } & TInspectionForm;

/** The exit dialog (spec/2 §2 screen 12): picture, id, name, spec, entry date, and the exit date (not before entry, not in the future). */
function ExitDialog({ m, onClose }: { m: TMachineRow; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<TExitForm>();
  const exit = useMutation({
    mutationFn: (v: TExitForm) =>
      api.post('/ep/ct_epout', {
        id: m.id,
        exit_date: v.exit_date.format('YYYY-MM-DD'),
        exit_hours: v.exit_hours ?? '',
        exit_photos: v.exit_photos ?? [],
        ...inspectionBody('exit', v),
      }),
    onSuccess: () => {
      toast.success(msg.exited);
      void qc.invalidateQueries({ queryKey: orderKey });
      onClose();
    },
  });
  const enter = dayjs(m.enter_date);
  return (
    <Modal
      title={T.exitTitle}
      open
      width={550}
      onCancel={onClose}
      okText={T.exit}
      okButtonProps={{ loading: exit.isPending }}
      destroyOnHidden
      onOk={whenValid(form, (v) => exit.mutate(v))}
    >
      <Space align="start" className={css.head}>
        {m.eq_cover && <Image src={m.eq_cover} width={96} height={72} className={css.cover} preview={false} />}
        <div>
          <div className={cm.strong}>{`${m.eq_product_v} ${m.eq_model}`}</div>
          <div className={cm.muted}>{`${T.colId} ${m.eq_id} · ${m.eq_company}`}</div>
          <div className={cm.muted}>{`${T.colEnter} ${m.enter_date}`}</div>
        </div>
      </Space>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label={T.exitDate} name="exit_date" rules={rulesOf(ZMachineExit, 'exit_date', day)}>
          <DatePicker
            className={css.full}
            disabledDate={(d) => d.isBefore(enter, 'day') || d.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item label={T.hours} name="exit_hours" rules={rulesOf(ZMachineExit, 'exit_hours')}>
          <Input placeholder={T.hoursPh} inputMode="decimal" maxLength={9} />
        </Form.Item>
        <Form.Item label={T.photos} name="exit_photos" extra={T.photosHint}>
          <ImagesField kind="inout" max={MACHINE_LIMITS.photosMax} label={T.photos} />
        </Form.Item>
        <InspectionFields side="exit" />
      </Form>
    </Modal>
  );
}

function Actions({ m, side }: { m: TMachineRow; side: TSide }) {
  const qc = useQueryClient();
  const [exiting, setExiting] = useState(false);
  const [checking, setChecking] = useState(false);
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
      {(m.enter_check || m.exit_check) && (
        <Button size="small" type="link" onClick={() => setChecking(true)} data-testid="machine-checks">
          {T.checks}
        </Button>
      )}
      {side === 'provider' && m.actions.includes('exit') && (
        <Button size="small" type="link" onClick={() => setExiting(true)}>
          {T.exit}
        </Button>
      )}
      {side === 'provider' && m.actions.includes('delete') && (
        <Popconfirm
          title={T.delete}
          description={msg.deleteAsk}
          okButtonProps={{ danger: true }}
          onConfirm={() => del.mutateAsync()}
        >
          <Button size="small" type="link" danger>
            {T.delete}
          </Button>
        </Popconfirm>
      )}
      {exiting && <ExitDialog m={m} onClose={() => setExiting(false)} />}
      {checking && <InspectionDialog m={m} side={side} onClose={() => setChecking(false)} />}
    </Space>
  );
}

const photos = (list: string[]) => photoStrip(list);

const hoursOf = (h: string) => (h ? fmt(T.hoursAt, { h }) : '');

/**
 * /rent/order/inout/{id} (the tenant reads) and /rent-order/inout/{id} (the provider exits and deletes; 设备进场 goes
 * to /rent-order/indev/{id}): the order's machines by status, with work days, hour meters and photos.
 */
export default function MachinePage() {
  return (
    <OrderChainList<TMachineRow, TPageData>
      area="machines"
      title={T.title}
      tabs={MACHINE_TABS}
      list={{ tenant: '/rent/order/eplst', provider: '/ep/ct_eplst' }}
      exported={{ tenant: '/rent/order/eplst/export', provider: '/ep/ct_eplst/export' }}
      add={{ who: 'provider', label: T.enter, to: (id) => `/rent-order/indev/${id}` }}
      above={(side) => side === 'tenant' && <p className={cm.mutedFlush}>{T.readOnly}</p>}
      empty={{ icon: <CarOutlined className={css.emptyIcon} />, title: T.empty }}
      columns={(side) => [
        { title: T.colId, dataIndex: 'eq_id', width: 90 },
        {
          title: T.colName,
          key: 'n',
          width: 220,
          render: (_: unknown, m) => (
            <div>
              <div>{`${m.eq_product_v} ${m.eq_model}`}</div>
              <div className={cm.hint}>
                {[
                  fmt(T.enterInfo, { date: m.enter_date, hours: hoursOf(m.enter_hours) }),
                  m.exit_date && fmt(T.exitInfo, { date: m.exit_date, hours: hoursOf(m.exit_hours) }),
                ]
                  .filter(Boolean)
                  .join('；')}
              </div>
              {photos([...m.enter_photos, ...m.exit_photos])}
              <CheckPills m={m} />
            </div>
          ),
        },
        { title: T.colSpec, dataIndex: 'eq_company', width: 160 },
        { title: T.colEnter, dataIndex: 'enter_date', width: 110 },
        { title: T.colDays, key: 'd', width: 90, render: (_: unknown, m) => fmt(T.days, { n: m.work_day }) },
        { title: T.colExit, key: 'x', width: 110, render: (_: unknown, m) => m.exit_date || '-' },
        {
          title: T.colStatus,
          key: 's',
          width: 90,
          render: (_: unknown, m) => <StatusTag status={m.status} text={m.status_v} tones={TONES} />,
        },
        {
          title: T.colAction,
          key: 'a',
          width: 170,
          fixed: 'right',
          render: (_: unknown, m) => <Actions m={m} side={side} />,
        },
      ]}
      card={(m, side) => (
        <ChainCard
          testId="machine-card"
          title={`${m.eq_product_v} ${m.eq_model}`}
          status={<StatusTag status={m.status} text={m.status_v} tones={TONES} />}
          actions={<Actions m={m} side={side} />}
        >
          <div className={cm.muted13}>{`${T.colId} ${m.eq_id} · ${m.eq_company}`}</div>
          <div
            className={cm.muted13}
          >{`${m.enter_date} → ${m.exit_date || '-'} · ${fmt(T.days, { n: m.work_day })}`}</div>
          {photos([...m.enter_photos, ...m.exit_photos])}
          <CheckPills m={m} />
        </ChainCard>
      )}
    />
  );
}
