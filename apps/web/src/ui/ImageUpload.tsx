import { useRef, useState } from 'react';
import { Button, Image, Progress } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { upload as msg_upload } from '@jizu/shared/messages/upload';
import { fmt } from '@jizu/shared/messages/fmt';
import { UPLOAD_RULES, type TUploadKind } from '@jizu/shared/constants/upload';
import type { TUploadResult } from '@jizu/shared/schemas/upload';
import { upload } from '../api/client';
import * as TxVerify from '../texts/verify';
import { toast } from '../app/toast';
import s from './ImageUpload.module.css';

const M = { upload: msg_upload } as const;

const EXT: Record<string, string[]> = { jpg: ['jpg', 'jpeg'], png: ['png'], gif: ['gif'], pdf: ['pdf'] };

/** The browser's pre-check with the server's own rule and messages (the server checks again from the bytes). */
export function checkImageFile(kind: TUploadKind, file: File): string | null {
  const rule = UPLOAD_RULES[kind];
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!rule.formats.some((f) => EXT[f].includes(ext)))
    return fmt(rule.content === 'image' ? M.upload.badImageType : M.upload.badFileType, { types: rule.typesText });
  if (file.size > rule.maxBytes) return fmt(M.upload.tooLarge, { n: rule.sizeText });
  return null;
}

/**
 * One image of a form (an ID card side, a licence): pick, pre-check, upload with progress, preview, replace.
 * The value is the stored address the server answered (`path`).
 */
export function ImageUpload({
  kind,
  value,
  onChange,
  label,
  width = 200,
  height: fixedHeight,
  disabled,
  check,
  contain,
}: {
  kind: TUploadKind;
  value?: string;
  onChange?: (path: string) => void;
  label: string;
  width?: number;
  /** default: the ID card's 86:54 */
  height?: number;
  disabled?: boolean;
  /** an extra browser check of the picked file (a seal's 300×300): a message refuses it */
  check?: (file: File) => Promise<string | null>;
  /** show the whole image on a checkerboard (transparent seals) instead of cropping it */
  contain?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const rule = UPLOAD_RULES[kind];

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const bad = checkImageFile(kind, file) ?? (check ? await check(file) : null);
    if (bad) {
      toast.error(bad);
      return;
    }
    setPercent(0);
    try {
      const res = await upload<TUploadResult>(rule.path, file, setPercent);
      onChange?.(res.path);
    } catch {
      /* the client has shown the server's message */
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  };

  const height = fixedHeight ?? Math.round((width * 54) / 86);
  return (
    <div className={s.box}>
      <input
        ref={input}
        type="file"
        accept={rule.accept}
        className={s.file}
        aria-label={label}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {value ? (
        <Image
          src={value}
          alt={label}
          width={width}
          height={height}
          className={contain ? `${s.image} ${s.contain}` : s.image}
        />
      ) : (
        <button
          type="button"
          disabled={disabled || percent !== null}
          onClick={() => input.current?.click()}
          className={disabled ? `${s.pick} ${s.pickOff}` : s.pick}
          style={{ width, height }}
        >
          {percent !== null ? (
            <Progress type="circle" percent={percent} size={56} />
          ) : (
            <span>
              <PlusOutlined className={s.plus} />
              <div className={s.pickLabel}>{label}</div>
            </span>
          )}
        </button>
      )}
      {value && !disabled && (
        <Button size="small" onClick={() => input.current?.click()} loading={percent !== null} className={s.replace}>
          {TxVerify.verify.replace}
        </Button>
      )}
    </div>
  );
}
