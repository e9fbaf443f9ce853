import { useState } from 'react';
import { Button, Checkbox, Col, Form, Input, Modal, Row, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { order as msg } from '@jizu/shared/messages/order';
import { orderUi as T } from '../../texts/order';
import { ZProviderConfirm, type TOrderDetail } from '@jizu/shared/schemas/order';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { inputProps, rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { OrderLines, Parties, ReasonDialog, orderKey } from './orderApi';
import { OrderSummary } from './OrderWatchPage';
import s from './order.module.css';

type TConfirmForm = {
  order: TOrderDetail;
  prefill: { contacts: string; tel: string; bank_name: string; bank_no: string };
};
type TForm = { contacts: string; tel: string; bank_name: string; bank_no: string; agree: boolean };

/** /rent-order/confirm/{id}: the provider confirms (contact, phone, payee bank and account, the finance agreement) or returns the order. */
export default function OrderConfirmPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const qc = useQueryClient();
  const [form] = Form.useForm<TForm>();
  const [modal, holder] = Modal.useModal();
  const [returning, setReturning] = useState(false);
  const q = useQuery({
    queryKey: [...orderKey, 'provider', 'confirm', id],
    queryFn: () => api.get<TConfirmForm>('/ep/bdetail_order', { id }),
    enabled: id > 0,
    retry: false,
  });
  const done = async () => {
    // marked stale, not asked again here: this page's own form would now be refused (confirmed or returned); the list
    // asks when it opens
    await qc.invalidateQueries({ queryKey: orderKey, refetchType: 'none' });
    navigate('/rent-order');
  };
  const confirm = useMutation({
    mutationFn: (v: TForm) =>
      api.post('/ep/ckorderok', {
        id,
        contacts: v.contacts,
        tel: v.tel,
        bank_name: v.bank_name,
        bank_no: v.bank_no,
        agree: v.agree ? 1 : 0,
      }),
    onSuccess: async () => {
      toast.success(msg.confirmed);
      await done();
    },
  });
  const col = mobile ? 24 : 12;
  return (
    <QueryState query={q}>
      {(d) => (
        <div>
          {holder}
          <OrderSummary order={d.order} side="provider" mobile={mobile} />
          <PageCard title={T.parties}>
            <Parties order={d.order} mobile={mobile} />
          </PageCard>
          <PageCard title={T.lines}>
            <OrderLines order={d.order} editable={false} mobile={mobile} />
          </PageCard>
          <PageCard title={T.payee}>
            <Form<TForm>
              form={form}
              layout="vertical"
              scrollToFirstError={{ focus: true }}
              initialValues={{ ...d.prefill, agree: false }}
              onFinish={(v) =>
                modal.confirm({
                  title: T.tip,
                  content: msg.confirmAsk,
                  okText: T.confirm,
                  cancelText: T.cancel,
                  onOk: () => confirm.mutateAsync(v),
                })
              }
            >
              <Row gutter={16}>
                <Col span={col}>
                  <Form.Item
                    label={`${T.partyC}${T.contacts}`}
                    name="contacts"
                    rules={rulesOf(ZProviderConfirm, 'contacts')}
                  >
                    <Input placeholder={T.providerContactPh} {...inputProps(ZProviderConfirm, 'contacts')} />
                  </Form.Item>
                </Col>
                <Col span={col}>
                  <Form.Item label={`${T.partyC}${T.tel}`} name="tel" rules={rulesOf(ZProviderConfirm, 'tel')}>
                    <Input placeholder={T.providerTelPh} maxLength={20} />
                  </Form.Item>
                </Col>
                <Col span={col}>
                  <Form.Item label={T.bankName} name="bank_name" rules={rulesOf(ZProviderConfirm, 'bank_name')}>
                    <Input placeholder={T.bankNamePh} {...inputProps(ZProviderConfirm, 'bank_name')} />
                  </Form.Item>
                </Col>
                <Col span={col}>
                  <Form.Item label={T.payeeNo} name="bank_no" rules={rulesOf(ZProviderConfirm, 'bank_no')}>
                    <Input placeholder={T.payeeNoPh} inputMode="numeric" maxLength={36} />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item
                    name="agree"
                    valuePropName="checked"
                    rules={rulesOf(ZProviderConfirm, 'agree', (v) => (v === true ? 1 : undefined))}
                  >
                    <Checkbox>{T.agree}</Checkbox>
                  </Form.Item>
                </Col>
              </Row>
              <Space wrap className={s.actions}>
                <Button onClick={() => navigate('/rent-order')}>{T.cancel}</Button>
                <Button danger onClick={() => setReturning(true)}>
                  {T.returnOrder}
                </Button>
                <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                  {T.confirm}
                </Button>
              </Space>
            </Form>
          </PageCard>
          {returning && (
            <ReasonDialog kind="return" id={id} open onClose={() => setReturning(false)} onDone={() => void done()} />
          )}
        </div>
      )}
    </QueryState>
  );
}
