import { useState } from 'react';
import { Button, Col, Descriptions, Form, Input, Row, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderUi as O } from '../../texts/order';
import { settle as msg } from '@jizu/shared/messages/settle';
import { settleUi as T } from '../../texts/settle';
import { ZOrderInvoiceAddress } from '@jizu/shared/schemas/order';
import type { TLessorInvoice } from '@jizu/shared/schemas/settle';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { inputProps, rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { RegionCascader } from '../../ui/RegionCascader';
import { orderKey } from '../order/orderApi';
import cm from '../../ui/common.module.css';
import css from './settle.module.css';

type TForm = { name: string; phone: string; region?: number[]; address: string; remark: string };
const region = (v: unknown) => (Array.isArray(v) && v.length === 3 ? v[0] : undefined);

/**
 * The tenant's view of the platform's invoice for a settlement (GET /rent/settle/invDetail) and where it goes; until
 * the platform issues it the tenant may change the receiving address (POST /rent/settle/setInvAddress, spec/2 §7)
 * with the order confirmation's rules (§5), which come from the shared schema.
 */
export function SettleInvAddress({ orderId, settleId }: { orderId: number; settleId: number }) {
  const qc = useQueryClient();
  const key = [...orderKey, 'settle-inv', settleId];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<TLessorInvoice>('/rent/settle/invDetail', { order_id: orderId, id: settleId }),
  });
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<TForm>();
  const save = useMutation({
    mutationFn: (v: TForm) => {
      const [province, city, area] = v.region ?? [];
      return api.post('/rent/settle/setInvAddress', {
        order_id: orderId,
        id: settleId,
        name: v.name,
        phone: v.phone,
        province,
        city,
        area,
        address: v.address,
        remark: v.remark ?? '',
      });
    },
    onSuccess: () => {
      toast.success(msg.addressSaved);
      setEditing(false);
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const d = q.data;
  if (!d) return null;
  const a = d.inv_address;
  const edit = () => {
    form.setFieldsValue({
      name: a.name,
      phone: a.phone,
      region: a.province && a.city && a.area ? [a.province, a.city, a.area] : undefined,
      address: a.address,
      remark: a.remark,
    });
    setEditing(true);
  };
  return (
    <PageCard
      title={T.invAddressTitle}
      extra={
        d.address_editable === 1 && !editing ? (
          <Button onClick={edit} data-testid="settle-inv-address-edit">
            {T.invAddressEdit}
          </Button>
        ) : null
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 2 }} data-testid="settle-inv-address">
        <Descriptions.Item label={T.invoiceStatus}>
          {d.issued ? `${T.invoiceIssued}（${d.inv_no} ${d.inv_date}）` : T.invoiceNotIssued}
        </Descriptions.Item>
        <Descriptions.Item label={O.receiverName}>{a.name}</Descriptions.Item>
        <Descriptions.Item label={O.receiverPhone}>{a.phone}</Descriptions.Item>
        <Descriptions.Item label={O.region}>{a.region_v}</Descriptions.Item>
        <Descriptions.Item label={O.receiverAddress}>{a.address}</Descriptions.Item>
        {a.remark && <Descriptions.Item label={O.invoiceRemark}>{a.remark}</Descriptions.Item>}
      </Descriptions>
      {d.address_editable !== 1 && <div className={cm.hint}>{T.invAddressLocked}</div>}
      {editing && (
        <Form<TForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} className={css.mt16}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={O.receiverName} name="name" rules={rulesOf(ZOrderInvoiceAddress, 'name')}>
                <Input {...inputProps(ZOrderInvoiceAddress, 'name')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={O.receiverPhone} name="phone" rules={rulesOf(ZOrderInvoiceAddress, 'phone')}>
                <Input maxLength={11} inputMode="numeric" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={O.region} name="region" rules={rulesOf(ZOrderInvoiceAddress, 'province', region)}>
                <RegionCascader />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={O.receiverAddress} name="address" rules={rulesOf(ZOrderInvoiceAddress, 'address')}>
                <Input {...inputProps(ZOrderInvoiceAddress, 'address')} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={O.invoiceRemark} name="remark" rules={rulesOf(ZOrderInvoiceAddress, 'remark')}>
                <Input.TextArea rows={2} {...inputProps(ZOrderInvoiceAddress, 'remark')} />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settle-inv-address-save">
              {T.invAddressSave}
            </Button>
            <Button onClick={() => setEditing(false)}>{T.cancel}</Button>
          </Space>
        </Form>
      )}
    </PageCard>
  );
}
