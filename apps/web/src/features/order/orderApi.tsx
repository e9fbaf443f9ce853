import { useState, type ReactNode } from 'react';
import {
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Timeline,
  type TableColumnsType,
} from 'antd';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { order as msg } from '@jizu/shared/messages/order';
import { orderUi as T } from '../../texts/order';
import { fmt } from '@jizu/shared/messages/fmt';
import { taxInclusiveFen, fenToYuanText, yuanToFen } from '@jizu/shared/rules/money';
import {
  ZOrderClose,
  ZOrderLineSave,
  ZOrderReturn,
  type TOrderDetail,
  type TOrderHistoryPage,
  type TOrderLineView,
} from '@jizu/shared/schemas/order';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { inputProps, rulesOf } from '../../ui/formRules';
import type { TTone } from '../../ui/StatusTag';
import { EmptyState, QueryState } from '../../ui/QueryState';
import '../../ui/dayjsZh';
import cm from '../../ui/common.module.css';
import tl from './OrderTimeline.module.css';
import { whenValid } from '../../ui/useFormSave';
import { ORDER_STATUS } from '@jizu/shared/constants/order';
import s from './order.module.css';

export const orderKey = ['order'] as const;
/** Status colours: draft / returned amber, awaiting blue, in progress green, completed and closed grey. */
export const ORDER_TONES: Record<number, TTone> = {
  0: 'warning',
  1: 'processing',
  2: 'success',
  3: 'default',
  4: 'default',
  5: 'error',
};
export type TSide = 'tenant' | 'provider';
/** The side's base route and its calls: list, detail, timeline. */
export const SIDE = {
  tenant: {
    base: '/rent/order',
    list: '/rent/order/lst',
    detail: '/rent/order/detail',
    history: '/rent/order/history',
  },
  provider: { base: '/rent-order', list: '/ep/order', detail: '/ep/detail_order', history: '/ep/order/history' },
} as const;

/** A reason dialog (close by the tenant, return by the provider): required, ≤ 50, from the shared schema. */
export function ReasonDialog({
  kind,
  id,
  open,
  onClose,
  onDone,
}: {
  kind: 'close' | 'return';
  id: number;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const schema = kind === 'close' ? ZOrderClose : ZOrderReturn;
  const run = useMutation({
    mutationFn: (reason: string) => api.post(kind === 'close' ? '/rent/order/close' : '/ep/ckorderng', { id, reason }),
    onSuccess: () => {
      toast.success(kind === 'close' ? msg.closed : msg.returned);
      onClose();
      onDone();
    },
  });
  return (
    <Modal
      title={kind === 'close' ? T.closeTitle : T.returnTitle}
      open={open}
      width={500}
      onCancel={onClose}
      okButtonProps={{ danger: true, loading: run.isPending }}
      okText={kind === 'close' ? T.close : T.returnOrder}
      destroyOnHidden
      onOk={whenValid(form, (v) => run.mutate(v.reason))}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          label={kind === 'close' ? T.closeReason : T.returnReason}
          name="reason"
          rules={rulesOf(schema, 'reason')}
        >
          <Input.TextArea
            rows={3}
            placeholder={kind === 'close' ? T.closeReasonPh : T.returnReasonPh}
            {...inputProps(schema, 'reason')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type TLineForm = { num: number; price: string; rate: number; enter_date: Dayjs };

/** The line edit dialog (spec/2 §5 Order line edit): the tax-inclusive price follows price and rate as typed. */
function LineDialog({ line, onClose, onDone }: { line: TOrderLineView; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<TLineForm>();
  const price = Form.useWatch('price', form);
  const rate = Form.useWatch('rate', form);
  const fen = yuanToFen(price ?? '');
  const taxed = fen !== null && Number.isInteger(rate) ? fenToYuanText(taxInclusiveFen(fen, rate)) : '-';
  const save = useMutation({
    mutationFn: (v: TLineForm) =>
      api.post('/rent/order/saveReq', {
        id: line.id,
        num: v.num,
        price: v.price,
        rate: v.rate,
        enter_date: v.enter_date.format('YYYY-MM-DD'),
      }),
    onSuccess: () => {
      toast.success(msg.changed);
      onClose();
      onDone();
    },
  });
  const orig = line.orig_enter_date ? dayjs(line.orig_enter_date) : null;
  const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);
  return (
    <Modal
      title={T.lineEditTitle}
      open
      width={500}
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
      onOk={whenValid(form, (v) => save.mutate(v))}
    >
      <Form<TLineForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          num: line.num,
          price: line.price,
          rate: line.rate,
          enter_date: line.enter_date ? dayjs(line.enter_date) : undefined,
        }}
      >
        <div className={cm.secondaryBelow}>
          {line.eq_product_v} {line.model}
        </div>
        <Form.Item label={`${T.lineNum}（${line.unit_v}）`} name="num" rules={rulesOf(ZOrderLineSave, 'num')}>
          <InputNumber precision={0} className={s.full} />
        </Form.Item>
        <Form.Item label={T.linePrice} name="price" rules={rulesOf(ZOrderLineSave, 'price')}>
          <Input inputMode="decimal" suffix={line.privce_unit} />
        </Form.Item>
        <Form.Item label={T.lineRate} name="rate" rules={rulesOf(ZOrderLineSave, 'rate')}>
          <InputNumber precision={0} className={s.full} />
        </Form.Item>
        <Form.Item label={T.lineTaxTotal}>
          <span data-testid="line-taxed">{taxed}</span>
        </Form.Item>
        <Form.Item label={T.lineEnter} name="enter_date" rules={rulesOf(ZOrderLineSave, 'enter_date', day)}>
          <DatePicker className={s.full} disabledDate={(d) => !!orig && d.isBefore(orig, 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The order's lines; `editable` (draft or returned, tenant) adds edit and delete (delete hidden when one line is left). */
export function OrderLines({ order, editable, mobile }: { order: TOrderDetail; editable: boolean; mobile: boolean }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<TOrderLineView | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: orderKey });
  const del = useMutation({
    mutationFn: (id: number) => api.post('/rent/order/delReq', { id }),
    onSuccess: () => {
      toast.success(msg.deleted);
      refresh();
    },
  });
  const lines = order.order_req;
  const actions = (l: TOrderLineView) =>
    editable && (
      <Space size={4}>
        <Button size="small" type="link" onClick={() => setEditing(l)}>
          {T.lineEdit}
        </Button>
        {lines.length > 1 && (
          <Popconfirm
            title={T.lineDelete}
            description={T.lineDeleteAsk}
            okButtonProps={{ danger: true }}
            onConfirm={() => del.mutateAsync(l.id)}
          >
            <Button size="small" type="link" danger>
              {T.lineDelete}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  const columns: TableColumnsType<TOrderLineView> = [
    {
      title: T.lineProduct,
      key: 'p',
      width: 320,
      render: (_: unknown, l) => (
        <div className={s.productCell}>
          <div className={cm.strong}>
            {l.eq_product_v} {l.model}
          </div>
          <div className={cm.hint}>{l.req_lst.join(' · ')}</div>
        </div>
      ),
    },
    { title: T.lineNum, key: 'n', width: 90, render: (_: unknown, l) => `${l.num}${l.unit_v}` },
    { title: T.linePrice, key: 'pr', width: 130, render: (_: unknown, l) => `${l.price_v} ${l.privce_unit}` },
    { title: T.lineRate, dataIndex: 'rate', width: 80 },
    { title: T.lineTaxTotal, dataIndex: 'tax_total_v', width: 120 },
    { title: T.lineInout, dataIndex: 'inout_price_v', width: 110 },
    { title: T.lineEnter, dataIndex: 'enter_date', width: 110 },
    ...(editable
      ? [{ title: T.colAction, key: 'a', width: 110, render: (_: unknown, l: TOrderLineView) => actions(l) }]
      : []),
  ];
  return (
    <>
      {mobile ? (
        <div className={cm.col8}>
          {lines.map((l) => (
            <div key={l.id} data-testid="order-line" className={s.line}>
              <div className={cm.strong}>
                {l.eq_product_v} {l.model}
              </div>
              <div className={cm.muted13}>
                {l.num}
                {l.unit_v} · {l.price_v} {l.privce_unit} · {fmt(T.rateShort, { n: l.rate })} · {T.taxShort}{' '}
                {l.tax_total_v}
              </div>
              <div className={cm.muted13}>
                {T.lineEnter} {l.enter_date}
              </div>
              <div className={cm.rowEnd}>{actions(l)}</div>
            </div>
          ))}
        </div>
      ) : (
        <Table<TOrderLineView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={lines}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
      {editing && <LineDialog line={editing} onClose={() => setEditing(null)} onDone={refresh} />}
    </>
  );
}

/** The three parties (spec/2: the tenant A, the platform B, the provider C). */
export function Parties({ order, mobile }: { order: TOrderDetail; mobile: boolean }) {
  return (
    <Descriptions size="small" bordered column={mobile ? 1 : 3} layout={mobile ? 'horizontal' : 'vertical'}>
      <Descriptions.Item label={T.partyA}>
        <div>{order.tenant_name}</div>
        <div className={cm.muted}>{[order.tenant_contacts, order.tenant_tel].filter(Boolean).join(' ')}</div>
      </Descriptions.Item>
      <Descriptions.Item label={T.partyB}>
        <div>{order.lessor_name}</div>
        <div className={cm.muted}>{order.lessor_info.inv_title}</div>
      </Descriptions.Item>
      <Descriptions.Item label={T.partyC}>
        <div>{order.provider_name}</div>
        <div className={cm.muted}>{[order.provider_contacts, order.provider_tel].filter(Boolean).join(' ')}</div>
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The order's timeline from its audit trail, newest first, a page at a time (its own call: an order's trail grows for
 * as long as it runs); 查看更早的动态 reads the next older page below the ones shown.
 */
export function OrderTimeline({ side, id }: { side: TSide; id: number }) {
  const q = useInfiniteQuery({
    queryKey: [...orderKey, side, 'history', id],
    queryFn: ({ pageParam }) =>
      api.get<TOrderHistoryPage>(SIDE[side].history, pageParam ? { id, before: pageParam } : { id }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.data[last.data.length - 1]?.id : undefined),
  });
  return (
    <QueryState query={q} isEmpty={(d) => d.pages[0].data.length === 0} empty={<EmptyState text={T.timelineEmpty} />}>
      {(d) => (
        <>
          <Timeline
            items={d.pages
              .flatMap((p) => p.data)
              .map((h) => ({
                content: (
                  <>
                    <span data-testid="timeline-item">{`${h.create_time} ${h.action_v}${h.reason ? `：${h.reason}` : ''}`}</span>
                    <span className={tl.who} data-testid="timeline-who">
                      {h.company_name || T.timelinePlatform}
                      {h.actor_name && <span className={tl.person}>{h.actor_name}</span>}
                    </span>
                  </>
                ),
              }))}
          />
          {q.hasNextPage && (
            <Button type="link" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
              {T.timelineOlder}
            </Button>
          )}
        </>
      )}
    </QueryState>
  );
}

/** A reason line under a row (closed / returned). */
const REASON_TEXT: Partial<Record<number, string>> = { [ORDER_STATUS.returned]: T.returnedReason };
export const reasonText = (r: { status: number; reason: string }): ReactNode =>
  r.reason ? <div className={cm.danger12}>{fmt(REASON_TEXT[r.status] ?? T.reason, { reason: r.reason })}</div> : null;
