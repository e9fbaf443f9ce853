import { useEffect } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import * as TxAccount from '../../texts/account';
import { QueryState } from '../../ui/QueryState';
import { noticesKey, useNotice } from './accountApi';
import s from './dialogs.module.css';

/** The notice open in the dialog lives in the URL (?notice=id), so a reload or a shared link shows it again. */
export default function NoticeDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useNotice(id);
  const qc = useQueryClient();
  // opening marks it read: the list's dot goes away
  useEffect(() => {
    if (q.data) void qc.invalidateQueries({ queryKey: [...noticesKey, 'first'] });
  }, [q.data, qc]);
  return (
    <Modal
      open
      title={q.data?.msg_title ?? TxAccount.notice.title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{TxAccount.notice.close}</Button>}
      width={640}
      destroyOnHidden
    >
      <QueryState query={q}>
        {(n) => (
          <article data-testid="notice-detail" className={s.noticeDetail}>
            <div className={s.noticeTime}>
              {TxAccount.notice.sendTime}：{n.msg_send_time}
            </div>
            <Typography.Paragraph className={s.noticeContent}>{n.msg_content}</Typography.Paragraph>
          </article>
        )}
      </QueryState>
    </Modal>
  );
}
