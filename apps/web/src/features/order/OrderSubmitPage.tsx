import { useEffect } from 'react';
import { Button, Col, Form, Input, Modal, Radio, Row, Select, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { order as msg } from '@jizu/shared/messages/order';
import { orderUi as T } from '../../texts/order';
import {
  SPECIAL_INVOICE_REQUIRED,
  ZOrderInvoiceAddress,
  ZOrderParty,
  ZOrderProject,
  type TOrderForm,
} from '@jizu/shared/schemas/order';
import { api, ApiError } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { inputProps, rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { RegionCascader } from '../../ui/RegionCascader';
import { OrderLines, Parties, orderKey } from './orderApi';
import { OrderSummary } from './OrderWatchPage';
import * as TC from '../../texts/common';
import s from './order.module.css';

type TForm = {
  project_name: string;
  project_type?: number;
  project_address: string;
  remark: string;
  order_party: { contacts: string; tel: string };
  order_invoice: { type: number; address: string; telphone: string; bank: string; bank_no: string };
  order_invoice_address: { name: string; phone: string; region?: number[]; address: string; remark: string };
};

/** A special-VAT field: required only while the invoice type is 0 (the server checks the same list). */
const specialRule =
  (k: keyof typeof SPECIAL_INVOICE_REQUIRED) =>
  ({ getFieldValue }: { getFieldValue: (n: (string | number)[]) => unknown }) => ({
    validator: async (_: unknown, v: unknown) => {
      if (getFieldValue(['order_invoice', 'type']) === 0 && !String(v ?? '').trim())
        throw new Error(SPECIAL_INVOICE_REQUIRED[k]);
    },
  });

function SubmitForm({ data, id }: { data: TOrderForm; id: number }) {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const qc = useQueryClient();
  const [form] = Form.useForm<TForm>();
  const [modal, holder] = Modal.useModal();
  const o = data.order;
  const p = data.invoice_profile;
  const type = Form.useWatch(['order_invoice', 'type'], form);
  const def = data.addresses.find((a) => a.is_default === 1) ?? data.addresses[0];
  useEffect(() => {
    // changing the invoice type revalidates the fields it makes required (spec/2 §5)
    if (type !== undefined)
      void form
        .validateFields([
          ['order_invoice', 'address'],
          ['order_invoice', 'telphone'],
          ['order_invoice', 'bank'],
          ['order_invoice', 'bank_no'],
        ])
        .catch(() => undefined);
  }, [type, form]);
  const save = useMutation({
    mutationFn: (v: TForm) => {
      const [province, city, area] = v.order_invoice_address.region ?? [];
      return api.post('/rent/order/save', {
        id,
        project_name: v.project_name,
        project_type: v.project_type,
        project_address: v.project_address,
        remark: v.remark ?? '',
        order_party: v.order_party,
        order_invoice: v.order_invoice,
        order_invoice_address: {
          name: v.order_invoice_address.name,
          phone: v.order_invoice_address.phone,
          province,
          city,
          area,
          address: v.order_invoice_address.address,
          remark: v.order_invoice_address.remark ?? '',
        },
      });
    },
    onSuccess: async () => {
      toast.success(msg.submitted);
      // marked stale, not asked again here: this page's own form would now be refused (no longer a draft); the list
      // asks when it opens
      void qc.invalidateQueries({ queryKey: orderKey, refetchType: 'none' });
      navigate('/rent/order');
    },
  });
  const submit = (v: TForm) =>
    modal.confirm({
      title: T.tip,
      content: msg.submitAsk,
      okText: T.submit,
      cancelText: T.cancel,
      onOk: () => save.mutateAsync(v),
    });
  const region = (v: unknown) => (Array.isArray(v) && v.length === 3 ? v[0] : undefined);
  const pick = (addrId: number) => {
    const a = data.addresses.find((x) => x.id === addrId);
    if (a)
      form.setFieldsValue({
        order_invoice_address: {
          name: a.name,
          phone: a.phone,
          region: [a.province, a.city, a.area],
          address: a.address,
          remark: a.remark,
        },
      });
  };
  const col = mobile ? 24 : 12;
  return (
    <div>
      {holder}
      <OrderSummary order={o} side="tenant" mobile={mobile} />
      <Form<TForm>
        form={form}
        layout="vertical"
        scrollToFirstError={{ focus: true }}
        onFinish={submit}
        initialValues={{
          project_name: o.project_name,
          project_type: o.project_type || undefined,
          project_address: o.project_address,
          remark: o.remark,
          order_party: { contacts: o.tenant_contacts, tel: o.tenant_tel },
          order_invoice: {
            type: p.target === 1 ? 1 : p.type,
            address: p.address,
            telphone: p.telphone,
            bank: p.bank,
            bank_no: p.bank_no,
          },
          order_invoice_address: def
            ? {
                name: def.name,
                phone: def.phone,
                region: [def.province, def.city, def.area],
                address: def.address,
                remark: def.remark,
              }
            : { name: '', phone: '', address: '', remark: '' },
        }}
      >
        <div>
          <PageCard title={T.basics}>
            <Row gutter={16}>
              <Col span={col}>
                <Form.Item label={T.projectName} name="project_name" rules={rulesOf(ZOrderProject, 'project_name')}>
                  <Input placeholder={T.projectNamePh} {...inputProps(ZOrderProject, 'project_name')} />
                </Form.Item>
              </Col>
              <Col span={col}>
                <Form.Item label={T.projectType} name="project_type" rules={rulesOf(ZOrderProject, 'project_type')}>
                  <Select placeholder={T.projectType} options={data.project_types} />
                </Form.Item>
              </Col>
              <Col span={col}>
                <Form.Item
                  label={T.projectAddress}
                  name="project_address"
                  rules={rulesOf(ZOrderProject, 'project_address')}
                >
                  <Input placeholder={T.projectAddressPh} {...inputProps(ZOrderProject, 'project_address')} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item label={T.remark} name="remark" rules={rulesOf(ZOrderProject, 'remark')}>
                  <Input.TextArea rows={2} placeholder={T.remarkPh} {...inputProps(ZOrderProject, 'remark')} />
                </Form.Item>
              </Col>
            </Row>
          </PageCard>
          <PageCard title={T.parties}>
            <Parties order={o} mobile={mobile} />
            <Row gutter={16} className={s.mt16}>
              <Col span={col}>
                <Form.Item
                  label={`${T.partyA}${T.contacts}`}
                  name={['order_party', 'contacts']}
                  rules={rulesOf(ZOrderParty, 'contacts')}
                >
                  <Input placeholder={T.tenantContactPh} {...inputProps(ZOrderParty, 'contacts')} />
                </Form.Item>
              </Col>
              <Col span={col}>
                <Form.Item
                  label={`${T.partyA}${T.tel}`}
                  name={['order_party', 'tel']}
                  rules={rulesOf(ZOrderParty, 'tel')}
                >
                  <Input placeholder={T.tenantTelPh} maxLength={20} />
                </Form.Item>
              </Col>
            </Row>
          </PageCard>
          <PageCard title={T.invoice}>
            <Row gutter={16}>
              <Col span={24}>
                <Form.Item label={T.invoiceType} name={['order_invoice', 'type']}>
                  <Radio.Group
                    options={[
                      { value: 0, label: TC.invoiceTypes.special, disabled: p.target === 1 },
                      { value: 1, label: TC.invoiceTypes.ordinary },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={col}>
                <Form.Item label={T.invTitle}>
                  <Input value={p.name} readOnly variant="filled" />
                </Form.Item>
              </Col>
              <Col span={col}>
                <Form.Item label={T.invNo}>
                  <Input value={p.no} readOnly variant="filled" />
                </Form.Item>
              </Col>
              {(['address', 'telphone', 'bank', 'bank_no'] as const).map((k) => (
                <Col span={col} key={k} hidden={type !== 0}>
                  <Form.Item
                    label={{ address: T.companyAddress, telphone: T.companyTel, bank: T.bank, bank_no: T.bankNo }[k]}
                    name={['order_invoice', k]}
                    required={type === 0}
                    rules={[specialRule(k)]}
                  >
                    <Input
                      placeholder={SPECIAL_INVOICE_REQUIRED[k]}
                      maxLength={k === 'address' ? 100 : k === 'bank' ? 50 : 30}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </PageCard>
          <PageCard
            title={T.receiver}
            extra={
              data.addresses.length > 0 && (
                <Select
                  className={s.addressSelect}
                  placeholder={T.pickAddress}
                  aria-label={T.pickAddress}
                  options={data.addresses.map((a) => ({ value: a.id, label: `${a.name} ${a.region_v}${a.address}` }))}
                  onChange={pick}
                />
              )
            }
          >
            <Row gutter={16}>
              <Col span={col}>
                <Form.Item
                  label={T.receiverName}
                  name={['order_invoice_address', 'name']}
                  rules={rulesOf(ZOrderInvoiceAddress, 'name')}
                >
                  <Input placeholder={T.receiverName} {...inputProps(ZOrderInvoiceAddress, 'name')} />
                </Form.Item>
              </Col>
              <Col span={col}>
                <Form.Item
                  label={T.receiverPhone}
                  name={['order_invoice_address', 'phone']}
                  rules={rulesOf(ZOrderInvoiceAddress, 'phone')}
                >
                  <Input placeholder={T.receiverPhone} maxLength={11} />
                </Form.Item>
              </Col>
              <Col span={col}>
                <Form.Item
                  label={T.region}
                  name={['order_invoice_address', 'region']}
                  rules={rulesOf(ZOrderInvoiceAddress, 'province', region)}
                >
                  <RegionCascader />
                </Form.Item>
              </Col>
              <Col span={col}>
                <Form.Item
                  label={T.receiverAddress}
                  name={['order_invoice_address', 'address']}
                  rules={rulesOf(ZOrderInvoiceAddress, 'address')}
                >
                  <Input placeholder={T.receiverAddress} {...inputProps(ZOrderInvoiceAddress, 'address')} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  label={T.invoiceRemark}
                  name={['order_invoice_address', 'remark']}
                  rules={rulesOf(ZOrderInvoiceAddress, 'remark')}
                >
                  <Input.TextArea rows={2} {...inputProps(ZOrderInvoiceAddress, 'remark')} />
                </Form.Item>
              </Col>
            </Row>
          </PageCard>
          <PageCard title={T.lines}>
            <OrderLines order={o} editable={o.actions.includes('edit_line')} mobile={mobile} />
          </PageCard>
          <Space className={s.actions}>
            <Button onClick={() => navigate('/rent/order')}>{T.cancel}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {T.submit}
            </Button>
          </Space>
        </div>
      </Form>
    </div>
  );
}

/** /rent/order/submit/{id}: the tenant's confirmation form (spec/2 §2 screen 6, §5 Order confirmation). */
export default function OrderSubmitPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [modal, holder] = Modal.useModal();
  const q = useQuery({
    queryKey: [...orderKey, 'tenant', 'form', id],
    queryFn: async () => {
      try {
        return await api.get<TOrderForm>('/rent/order/add', { id }, { quiet: true });
      } catch (e) {
        // the submit pre-check: a refusal shows its message, then the dashboard (spec/2 §8)
        if (e instanceof ApiError && e.refused)
          modal.warning({ title: T.tip, content: e.message, okText: TC.ok, onOk: () => navigate('/dashboard/index') });
        throw e;
      }
    },
    enabled: id > 0,
    retry: false,
  });
  return (
    <>
      {holder}
      <QueryState query={q}>{(d) => <SubmitForm data={d} id={id} />}</QueryState>
    </>
  );
}
