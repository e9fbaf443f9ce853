import { useRef, useState } from 'react';
import { Button, Progress } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { upload as msg_upload } from '@jizu/shared/messages/upload';
import { fmt } from '@jizu/shared/messages/fmt';
import { UPLOAD_RULES } from '@jizu/shared/constants/upload';
import type { TUploadResult } from '@jizu/shared/schemas/upload';
import { upload } from '../api/client';
import * as TxAccount from '../texts/account';
import { toast } from '../app/toast';
import { UserAvatar } from './UserAvatar';
import cm from './common.module.css';
import s from './AvatarUpload.module.css';

const M = { upload: msg_upload } as const;

const RULE = UPLOAD_RULES.avatar;
const TYPES = ['image/jpeg', 'image/png'];

/**
 * Picks an avatar image, checks type and size as the server will, uploads it through /api/index/upload/avatar with
 * a progress bar, and previews it. `onUploaded` receives the stored address.
 */
export function AvatarUpload({ current, onUploaded }: { current?: string; onUploaded: (r: TUploadResult) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | undefined>(current);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) return toast.warning(fmt(M.upload.badImageType, { types: RULE.typesText }));
    if (file.size > RULE.maxBytes) return toast.warning(fmt(M.upload.tooLarge, { n: RULE.sizeText }));
    setPercent(0);
    try {
      const r = await upload<TUploadResult>(`/api${RULE.path}`, file, setPercent);
      setPreview(r.path);
      onUploaded(r);
    } catch {
      // the client has toasted the server's message
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={s.box}>
      <UserAvatar size={112} src={preview} />
      {percent !== null && (
        <Progress percent={percent} size="small" className={s.progress} aria-label={TxAccount.security.uploading} />
      )}
      <input
        ref={input}
        type="file"
        accept={RULE.accept}
        hidden
        data-testid="avatar-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button icon={<UploadOutlined />} loading={percent !== null} onClick={() => input.current?.click()}>
        {percent !== null ? TxAccount.security.uploading : TxAccount.security.chooseImage}
      </Button>
      <div className={cm.hint}>{TxAccount.security.avatarHint}</div>
    </div>
  );
}
