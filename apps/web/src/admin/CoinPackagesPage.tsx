import { useState } from 'react';
import { Button, Card, Form, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { payment as msg_payment } from '@jizu/shared/messages/payment';
import { fmt } from '@jizu/shared/messages/fmt';
import { coinValueOf } from '@jizu/shared/rules/coins';
import { fenToYuanText, yuanToFen } from '@jizu/shared/rules/money';
import type { TAdminPackage, TCoinSetting } from '@jizu/shared/schemas/payment';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { PT } from '../texts/payment';
import { common as msg_common } from '@jizu/shared/messages/common';
import { isOn } from '@jizu/shared/constants/flags';
import ac from './admin.module.css';

const M = { payment: msg_payment } as const;

const A = PT.admin;
type TForm = { id?: number; amount: number; value: number; give: number; sort: number; status: boolean };

/** Coin packages and the coin rate / bonus beans (the user sees them on /coin-purchase). */
export default function CoinPackagesPage() {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['admin', 'coin'],
    queryFn: () =>
      api.get<{ list: TAdminPackage[]; setting: TCoinSetting }>('/admin/coin/packages', undefined, { noCompany: true }),
  });
  const [editing, setEditing] = useState<TForm | null>(null);
  const [form] = Form.useForm<TForm>();
  const [modal, modalHolder] = Modal.useModal();
  const goldAvg = q.data?.setting.gold_avg ?? 0;
  // a package's coins are its yuan amount × gold_avg (the server refuses anything else): computed, not typed
  const amountYuan = Form.useWatch('amount', form);
  const amountFen = amountYuan === undefined || amountYuan === null ? null : yuanToFen(amountYuan);
  const computed = amountFen === null || !goldAvg ? null : coinValueOf(amountFen, goldAvg);
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'coin'] });
  const openForm = (given: TForm) => {
    // the value always follows the amount at the current rate, also for a package saved before a rate change
    const fen = yuanToFen(given.amount);
    const v = { ...given, value: (fen === null ? null : coinValueOf(fen, goldAvg)) ?? given.value };
    form.setFieldsValue(v);
    setEditing(v);
  };
  const save = useMutation({
    mutationFn: (v: TForm) =>
      api.post(
        '/admin/coin/package',
        { ...v, amount: yuanToFen(v.amount) ?? 0, status: v.status ? 1 : 0 },
        { noCompany: true },
      ),
    onSuccess: () => {
      toast.success(msg_common.saved);
      setEditing(null);
      void refresh();
    },
  });
  const del = useMutation({
    mutationFn: (id: number) => api.post('/admin/coin/package/del', { id }, { noCompany: true }),
    onSuccess: () => void refresh(),
  });
  const saveSetting = useMutation({
    mutationFn: (v: TCoinSetting) => api.post('/admin/coin/setting', v, { noCompany: true }),
    onSuccess: () => (toast.success(msg_common.saved), void refresh()),
  });
  const submitSetting = (v: TCoinSetting) => {
    if (!q.data || v.gold_avg === q.data.setting.gold_avg) return saveSetting.mutate(v);
    // a new rate reprices every package on the server: say so before it happens
    modal.confirm({
      title: A.rateChangeTitle,
      content: fmt(A.rateChangeBody, { avg: v.gold_avg }),
      okText: A.save,
      onOk: () => saveSetting.mutateAsync(v),
    });
  };

  const cols: TableColumnsType<TAdminPackage> = [
    { title: A.amountYuan, dataIndex: 'amount_v', width: 120, align: 'right' },
    { title: A.value, dataIndex: 'value', width: 100, align: 'right' },
    { title: A.give, dataIndex: 'give', width: 100, align: 'right' },
    { title: A.sort, dataIndex: 'sort', width: 80 },
    {
      title: A.status,
      dataIndex: 'status',
      width: 90,
      render: (s: number) => (isOn({ status: s }) ? <Tag color="success">{A.onSale}</Tag> : <Tag>{A.offSale}</Tag>),
    },
    {
      title: '',
      key: 'op',
      width: 140,
      render: (_: unknown, r) => (
        <Space>
          <Button
            size="small"
            type="link"
            onClick={() =>
              openForm({
                id: r.id,
                amount: r.amount / 100,
                value: r.value,
                give: r.give,
                sort: r.sort,
                status: isOn(r),
              })
            }
          >
            {A.editShort}
          </Button>
          <Popconfirm title={A.delConfirm} onConfirm={() => del.mutate(r.id)}>
            <Button size="small" type="link" danger>
              {A.del}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={A.coin}
        extra={
          <Button type="primary" onClick={() => openForm({ amount: 10, value: 0, give: 0, sort: 0, status: true })}>
            {A.add}
          </Button>
        }
      />
      <QueryState query={q}>
        {(d) => (
          <>
            <Card variant="borderless" title={A.setting} className={ac.section}>
              <Form layout="inline" initialValues={d.setting} onFinish={submitSetting}>
                <Form.Item label={A.goldAvg} name="gold_avg" rules={[{ required: true }]}>
                  <InputNumber min={1} max={10000} precision={0} />
                </Form.Item>
                <Form.Item label={A.goldPeas} name="gold_peas" rules={[{ required: true }]}>
                  <InputNumber min={0} max={10000} precision={0} />
                </Form.Item>
                <Button htmlType="submit" loading={saveSetting.isPending}>
                  {A.save}
                </Button>
              </Form>
              <div className={ac.rateHelp}>{A.rateHelp}</div>
            </Card>
            <Card variant="borderless">
              <Table<TAdminPackage>
                rowKey="id"
                columns={cols}
                dataSource={d.list}
                pagination={false}
                scroll={{ x: 640 }}
              />
            </Card>
          </>
        )}
      </QueryState>
      <Modal
        open={!!editing}
        title={editing?.id ? A.edit : A.add}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
        forceRender
      >
        <Form
          form={form}
          layout="vertical"
          onValuesChange={(changed: Partial<TForm>) => {
            if (!('amount' in changed)) return;
            const fen = changed.amount === undefined || changed.amount === null ? null : yuanToFen(changed.amount);
            form.setFieldValue('value', fen === null ? undefined : (coinValueOf(fen, goldAvg) ?? undefined));
          }}
          onFinish={(v) => save.mutate({ ...v, id: editing?.id })}
        >
          <Form.Item
            label={A.amountYuan}
            name="amount"
            rules={[{ required: true }]}
            validateStatus={amountFen !== null && computed === null ? 'error' : undefined}
            help={
              amountFen !== null && computed === null
                ? fmt(M.payment.packageAmountIndivisible, { avg: goldAvg, amount: fenToYuanText(amountFen) })
                : undefined
            }
          >
            <InputNumber min={0.01} precision={2} className={ac.full} />
          </Form.Item>
          <Form.Item
            label={A.value}
            name="value"
            rules={[{ required: true }]}
            extra={
              computed !== null
                ? fmt(A.valueHelp, { amount: amountYuan ?? '', avg: goldAvg, value: computed })
                : undefined
            }
          >
            <InputNumber disabled precision={0} className={ac.full} />
          </Form.Item>
          <Form.Item label={A.give} name="give">
            <InputNumber min={0} precision={0} className={ac.full} />
          </Form.Item>
          <Form.Item label={A.sort} name="sort">
            <InputNumber min={0} precision={0} className={ac.full} />
          </Form.Item>
          <Form.Item label={A.onSale} name="status" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      {modalHolder}
    </>
  );
}
