import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { settle as msg } from '@jizu/shared/messages/settle';
import { settleUi as T } from '../texts/settle';
import type { TPage } from '@jizu/shared/errors';
import { ZLessorIssue, type TSettleView } from '@jizu/shared/schemas/settle';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { rulesOf } from '../ui/formRules';
import { PageHeader } from '../ui/PageCard';
import { ExportButton } from '../ui/ExportButton';
import { QueryState } from '../ui/QueryState';
import { useUrlQuery } from '../ui/useUrlQuery';
import { SETTLE_MENU } from '../texts/adminMenu';
import '../ui/dayjsZh';
import { reviewCols } from '../texts/adminReview';
import { fmt } from '@jizu/shared/messages/fmt';
import { whenValid } from '../ui/useFormSave';
import ac from './admin.module.css';

const opts = { noCompany: true } as const;
const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);

/** /admin/settlements: settled settlements whose provider invoices are in; the platform records its invoice to the tenant. */
export default function SettlementIssuePage() {
  const { int, update } = useUrlQuery();
  const page = int('page', 1);
  const qc = useQueryClient();
  const [issuing, setIssuing] = useState<TSettleView | null>(null);
  const [form] = Form.useForm<{ inv_no: string; inv_date: Dayjs }>();
  const q = useQuery({
    queryKey: ['admin', 'settlements', page],
    queryFn: () => api.get<TPage<TSettleView>>('/admin/settlements', { page, size: 10 }, opts),
    placeholderData: keepPreviousData,
  });
  const issue = useMutation({
    mutationFn: (v: { id: number; inv_no: string; inv_date: string }) =>
      api.post(`/admin/settlements/${v.id}/issue`, { inv_no: v.inv_no, inv_date: v.inv_date }, opts),
    onSuccess: async () => {
      toast.success(msg.issued);
      setIssuing(null);
      await qc.invalidateQueries({ queryKey: ['admin', 'settlements'] });
    },
  });
  const columns: TableColumnsType<TSettleView> = [
    { title: T.sn, dataIndex: 'sn', width: 170 },
    { title: T.settleSn, key: 'p', width: 240, render: (_: unknown, s) => `${s.settle_sn} · ${s.project_name}` },
    { title: T.tenantInfo, key: 't', width: 200, render: (_: unknown, s) => s.tenant_info.name },
    { title: T.month, dataIndex: 'month', width: 90 },
    { title: T.taxTotal, dataIndex: 'tax_total_v', width: 130 },
    { title: T.serTotal, dataIndex: 'ser_total', width: 120 },
    { title: T.invTotal, dataIndex: 'inv_tax_total_v', width: 150 },
    {
      title: T.colAction,
      key: 'a',
      width: 110,
      fixed: 'right',
      render: (_: unknown, s) => (
        <Button size="small" type="link" onClick={() => setIssuing(s)}>
          {T.issue}
        </Button>
      ),
    },
  ];
  return (
    <div>
      <PageHeader title={SETTLE_MENU} extra={<ExportButton path="/admin/settlements/export" noCompany />} />
      <QueryState query={q}>
        {(d) => (
          <Table<TSettleView>
            rowKey="id"
            columns={columns}
            dataSource={d.data}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: 10,
              total: d.total,
              onChange: (p) => update({ page: p > 1 ? String(p) : undefined }),
            }}
          />
        )}
      </QueryState>
      <Modal
        title={T.lessorInvoice}
        open={!!issuing}
        width={500}
        destroyOnHidden
        onCancel={() => setIssuing(null)}
        okButtonProps={{ loading: issue.isPending }}
        onOk={whenValid(
          form,
          (v) =>
            issuing && issue.mutate({ id: issuing.id, inv_no: v.inv_no, inv_date: v.inv_date.format('YYYY-MM-DD') }),
        )}
      >
        <p>{issuing && fmt(reviewCols.issuing, { name: issuing.tenant_info.name, amount: issuing.tax_total_v })}</p>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ inv_date: dayjs() }}>
          <Form.Item label={T.issueNo} name="inv_no" rules={rulesOf(ZLessorIssue, 'inv_no')}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item label={T.issueDate} name="inv_date" rules={rulesOf(ZLessorIssue, 'inv_date', day)}>
            <DatePicker className={ac.full} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
