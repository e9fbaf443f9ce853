import { useEffect } from 'react';
import { Button, Form, InputNumber, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { common as msg_common } from '@jizu/shared/messages/common';
import { SHELF_ORDER, SHELF_ORDER_TEXT, SHELF_REFUND } from '@jizu/shared/constants/shelf';
import { yuanToFen } from '@jizu/shared/rules/money';
import { ZShelfSetting, type TAdminShelfOrder, type TShelfSetting } from '@jizu/shared/schemas/shelf';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { rulesOf } from '../ui/formRules';
import { PageCard } from '../ui/PageCard';
import type { TTone } from '../ui/StatusTag';
import { ReviewQueue } from './VerifyReview';
import { AST } from '../texts/shelfAdmin';
import ac from './admin.module.css';

const M = { common: msg_common } as const;

const TONES: Record<number, TTone> = { [-1]: 'warning', 0: 'processing', 1: 'success', 2: 'error' };

/** 待退款 with the staff's "money sent back" mark; 已退款 once marked. */
function RefundCell({ r }: { r: TAdminShelfOrder }) {
  const qc = useQueryClient();
  const done = useMutation({
    mutationFn: () => api.post(`/admin/shelf-orders/${r.id}/refunded`, undefined, { noCompany: true }),
    onSuccess: async () => {
      toast.success(M.common.ok);
      await qc.invalidateQueries({ queryKey: ['admin', '/admin/shelf-orders'] });
    },
  });
  if (r.refund === SHELF_REFUND.none) return <>—</>;
  return (
    <Space size={4}>
      <Tag color={r.refund === SHELF_REFUND.pending ? 'orange' : 'green'}>{r.refund_v}</Tag>
      {r.refund === SHELF_REFUND.pending && (
        <Popconfirm title={AST.refundConfirm} onConfirm={() => done.mutateAsync()}>
          <Button size="small" type="link">
            {AST.refunded}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

const columns: TableColumnsType<TAdminShelfOrder> = [
  { title: AST.company, dataIndex: 'company_name', width: 200, ellipsis: true },
  { title: AST.phone, dataIndex: 'phone', width: 120 },
  { title: AST.sn, dataIndex: 'sn', width: 220 },
  { title: AST.num, dataIndex: 'num', width: 80, align: 'center' },
  { title: AST.amount, dataIndex: 'amount_v', width: 110, align: 'right' },
  { title: AST.paidAt, dataIndex: 'paid_at', width: 170, render: (v: string) => v || '—' },
  { title: AST.refund, dataIndex: 'refund_v', width: 170, render: (_: string, r) => <RefundCell r={r} /> },
  { title: AST.reviewedAt, dataIndex: 'review_time', width: 170, render: (v: string) => v || '—' },
];

/** The shelf price (fen per shelf) and validity (days): the admin types yuan. */
function PriceSetting() {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ price: number; days: number }>();
  const q = useQuery({
    queryKey: ['admin', 'shelf-setting'],
    queryFn: () => api.get<TShelfSetting>('/admin/shelf/setting', undefined, { noCompany: true }),
  });
  useEffect(() => {
    if (q.data) form.setFieldsValue({ price: q.data.price / 100, days: q.data.days });
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: (v: { price: number; days: number }) =>
      api.post('/admin/shelf/setting', { price: yuanToFen(v.price), days: v.days }, { noCompany: true }),
    onSuccess: async () => {
      toast.success(M.common.saved);
      await qc.invalidateQueries({ queryKey: ['admin', 'shelf-setting'] });
    },
  });
  return (
    <PageCard title={AST.setting}>
      <Form form={form} layout="inline" onFinish={(v) => save.mutate(v)} className={ac.settingForm}>
        <Form.Item
          name="price"
          label={AST.price}
          rules={rulesOf(ZShelfSetting, 'price', (v) => (typeof v === 'number' ? yuanToFen(v) : v))}
        >
          <InputNumber min={0.01} precision={2} className={ac.priceInput} />
        </Form.Item>
        <Form.Item name="days" label={AST.days} rules={rulesOf(ZShelfSetting, 'days')}>
          <InputNumber precision={0} className={ac.countInput} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {AST.save}
        </Button>
      </Form>
      <div className={ac.settingHint}>{AST.settingHint}</div>
    </PageCard>
  );
}

/**
 * 货架订单审核: paid shelf orders wait here; approving makes the shelves (valid from now), rejecting marks the
 * payment for refund and tells the company why.
 */
export default function ShelfOrdersPage() {
  return (
    <>
      <ReviewQueue<TAdminShelfOrder>
        title={AST.title}
        path="/admin/shelf-orders"
        exportable
        columns={columns}
        tabs={[SHELF_ORDER.review, SHELF_ORDER.effective, SHELF_ORDER.rejected]}
        tabLabel={(s) => AST.tabs[s]}
        statusText={(s) => SHELF_ORDER_TEXT[s] ?? String(s)}
        tones={TONES}
        rejectTitle={AST.rejectTitle}
      />
      <PriceSetting />
    </>
  );
}
