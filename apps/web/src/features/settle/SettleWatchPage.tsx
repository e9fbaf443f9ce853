import { Button, DatePicker, Descriptions, Form, Image, Input, InputNumber, Modal, Radio, Space, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { settle as msg } from '@jizu/shared/messages/settle';
import { settleUi as T } from '../../texts/settle';
import { isSettleLive } from '@jizu/shared/constants/settle';
import { ZInvoiceSave, type TInvoiceView, type TSettleView } from '@jizu/shared/schemas/settle';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StatusTag } from '../../ui/StatusTag';
import { orderKey, type TSide } from '../order/orderApi';
import { SETTLE_TONES } from './settleApi';
import { SettleInvAddress } from './SettleInvAddress';
import '../../ui/dayjsZh';
import { wholeRule } from '../../ui/formRules';
import cm from '../../ui/common.module.css';
import { invoiceTypes } from '../../texts/common';
import css from './settle.module.css';

type TInvForm = {
  invoice_type: 0 | 1;
  inv_id: string;
  inv_no: string;
  inv_date: Dayjs;
  inv_amount?: string;
  tax_rate?: number;
  inv_tax_amount?: string;
  verify_no?: string;
};

/** The provider's invoice entry (spec/2 §5 Invoice entry): the special / ordinary fields follow the type. */
function InvoiceForm({ s, onDone }: { s: TSettleView; onDone: () => void }) {
  const [form] = Form.useForm<TInvForm>();
  const type = Form.useWatch('invoice_type', form) ?? 0;
  const save = useMutation({
    mutationFn: (v: TInvForm) =>
      api.post('/ep/sti_add', {
        settle_id: s.id,
        order_id: s.order_id,
        ...v,
        inv_date: v.inv_date.format('YYYY-MM-DD'),
      }),
    onSuccess: () => {
      toast.success(msg.invoiceSaved);
      form.resetFields();
      onDone();
    },
  });
  // the schema checks the whole invoice: each field shows the message of its own path
  const request = () => {
    const v = form.getFieldsValue();
    return { settle_id: s.id, order_id: s.order_id, ...v, inv_date: v.inv_date ? v.inv_date.format('YYYY-MM-DD') : '' };
  };
  const field = (name: keyof TInvForm) => wholeRule(ZInvoiceSave, name, request);
  return (
    <Form<TInvForm>
      form={form}
      layout="vertical"
      initialValues={{ invoice_type: 0, tax_rate: 13 }}
      onFinish={(v) => save.mutate(v)}
      className={css.invForm}
    >
      <Form.Item label={T.invoiceType} name="invoice_type">
        <Radio.Group
          options={[
            { value: 0, label: invoiceTypes.special },
            { value: 1, label: invoiceTypes.ordinary },
          ]}
        />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item label={T.invId} name="inv_id" required rules={[field('inv_id')]}>
          <Input maxLength={12} inputMode="numeric" className={css.invId} />
        </Form.Item>
        <Form.Item label={T.invNo} name="inv_no" required rules={[field('inv_no')]}>
          <Input maxLength={8} inputMode="numeric" className={css.invNo} />
        </Form.Item>
        <Form.Item label={T.invDate} name="inv_date" required rules={[field('inv_date')]}>
          <DatePicker />
        </Form.Item>
        {type === 0 ? (
          <>
            <Form.Item label={T.invAmount} name="inv_amount" required rules={[field('inv_amount')]}>
              <Input inputMode="decimal" className={css.amount} />
            </Form.Item>
            <Form.Item label={T.taxRate} name="tax_rate" required rules={[field('tax_rate')]}>
              <InputNumber min={0} max={100} precision={0} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item label={T.verifyNo} name="verify_no" required rules={[field('verify_no')]}>
              <Input maxLength={6} className={css.verifyNo} />
            </Form.Item>
            <Form.Item label={T.invTaxAmount} name="inv_tax_amount" required rules={[field('inv_tax_amount')]}>
              <Input inputMode="decimal" className={css.amount} />
            </Form.Item>
          </>
        )}
      </Space>
      <Space>
        <Button htmlType="submit" loading={save.isPending}>
          {T.saveInvoice}
        </Button>
        <Button disabled title={T.fileImport}>
          {T.fileImport}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * One settlement for either side: amounts, parties, vouchers, the trail; the side's actions from able_option (the
 * provider confirms, enters and submits invoices; the tenant confirms receipt). The spec's settle-watch, -confirm,
 * -invoice and -invoice-watch routes all show this page.
 */
export default function SettleWatchPage() {
  const p = useParams();
  const [search] = useSearchParams();
  const side: TSide = useLocation().pathname.startsWith('/rent-order') ? 'provider' : 'tenant';
  const settleId = Number(p.sid ?? p.id);
  const orderId = Number(p.oid ?? search.get('order'));
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const qc = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const q = useQuery({
    queryKey: [...orderKey, 'settle-detail', side, settleId],
    queryFn: () =>
      api.get<TSettleView>(side === 'tenant' ? '/rent/settle/detail' : '/ep/st_detail', {
        order_id: orderId,
        id: settleId,
      }),
    enabled: settleId > 0 && orderId > 0,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: orderKey });
  const act = (path: string, ask: string, done: string) =>
    modal.confirm({
      title: T.title,
      content: ask,
      onOk: async () => {
        await api.post(path, { order_id: orderId, id: settleId });
        toast.success(done);
        refresh();
      },
    });
  const invColumns = [
    { title: T.invoiceType, dataIndex: 'invoice_type_v' },
    { title: T.invId, dataIndex: 'inv_id' },
    { title: T.invNo, dataIndex: 'inv_no' },
    { title: T.invDate, dataIndex: 'inv_date' },
    { title: T.invTaxAmount, dataIndex: 'inv_tax_amount_v' },
  ];
  return (
    <QueryState query={q}>
      {(s) => (
        <div>
          {holder}
          <PageCard
            title={
              <Space wrap>
                <span>{`${T.watchTitle} · ${s.settle_sn}`}</span>
                <StatusTag status={s.status} text={s.status_v} tones={SETTLE_TONES} />
              </Space>
            }
            extra={
              <Button
                onClick={() =>
                  navigate(side === 'tenant' ? `/rent/order/settle/${orderId}` : `/rent-order/settle/${orderId}`)
                }
              >
                {T.back}
              </Button>
            }
          >
            <Descriptions size="small" column={mobile ? 1 : 3}>
              <Descriptions.Item label={T.sn}>{s.sn}</Descriptions.Item>
              <Descriptions.Item label={T.month}>{s.month}</Descriptions.Item>
              <Descriptions.Item label={T.date}>{s.date}</Descriptions.Item>
              <Descriptions.Item label={T.taxTotal}>{s.tax_total_v}</Descriptions.Item>
              <Descriptions.Item label={T.serRatio}>{s.ser_ratio_v}</Descriptions.Item>
              <Descriptions.Item label={T.serTotal}>{s.ser_total}</Descriptions.Item>
              <Descriptions.Item label={T.providerTotal}>{s.provider_total}</Descriptions.Item>
              <Descriptions.Item label={T.draft}>{s.draft_total}</Descriptions.Item>
              {s.reason && <Descriptions.Item label={T.reason}>{s.reason}</Descriptions.Item>}
              <Descriptions.Item label={T.tenantInfo}>{s.tenant_info.name}</Descriptions.Item>
              <Descriptions.Item label={T.lessorInfo}>{s.lessor_info.inv_title}</Descriptions.Item>
              <Descriptions.Item label={T.providerInfo}>{s.provider_info.name}</Descriptions.Item>
              {s.le_inv_no && (
                <Descriptions.Item label={T.lessorInvoice}>{`${s.le_inv_no}（${s.le_inv_date}）`}</Descriptions.Item>
              )}
            </Descriptions>
            <ul data-testid="settle-affirm" className={css.affirm}>
              {s.affirm_v.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
            <div className={cm.mb8}>{T.images}</div>
            <Image.PreviewGroup>
              <Space wrap>
                {s.attachment.map((a) => (
                  <Image key={a} src={a} width={120} height={90} className={css.attachment} />
                ))}
              </Space>
            </Image.PreviewGroup>
            <Space wrap className={css.mt16}>
              {side === 'provider' && s.able_option.includes('confirm') && (
                <Button type="primary" onClick={() => act('/ep/st_checkok', msg.confirmAsk, msg.confirmed)}>
                  {T.confirm}
                </Button>
              )}
              {side === 'tenant' && s.able_option.includes('receive') && (
                <Button type="primary" onClick={() => act('/rent/settle/invComfirm', msg.receiveAsk, msg.received)}>
                  {T.receive}
                </Button>
              )}
            </Space>
          </PageCard>
          {side === 'tenant' && isSettleLive(s) && <SettleInvAddress orderId={orderId} settleId={settleId} />}
          {side === 'provider' && (s.settle_inv.length > 0 || s.able_option.includes('invoice_add')) && (
            <PageCard
              title={`${T.invoices}（${T.invTotal} ${s.inv_tax_total_v} / ${T.providerTotal} ${s.provider_total}）`}
            >
              <Table<TInvoiceView>
                rowKey="id"
                size="small"
                columns={invColumns}
                dataSource={s.settle_inv}
                pagination={false}
                scroll={{ x: 'max-content' }}
              />
              {s.able_option.includes('invoice_add') && (
                <div className={cm.mt16}>
                  <InvoiceForm s={s} onDone={refresh} />
                  <Button
                    type="primary"
                    className={css.submit}
                    disabled={s.settle_inv.length === 0}
                    onClick={() => act('/ep/sti_submit', msg.submitInvoicesAsk, msg.invoiceSubmitted)}
                  >
                    {T.submitInvoices}
                  </Button>
                </div>
              )}
            </PageCard>
          )}
        </div>
      )}
    </QueryState>
  );
}
