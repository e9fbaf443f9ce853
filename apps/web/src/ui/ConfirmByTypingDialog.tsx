import { useState } from 'react';
import type { ReactNode } from 'react';
import { Input, Modal, Typography } from 'antd';
import * as T from '../texts/common';
import cm from './common.module.css';
import w from './ConfirmByTypingDialog.module.css';

/**
 * A dangerous action confirmed by typing a word (a name, 删除…): OK stays disabled until the text matches.
 * Mount it only while open (`{open && <ConfirmByTypingDialog …/>}`) so the typed text starts empty each time.
 */
export function ConfirmByTypingDialog({
  title,
  description,
  confirmText,
  okText = T.confirmTyping.ok,
  danger = true,
  onConfirm,
  onCancel,
}: {
  title: ReactNode;
  description?: ReactNode;
  confirmText: string;
  okText?: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown> | void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={T.confirmTyping.cancel}
      okButtonProps={{ danger, disabled: typed.trim() !== confirmText, loading: busy }}
      onOk={ok}
      onCancel={onCancel}
      destroyOnHidden
    >
      {description && <div className={cm.mb12}>{description}</div>}
      <Typography.Text type="secondary">{T.confirmTyping.hint.replace('{text}', confirmText)}</Typography.Text>
      <Input
        className={w.typed}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={confirmText}
        autoFocus
      />
    </Modal>
  );
}
