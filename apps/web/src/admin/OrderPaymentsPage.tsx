import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { PAY_TABS } from '@jizu/shared/constants/orderpay';
import { fmt } from '@jizu/shared/messages/fmt';
import { orderpay as msg, orderpayFailures } from '@jizu/shared/messages/orderpay';
import { orderpayUi as T } from '../texts/orderpay';
import type { TPage } from '@jizu/shared/errors';
import { fenToYuanText, yuanToFen } from '@jizu/shared/rules/money';
import { ZPayCollect, ZPayReissue, type TPayView } from '@jizu/shared/schemas/orderpay';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { inputProps, rulesOf } from '../ui/formRules';
import { PageHeader } from '../ui/PageCard';
import { ExportButton } from '../ui/ExportButton';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { TabBar } from '../ui/TabBar';
import { useUrlQuery } from '../ui/useUrlQuery';
import { PAY_TONES } from '../features/orderpay/PayStats';
import { PayNote } from '../features/orderpay/PaymentListPage';
import { ORDERPAY_MENU } from '../texts/adminMenu';
import '../ui/dayjsZh';
import cm from '../ui/common.module.css';
import { whenValid } from '../ui/useFormSave';
import ac from './admin.module.css';

const opts = { noCompany: true } as const;
const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);
type TForm = { amount?: string; bank_ref: string; paid_date: Dayjs };
type TKind = 'collect' | 'payout' | 'reissue';
type TReissueForm = { provider_amount: string; cash_date: Dayjs; note: string };
const TITLES: Record<TKind, string> = { collect: T.adminCollect, payout: T.adminPayout, reissue: T.adminReissue };

/** What the provider is owed stays within the settlement: the page knows that amount, the server's refusal need not be asked for. */
const withinSettlement = (settleYuan: string) => ({
  validator: (_: unknown, v: unknown) => {
    const fen = yuanToFen(String(v ?? ''));
    const settle = yuanToFen(settleYuan);
    return fen !== null && settle !== null && fen > settle
      ? Promise.reject(new Error(fmt(orderpayFailures.reissueTooMuch, { amount: fenToYuanText(settle) })))
      : Promise.resolve();
  },
});

/**
 * /admin/order-payments: every order payment; the platform records the tenant's bank transfers (collect) and pays
 * the provider what was not financed (payout), each with the bank's serial number; it corrects a payment the provider
 * returned (what it owes the provider, the due date, a note) and issues it again for the provider's signature.
 */
export default function OrderPaymentsPage() {
  const { params, int, update } = useUrlQuery();
  const page = int('page', 1);
  const tab = PAY_TABS.some((t) => String(t.status) === params.get('status')) ? (params.get('status') as string) : '-1';
  const qc = useQueryClient();
  const [acting, setActing] = useState<{ p: TPayView; kind: TKind } | null>(null);
  const [form] = Form.useForm<TForm>();
  const [fix] = Form.useForm<TReissueForm>();
  const q = useQuery({
    queryKey: ['admin', 'order-payments', tab, page],
    queryFn: () => api.get<TPage<TPayView>>('/admin/order-payments', { status: tab, page, size: 10 }, opts),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: (v: { id: number; kind: TKind; body: object }) =>
      api.post(`/admin/order-payments/${v.id}/${v.kind}`, v.body, opts),
    onSuccess: async (_r, v) => {
      toast.success(v.kind === 'collect' ? msg.collected : v.kind === 'payout' ? msg.paidOut : msg.reissued);
      setActing(null);
      await qc.invalidateQueries({ queryKey: ['admin', 'order-payments'] });
    },
  });
  // the dialog's forms mount with it (destroyOnHidden, preserve false): each opening starts from its initial values
  const open = (p: TPayView, kind: TKind) => setActing({ p, kind });
  const submit = () => {
    if (!acting) return;
    if (acting.kind === 'reissue') {
      void whenValid(fix, (v) =>
        act.mutate({
          id: acting.p.id,
          kind: 'reissue',
          body: { provider_amount: v.provider_amount, cash_date: v.cash_date.format('YYYY-MM-DD'), note: v.note },
        }),
      )();
      return;
    }
    void whenValid(form, (v) => {
      const body = {
        bank_ref: v.bank_ref,
        paid_date: v.paid_date.format('YYYY-MM-DD'),
        ...(acting.kind === 'collect' ? { amount: v.amount } : {}),
      };
      act.mutate({ id: acting.p.id, kind: acting.kind, body });
    })();
  };
  const columns: TableColumnsType<TPayView> = [
    {
      title: T.sn,
      key: 'sn',
      width: 200,
      render: (_: unknown, p) => (
        <div>
          <div>{p.sn}</div>
          <div className={cm.hint}>{`${p.settle_sn} · ${p.project_name}`}</div>
        </div>
      ),
    },
    {
      title: T.status,
      key: 'st',
      width: 160,
      render: (_: unknown, p) => (
        <>
          <StatusTag status={p.status} text={p.status_v} tones={PAY_TONES} />
          <PayNote p={p} side="provider" />
        </>
      ),
    },
    { title: T.adminTenant, dataIndex: 'tenant_name', width: 180 },
    { title: T.adminTenantDue, dataIndex: 'tenant_due_v', width: 130 },
    { title: T.adminProvider, dataIndex: 'provider_name', width: 180 },
    { title: T.adminProviderDue, dataIndex: 'balance_v', width: 130 },
    { title: T.cashDate, dataIndex: 'cashDate', width: 110 },
    {
      title: T.action,
      key: 'a',
      width: 200,
      fixed: 'right',
      render: (_: unknown, p) => (
        <Space size={4} wrap>
          {p.staff_actions.includes('collect') && (
            <Button size="small" type="link" onClick={() => open(p, 'collect')}>
              {T.adminCollect}
            </Button>
          )}
          {p.staff_actions.includes('payout') && (
            <Button size="small" type="link" onClick={() => open(p, 'payout')}>
              {T.adminPayout}
            </Button>
          )}
          {p.staff_actions.includes('reissue') && (
            <Button size="small" type="link" onClick={() => open(p, 'reissue')}>
              {T.adminReissue}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title={ORDERPAY_MENU}
        extra={<ExportButton path="/admin/order-payments/export" params={{ status: tab }} noCompany />}
      />
      <TabBar
        items={PAY_TABS.map((t) => ({ key: String(t.status), label: t.label }))}
        active={tab}
        onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })}
      />
      <div className={cm.gap12} />
      <QueryState query={q}>
        {(d) => (
          <Table<TPayView>
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
        title={acting ? TITLES[acting.kind] : ''}
        open={!!acting}
        width={500}
        onCancel={() => setActing(null)}
        okButtonProps={{ loading: act.isPending }}
        onOk={submit}
        destroyOnHidden
      >
        {acting?.kind === 'reissue' ? (
          <>
            <p className={cm.muted}>{msg.reissueAsk}</p>
            <p>{`${acting.p.provider_name} · ${T.settleAmount} ${fenToYuanText(yuanToFen(acting.p.pay_amount_yuan))}`}</p>
            <Form
              form={fix}
              layout="vertical"
              preserve={false}
              initialValues={{
                provider_amount: acting.p.provider_amount_yuan,
                cash_date: dayjs(acting.p.cashDate),
                note: '',
              }}
            >
              <Form.Item
                label={T.providerAmount}
                name="provider_amount"
                rules={[...rulesOf(ZPayReissue, 'provider_amount'), withinSettlement(acting.p.pay_amount_yuan)]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
              <Form.Item label={T.cashDate} name="cash_date" rules={rulesOf(ZPayReissue, 'cash_date', day)}>
                <DatePicker className={ac.full} />
              </Form.Item>
              <Form.Item label={T.note} name="note" rules={rulesOf(ZPayReissue, 'note')}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} {...inputProps(ZPayReissue, 'note')} />
              </Form.Item>
            </Form>
          </>
        ) : (
          <>
            {acting && (
              <p>
                {acting.kind === 'payout'
                  ? fmt(msg.payoutAsk, { amount: acting.p.balance_v })
                  : `${acting.p.tenant_name} · ${T.adminTenantDue} ${acting.p.tenant_due_v}`}
              </p>
            )}
            <Form form={form} layout="vertical" preserve={false} initialValues={{ paid_date: dayjs() }}>
              {acting?.kind === 'collect' && (
                <Form.Item label={T.amount} name="amount" rules={rulesOf(ZPayCollect, 'amount')}>
                  <Input inputMode="decimal" />
                </Form.Item>
              )}
              <Form.Item label={T.bankRef} name="bank_ref" rules={rulesOf(ZPayCollect, 'bank_ref')}>
                <Input {...inputProps(ZPayCollect, 'bank_ref')} />
              </Form.Item>
              <Form.Item label={T.paidDate} name="paid_date" rules={rulesOf(ZPayCollect, 'paid_date', day)}>
                <DatePicker className={ac.full} />
              </Form.Item>
            </Form>
          </>
        )}
      </Modal>
    </div>
  );
}
