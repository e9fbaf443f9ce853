import { useState } from 'react';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MAJOR_STATUS, isMajorOnline } from '@jizu/shared/constants/training';
import { common as msg_common } from '@jizu/shared/messages/common';
import { yuanToFen } from '@jizu/shared/rules/money';
import { ZAdminMajorSave, type TAdminMajor } from '@jizu/shared/schemas/training';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { inputProps, rulesOf } from '../ui/formRules';
import { TT } from '../texts/training';
import { TRAINING_MENU } from '../texts/adminMenu';
import ac from './admin.module.css';

const A = TT.admin;
const M = { common: msg_common } as const;
type TForm = { name: string; content: string; price: number; sort: number; status: boolean };
const toFen = (v: unknown) => (typeof v === 'number' ? yuanToFen(v) : v);

/** 培训专业: the majors users enrol in (name, description, fee); only online ones are offered. */
export default function TrainingMajorsPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['admin', 'training-majors'],
    queryFn: () => api.get<TAdminMajor[]>('/admin/training/majors', undefined, { noCompany: true }),
  });
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [form] = Form.useForm<TForm>();
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'training-majors'] });
  const open = (m?: TAdminMajor) => {
    form.setFieldsValue(
      m
        ? { name: m.name, content: m.content, price: m.price / 100, sort: m.sort, status: isMajorOnline(m) }
        : {
            name: '',
            content: '',
            price: undefined,
            sort: Math.max(0, ...(q.data ?? []).map((x) => x.sort)) + 1,
            status: true,
          },
    );
    setEditing({ id: m?.id });
  };
  const save = useMutation({
    mutationFn: (v: TForm) =>
      api.post(
        '/admin/training/major',
        {
          id: editing?.id,
          name: v.name,
          content: v.content,
          price: yuanToFen(v.price) ?? 0,
          sort: v.sort ?? 0,
          status: v.status ? 1 : 0,
        },
        { noCompany: true },
      ),
    onSuccess: () => {
      toast.success(editing?.id ? M.common.modified : M.common.added);
      setEditing(null);
      void refresh();
    },
  });
  const setStatus = useMutation({
    mutationFn: (v: { id: number; status: number }) => api.post('/admin/training/major/status', v, { noCompany: true }),
    onSuccess: () => (toast.success(M.common.ok), void refresh()),
  });

  const cols: TableColumnsType<TAdminMajor> = [
    { title: A.name, dataIndex: 'name', width: 200 },
    { title: A.content, dataIndex: 'content', ellipsis: true },
    { title: A.priceYuan, dataIndex: 'price_v', width: 130, align: 'right' },
    { title: A.sort, dataIndex: 'sort', width: 70, align: 'center' },
    {
      title: A.status,
      dataIndex: 'status',
      width: 90,
      render: (s: number, r) => <Tag color={isMajorOnline({ status: s }) ? 'success' : 'default'}>{r.status_v}</Tag>,
    },
    {
      title: A.paidNum,
      dataIndex: 'paid_num',
      width: 110,
      align: 'right',
      render: (n: number, r) => (
        <a data-testid="major-paid" onClick={() => navigate(`/admin/training/enrolments?major_id=${r.id}`)}>
          {n}
        </a>
      ),
    },
    { title: A.updateTime, dataIndex: 'update_time', width: 170 },
    {
      title: '',
      key: 'op',
      width: 130,
      fixed: 'right',
      render: (_: unknown, r) => {
        const online = isMajorOnline(r);
        return (
          <Space size={0}>
            <Button size="small" type="link" onClick={() => open(r)}>
              {A.editShort}
            </Button>
            <Popconfirm
              title={online ? A.offline : A.online}
              description={online ? A.offlineConfirm : A.onlineConfirm}
              onConfirm={() =>
                setStatus.mutateAsync({ id: r.id, status: online ? MAJOR_STATUS.offline : MAJOR_STATUS.online })
              }
            >
              <Button size="small" type="link" danger={online}>
                {online ? A.offline : A.online}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];
  return (
    <>
      <PageHeader
        title={TRAINING_MENU.majors}
        extra={
          <Button type="primary" onClick={() => open()}>
            {A.add}
          </Button>
        }
      />
      <Card variant="borderless">
        <QueryState query={q}>
          {(d) => (
            <Table<TAdminMajor> rowKey="id" columns={cols} dataSource={d} pagination={false} scroll={{ x: 1000 }} />
          )}
        </QueryState>
      </Card>
      <Modal
        open={!!editing}
        title={editing?.id ? A.edit : A.add}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item label={A.name} name="name" rules={rulesOf(ZAdminMajorSave, 'name')}>
            <Input {...inputProps(ZAdminMajorSave, 'name')} />
          </Form.Item>
          <Form.Item label={A.content} name="content" rules={rulesOf(ZAdminMajorSave, 'content')}>
            <Input.TextArea rows={5} {...inputProps(ZAdminMajorSave, 'content')} />
          </Form.Item>
          <Form.Item label={A.priceYuan} name="price" rules={rulesOf(ZAdminMajorSave, 'price', toFen)}>
            <InputNumber min={0.01} precision={2} className={ac.full} />
          </Form.Item>
          <Form.Item label={A.sort} name="sort" extra={A.sortHelp}>
            <InputNumber min={0} max={9999} precision={0} className={ac.full} />
          </Form.Item>
          <Form.Item label={A.online} name="status" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
