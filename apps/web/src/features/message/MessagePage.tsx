import { useState } from 'react';
import { Badge, Button, Checkbox, Modal, Pagination, Popconfirm, Tabs } from 'antd';
import { DeleteOutlined, MailOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { message as msg_message } from '@jizu/shared/messages/message';
import { fmt } from '@jizu/shared/messages/fmt';
import { MESSAGE_PAGE_SIZE, type TMessagePage, type TMessageRow } from '@jizu/shared/schemas/message';
import { api } from '../../api/client';
import * as TxMessage from '../../texts/message';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { EmptyState, QueryState } from '../../ui/QueryState';
import { useUrlQuery } from '../../ui/useUrlQuery';
import cm from '../../ui/common.module.css';
import s from './MessagePage.module.css';

const M = { message: msg_message } as const;

const listKey = ['message', 'lst'] as const;

/** 系统消息 (spec/3 § System messages): 未读 / 已读 tabs of 15, opening marks read, delete one or the selected. */
export default function MessagePage() {
  const { params, update, int } = useUrlQuery();
  const state = params.get('tab') === 'read' ? 1 : 0;
  const page = int('page', 1);
  const qc = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<TMessageRow | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const q = useQuery({
    queryKey: [...listKey, { state, page }],
    queryFn: () => api.get<TMessagePage>('/index/message/lst', { state, page, size: MESSAGE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const go = (next: { tab: 'unread' | 'read'; page?: number }) => {
    update({ tab: next.tab, page: next.page && next.page > 1 ? next.page : undefined });
    setSelected([]);
  };
  // the header's unread count (['message', 'unread']) too
  const refresh = () => qc.invalidateQueries({ queryKey: ['message'] });

  const show = async (m: TMessageRow) => {
    setOpen(m);
    if (m.msg_open !== 1) {
      await api.post('/index/message/read', { id: m.id }).catch(() => undefined);
      await refresh();
    }
  };
  const remove = async (ids: number[]) => {
    await api.post('/index/message/del', { id: ids.length === 1 ? ids[0] : ids });
    toast.success(M.message.deleted);
    setSelected((s) => s.filter((x) => !ids.includes(x)));
    // the last row of a later page: step back a page
    const rows = q.data?.data.length ?? 0;
    if (page > 1 && rows <= ids.length) go({ tab: state ? 'read' : 'unread', page: page - 1 });
    await refresh();
  };
  const removeSelected = () =>
    modal.confirm({
      title: fmt(TxMessage.message.confirmMany, { n: selected.length }),
      okText: TxMessage.message.ok,
      cancelText: TxMessage.message.cancel,
      okButtonProps: { danger: true },
      onOk: () => remove(selected),
    });

  const unread = q.data?.unread ?? 0;
  const rows = q.data?.data ?? [];
  const allChecked = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  return (
    <PageCard title={TxMessage.message.title}>
      {modalHolder}
      <Tabs
        activeKey={state ? 'read' : 'unread'}
        onChange={(k) => go({ tab: k as 'unread' | 'read' })}
        items={[
          {
            key: 'unread',
            label: (
              <Badge count={unread} size="small" offset={[8, -2]}>
                {TxMessage.message.unread}
              </Badge>
            ),
          },
          { key: 'read', label: TxMessage.message.read },
        ]}
      />
      <div className={s.toolbar}>
        <Checkbox
          checked={allChecked}
          indeterminate={!allChecked && selected.length > 0}
          disabled={!rows.length}
          onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.id) : [])}
        >
          {TxMessage.message.selectAll}
        </Checkbox>
        <Button danger size="small" icon={<DeleteOutlined />} disabled={!selected.length} onClick={removeSelected}>
          {TxMessage.message.deleteSelected}
          {selected.length ? `（${selected.length}）` : ''}
        </Button>
      </div>
      <QueryState query={q} isEmpty={(d) => d.data.length === 0} empty={<EmptyState text={TxMessage.message.empty} />}>
        {(d) => (
          <>
            <ul className={s.list}>
              {d.data.map((m) => (
                <li key={m.id} className={s.item}>
                  <Checkbox
                    aria-label={m.msg_title}
                    checked={selected.includes(m.id)}
                    onChange={(e) =>
                      setSelected((s) => (e.target.checked ? [...s, m.id] : s.filter((x) => x !== m.id)))
                    }
                  />
                  <button type="button" onClick={() => void show(m)} className={s.open}>
                    <div className={cm.row8}>
                      <MailOutlined className={m.msg_open ? s.iconRead : s.icon} />
                      <span className={m.msg_open ? `${s.title} ${s.titleRead}` : s.title}>{m.msg_title}</span>
                    </div>
                    <div className={s.excerpt}>{m.msg_body}</div>
                  </button>
                  <span className={s.time}>{m.msg_send_time.slice(0, 16)}</span>
                  <Popconfirm
                    title={TxMessage.message.confirmOne}
                    okText={TxMessage.message.ok}
                    cancelText={TxMessage.message.cancel}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove([m.id])}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={TxMessage.message.delete}
                    />
                  </Popconfirm>
                </li>
              ))}
            </ul>
            {d.total > MESSAGE_PAGE_SIZE && (
              <Pagination
                className={s.pager}
                current={page}
                pageSize={MESSAGE_PAGE_SIZE}
                total={d.total}
                showSizeChanger={false}
                onChange={(p) => go({ tab: state ? 'read' : 'unread', page: p })}
              />
            )}
          </>
        )}
      </QueryState>
      <Modal
        open={!!open}
        title={open?.msg_title}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{TxMessage.message.ok}</Button>}
      >
        <div className={s.sent}>{open?.msg_send_time}</div>
        <div className={s.body}>{open?.msg_body}</div>
      </Modal>
    </PageCard>
  );
}
