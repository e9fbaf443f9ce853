import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUrlQuery } from '../ui/useUrlQuery';
import { common as msg_common } from '@jizu/shared/messages/common';
import { notice as msg_notice } from '@jizu/shared/messages/notice';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TPage } from '@jizu/shared/errors';
import { NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX } from '@jizu/shared/schemas/notice';
import { api } from '../api/client';
import type { TAdminNoticeRow } from '../api/types';
import * as TxAdmin from '../texts/admin';
import { toast } from '../app/toast';
import { applyFieldErrors } from '../features/auth/authApi';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { isOn } from '@jizu/shared/constants/flags';
import ac from './admin.module.css';

const M = { common: msg_common, notice: msg_notice } as const;

type TForm = { title: string; content: string; publish: boolean };

/** Create or edit one notice; a new one is published at once unless 立即发布 is unticked. */
function NoticeEditor({ row, onClose }: { row: TAdminNoticeRow | null; onClose: (changed: boolean) => void }) {
  const [form] = Form.useForm<TForm>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: TForm) => {
    setBusy(true);
    const body = { title: v.title, content: v.content, status: v.publish ? 1 : 0 };
    try {
      const done = row
        ? await api.put<TAdminNoticeRow>(`/admin/notices/${row.id}`, body, { noCompany: true, quiet: true })
        : await api.post<TAdminNoticeRow>('/admin/notices', body, { noCompany: true, quiet: true });
      toast.success(isOn(done) && !row ? M.notice.published : M.common.saved);
      onClose(true);
    } catch (e) {
      if (!applyFieldErrors(form, e) && e instanceof Error) toast.error(e.message);
    } finally {
      setBusy(false);
    }
  };
  const field = (name: string) => fmt(M.common.fieldRequired, { field: name });
  return (
    <Modal
      open
      title={row ? TxAdmin.admin.noticeEdit : TxAdmin.admin.noticeNew}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={TxAdmin.admin.noticeSave}
      cancelText={TxAdmin.admin.cancel}
      confirmLoading={busy}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{ title: row?.title ?? '', content: row?.content ?? '', publish: row ? isOn(row) : true }}
      >
        <Form.Item
          name="title"
          label={TxAdmin.admin.noticeTitle}
          rules={[{ required: true, whitespace: true, message: field(M.notice.titleField) }]}
        >
          <Input maxLength={NOTICE_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={TxAdmin.admin.noticeContent}
          rules={[{ required: true, whitespace: true, message: field(M.notice.contentField) }]}
        >
          <Input.TextArea rows={8} maxLength={NOTICE_CONTENT_MAX} showCount />
        </Form.Item>
        <Form.Item name="publish" valuePropName="checked" className={ac.last}>
          <Checkbox>{TxAdmin.admin.noticePublishNow}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Platform notices (the dashboard shows the first 6 published); page and size live in the URL query. */
export default function NoticesPage() {
  const { update, int } = useUrlQuery();
  const page = int('page', 1);
  const size = int('size', 10);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<TAdminNoticeRow | 'new' | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'notices', { page, size }],
    queryFn: () => api.get<TPage<TAdminNoticeRow>>('/admin/notices', { page, size }, { noCompany: true, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'notices'] });
  const act = async (call: () => Promise<unknown>, msg: string) => {
    await call();
    toast.success(msg);
    await refresh();
  };
  const setStatus = (r: TAdminNoticeRow, status: 0 | 1) =>
    act(
      () => api.post(`/admin/notices/${r.id}/status`, { status }, { noCompany: true }),
      isOn({ status }) ? M.notice.published : M.notice.unpublished,
    ).catch(() => undefined);
  const remove = (r: TAdminNoticeRow) =>
    act(() => api.del(`/admin/notices/${r.id}`, undefined, { noCompany: true }), M.common.deleted).catch(
      () => undefined,
    );

  const columns: TableColumnsType<TAdminNoticeRow> = [
    { title: TxAdmin.admin.noticeTitle, dataIndex: 'title', ellipsis: true },
    {
      title: TxAdmin.admin.noticeStatus,
      dataIndex: 'status',
      width: 90,
      render: (s: number) =>
        isOn({ status: s }) ? (
          <Tag color="success">{TxAdmin.admin.noticePublished}</Tag>
        ) : (
          <Tag>{TxAdmin.admin.noticeDraft}</Tag>
        ),
    },
    { title: TxAdmin.admin.noticeSendTime, dataIndex: 'send_time', width: 170 },
    {
      title: TxAdmin.admin.noticeActions,
      key: 'actions',
      width: 200,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {TxAdmin.admin.edit}
          </Button>
          {isOn(r) ? (
            <Button type="link" size="small" onClick={() => void setStatus(r, 0)}>
              {TxAdmin.admin.noticeUnpublish}
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => void setStatus(r, 1)}>
              {TxAdmin.admin.noticePublish}
            </Button>
          )}
          <Popconfirm
            title={fmt(TxAdmin.admin.noticeDeleteConfirm, { title: r.title })}
            okText={TxAdmin.admin.noticeDelete}
            cancelText={TxAdmin.admin.cancel}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(r)}
          >
            <Button type="link" size="small" danger>
              {TxAdmin.admin.noticeDelete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={TxAdmin.admin.notices}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {TxAdmin.admin.noticeNew}
          </Button>
        }
      />
      <Card variant="borderless">
        <QueryState query={q}>
          {(d) => (
            <Table<TAdminNoticeRow>
              rowKey="id"
              columns={columns}
              dataSource={d.data}
              loading={q.isFetching}
              scroll={{ x: 640 }}
              pagination={{
                current: page,
                pageSize: size,
                total: d.total,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50],
                showTotal: (n) => fmt(TxAdmin.admin.total, { n }),
                onChange: (p, s) => update({ page: p, size: s }),
              }}
            />
          )}
        </QueryState>
      </Card>
      {editing && (
        <NoticeEditor
          row={editing === 'new' ? null : editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) void refresh();
          }}
        />
      )}
    </>
  );
}
