import { useState } from 'react';
import { Button, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FINPROD_APP_STATE, FINPROD_APP_TABS, FINPROD_COMPANY_QUERY_MAX } from '@jizu/shared/constants/finprod';
import type { TPage } from '@jizu/shared/errors';
import { fmt } from '@jizu/shared/messages/fmt';
import { finprod as F, finprodAdmin as A } from '@jizu/shared/messages/finprod';
import { ZFinProdClose, type TFinProdAdminRow, type TFinProdTrailRow } from '@jizu/shared/schemas/finprod';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { inputProps, rulesOf } from '../ui/formRules';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { StatusTag, type TTone } from '../ui/StatusTag';
import { TabBar } from '../ui/TabBar';
import { useUrlQuery } from '../ui/useUrlQuery';
import { FINPROD_MENU } from '../texts/adminMenu';
import cm from '../ui/common.module.css';
import { whenValid } from '../ui/useFormSave';
import ac from './admin.module.css';

const opts = { noCompany: true } as const;
const key = ['admin', 'finance-products'] as const;
const S = FINPROD_APP_STATE;
const TONES: Record<number, TTone> = {
  [S.review]: 'processing',
  [S.approved]: 'success',
  [S.refused]: 'error',
  [S.expired]: 'warning',
  [S.closed]: 'default',
};
const PAGE = 10;

/** What the reason of a row reads as: the partner's refusal, the platform's closing, or the expiry's deadline. */
const REASON_TEXT: Partial<Record<number, string>> = { [S.refused]: F.reason, [S.closed]: F.closedReason };
const reasonText = (r: TFinProdAdminRow) => {
  const text = REASON_TEXT[r.state];
  return !r.reason ? '' : text ? fmt(text, { reason: r.reason }) : r.reason;
};

/** An application's audit trail (the audit service's rows), loaded when its row opens. */
function Trail({ id }: { id: number }) {
  const q = useQuery({
    queryKey: [...key, 'trail', id],
    queryFn: () => api.get<TFinProdTrailRow[]>(`/admin/finance-products/${id}/trail`, undefined, opts),
  });
  return (
    <QueryState query={q}>
      {(rows) => (
        <Table<TFinProdTrailRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          data-testid="finprod-trail"
          scroll={{ x: 'max-content' }}
          columns={[
            { title: A.trailTime, dataIndex: 'create_time', width: 170 },
            { title: A.trailAction, dataIndex: 'action_v', width: 100 },
            { title: A.trailFrom, dataIndex: 'from', width: 90 },
            { title: A.trailTo, dataIndex: 'to', width: 90 },
            { title: A.trailActor, dataIndex: 'actor', width: 110 },
            { title: A.trailReason, dataIndex: 'reason' },
          ]}
        />
      )}
    </QueryState>
  );
}

/**
 * /admin/finance-products: companies' applications to open the supply-chain finance product, by state (an application
 * past the partner's deadline reads as 已过期) and company name; state, name and page live in the URL. Staff close an
 * application stuck at the partner, with a reason the applicant is told; each row opens its trail.
 */
export default function FinanceProductsPage() {
  const { params, int, update } = useUrlQuery();
  const page = int('page', 1);
  const company = params.get('company') ?? '';
  const tab = FINPROD_APP_TABS.some((t) => String(t.state) === params.get('state'))
    ? (params.get('state') as string)
    : '-1';
  const qc = useQueryClient();
  const [closing, setClosing] = useState<TFinProdAdminRow | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const q = useQuery({
    queryKey: [...key, { tab, company, page }],
    queryFn: () =>
      api.get<TPage<TFinProdAdminRow>>('/admin/finance-products', { state: tab, company, page, size: PAGE }, opts),
    placeholderData: keepPreviousData,
  });
  const close = useMutation({
    mutationFn: (v: { id: number; reason: string }) =>
      api.post(`/admin/finance-products/${v.id}/close`, { reason: v.reason }, opts),
    onSuccess: async () => {
      toast.success(F.closed);
      setClosing(null);
      await qc.invalidateQueries({ queryKey: key });
    },
  });
  const columns: TableColumnsType<TFinProdAdminRow> = [
    {
      title: A.company,
      key: 'company',
      width: 220,
      render: (_: unknown, r) => (
        <div>
          <div className={cm.strong}>{r.company_name}</div>
          <div className={ac.applyNo}>{`${A.no} ${r.no}`}</div>
        </div>
      ),
    },
    {
      title: A.applicant,
      key: 'applicant',
      width: 130,
      render: (_: unknown, r) => (
        <div>
          {r.applicant}
          <div className={cm.hint}>{r.applicant_phone}</div>
        </div>
      ),
    },
    {
      title: A.state,
      key: 'state',
      width: 200,
      render: (_: unknown, r) => (
        <div>
          <StatusTag status={r.state} text={r.state_v} tones={TONES} />
          {reasonText(r) && <div className={ac.applyReason}>{reasonText(r)}</div>}
        </div>
      ),
    },
    { title: A.applyTime, dataIndex: 'create_time', width: 140 },
    { title: A.expireTime, dataIndex: 'expire_time', width: 140 },
    { title: A.decideTime, dataIndex: 'decide_time', width: 140, render: (v: string) => v || '—' },
    {
      title: A.action,
      key: 'a',
      width: 100,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.actions.includes('close') ? (
          <Button size="small" type="link" danger onClick={() => setClosing(r)}>
            {A.close}
          </Button>
        ) : (
          <span className={cm.tertiary}>—</span>
        ),
    },
  ];
  return (
    <div>
      <PageHeader
        title={FINPROD_MENU}
        extra={
          <Input.Search
            key={`company-${company}`}
            defaultValue={company}
            allowClear
            placeholder={A.companyQuery}
            aria-label={A.companyQuery}
            maxLength={FINPROD_COMPANY_QUERY_MAX}
            enterButton={A.search}
            onSearch={(v) => update({ company: v.trim(), page: undefined })}
            className={ac.wideSearch}
          />
        }
      />
      <TabBar
        items={FINPROD_APP_TABS.map((t) => ({ key: String(t.state), label: t.label }))}
        active={tab}
        onChange={(k) => update({ state: k === '-1' ? undefined : k, page: undefined })}
      />
      <div className={cm.gap12} />
      <QueryState query={q}>
        {(d) => (
          <Table<TFinProdAdminRow>
            rowKey="id"
            columns={columns}
            dataSource={d.data}
            loading={q.isFetching}
            locale={{ emptyText: A.empty }}
            scroll={{ x: 'max-content' }}
            expandable={{ expandedRowRender: (r) => <Trail id={r.id} /> }}
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
      <Modal
        title={A.closeTitle}
        open={!!closing}
        width={500}
        destroyOnHidden
        onCancel={() => setClosing(null)}
        okText={A.close}
        okButtonProps={{ danger: true, loading: close.isPending }}
        onOk={whenValid(form, (v) => closing && close.mutate({ id: closing.id, reason: v.reason }))}
      >
        {closing && <p className={cm.strong}>{`${closing.company_name} · ${closing.no}`}</p>}
        <p className={cm.muted}>{A.closeAsk}</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label={A.closeReason} name="reason" rules={rulesOf(ZFinProdClose, 'reason')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} {...inputProps(ZFinProdClose, 'reason')} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
