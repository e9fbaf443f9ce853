import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Radio, Table, Tabs, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { common as msg_common } from '@jizu/shared/messages/common';
import { fmt } from '@jizu/shared/messages/fmt';
import { REPORT_DECISIONS, REPORT_STATUS, REPORT_TARGET_TEXT, isReportPending } from '@jizu/shared/constants/report';
import { ZReportHandle, type TAdminReportRow } from '@jizu/shared/schemas/report';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../api/client';
import * as TxAdmin from '../texts/admin';
import * as TxReview from '../texts/adminReview';
import { toast } from '../app/toast';
import { PageHeader } from '../ui/PageCard';
import { ExportButton } from '../ui/ExportButton';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { inputProps, rulesOf } from '../ui/formRules';
import { useUrlQuery } from '../ui/useUrlQuery';
import { REPORT_TONES } from '../features/report/ReportPage';
import { RT } from '../texts/report';
import { AT } from '../texts/talkAdmin';
import cm from '../ui/common.module.css';
import ac from './admin.module.css';

const M = { common: msg_common } as const;

const TABS = [REPORT_STATUS.pending, REPORT_STATUS.handled, REPORT_STATUS.rejected];
const SIZE = 10;

/** 举报处理: the queue by status; handling (属实 / 驳回) with a result, which the reporter gets as a system message. */
export default function ReportsPage() {
  const { params, update, int } = useUrlQuery();
  const status = TABS.includes(Number(params.get('status')) as 0)
    ? Number(params.get('status'))
    : REPORT_STATUS.pending;
  const page = int('page', 1);
  const qc = useQueryClient();
  const [handling, setHandling] = useState<TAdminReportRow | null>(null);
  const [form] = Form.useForm<{ status: number; result: string }>();
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['admin', 'reports', { status, page }],
    queryFn: () =>
      api.get<TPage<TAdminReportRow>>('/admin/reports', { status, page, size: SIZE }, { noCompany: true, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const submit = async (v: { status: number; result: string }) => {
    setBusy(true);
    try {
      await api.post(`/admin/reports/${handling!.id}/handle`, v, { noCompany: true });
      toast.success(M.common.ok);
      setHandling(null);
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: ['admin', 'reports'] });
    }
  };
  const columns: TableColumnsType<TAdminReportRow> = [
    { title: RT.col.sn, dataIndex: 'sn', width: 190 },
    {
      title: AT.reports.target,
      key: 't',
      width: 220,
      render: (_: unknown, r) => (
        <span>
          <span className={ac.targetKind}>[{REPORT_TARGET_TEXT[r.type]}]</span>
          <a href={r.equipment?.href ?? r.shop?.href ?? r.review?.href} target="_blank" rel="noreferrer">
            {r.target_name}
          </a>
        </span>
      ),
    },
    { title: RT.col.type, dataIndex: 'type_v', width: 110 },
    { title: RT.col.remarks, dataIndex: 'remarks', width: 240 },
    { title: AT.reports.reporter, dataIndex: 'reporter', width: 120 },
    { title: RT.col.time, dataIndex: 'create_time', width: 170 },
    {
      title: RT.col.status,
      dataIndex: 'status',
      width: 90,
      render: (s: number, r) => <StatusTag status={s} text={r.status_v} tones={REPORT_TONES} />,
    },
    ...(isReportPending({ status })
      ? [
          {
            title: TxReview.review.colAction,
            key: 'a',
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, r: TAdminReportRow) => (
              <Button type="primary" size="small" onClick={() => setHandling(r)}>
                {AT.reports.handle}
              </Button>
            ),
          },
        ]
      : [
          { title: RT.col.result, dataIndex: 'result', width: 240 },
          { title: AT.reports.handleTime, dataIndex: 'handle_time', width: 170 },
        ]),
  ];
  return (
    <>
      <PageHeader
        title={AT.reports.title}
        extra={<ExportButton path="/admin/reports/export" params={{ status }} noCompany />}
      />
      <Card>
        <Tabs
          activeKey={String(status)}
          onChange={(k) => update({ status: k, page: undefined })}
          items={TABS.map((s) => ({ key: String(s), label: AT.reports.tabs[s] }))}
        />
        <QueryState query={q}>
          {(d) => (
            <Table<TAdminReportRow>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={d.data}
              scroll={{ x: 'max-content' }}
              pagination={{
                current: page,
                pageSize: SIZE,
                total: d.total,
                showSizeChanger: false,
                showTotal: (n) => fmt(TxAdmin.admin.total, { n }),
                onChange: (p) => update({ page: p > 1 ? p : undefined }),
              }}
            />
          )}
        </QueryState>
      </Card>
      <Modal
        open={!!handling}
        title={AT.reports.dialog}
        okText={AT.reports.submit}
        cancelText={AT.reports.cancel}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setHandling(null)}
        destroyOnHidden
      >
        {handling && (
          <div className={cm.secondaryBelow}>
            {handling.target_name} · {handling.type_v}：{handling.remarks}
          </div>
        )}
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ status: REPORT_DECISIONS[0].status }}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item name="status" label={AT.reports.decision} rules={rulesOf(ZReportHandle, 'status')}>
            <Radio.Group
              options={REPORT_DECISIONS.map((d) => ({ value: d.status, label: AT.reports.decisions[d.status] }))}
            />
          </Form.Item>
          <Form.Item name="result" label={AT.reports.result} rules={rulesOf(ZReportHandle, 'result')}>
            <Input.TextArea rows={4} placeholder={AT.reports.resultPh} {...inputProps(ZReportHandle, 'result')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
