import { useState } from 'react';
import { Input, Modal } from 'antd';
import { toast } from '../app/toast';

/** The console's 驳回 dialog: a required reason (the queue's own message and limit), then `onReject(reason)`. */
export function RejectDialog({
  open,
  title,
  label,
  max,
  requiredMsg,
  loading,
  onCancel,
  onReject,
}: {
  open: boolean;
  title: string;
  label: string;
  max: number;
  requiredMsg: string;
  loading: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      title={title}
      open={open}
      width={500}
      destroyOnHidden
      afterClose={() => setReason('')}
      onCancel={onCancel}
      okButtonProps={{ danger: true, loading }}
      onOk={() => (reason.trim() ? onReject(reason.trim()) : toast.error(requiredMsg))}
    >
      <Input.TextArea
        aria-label={label}
        placeholder={label}
        rows={3}
        maxLength={max}
        showCount
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
