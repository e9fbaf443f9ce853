import { useRef, useState } from 'react';
import { Button, Image, Progress } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { equipment as msg_equipment } from '@jizu/shared/messages/equipment';
import { fmt } from '@jizu/shared/messages/fmt';
import { EQUIPMENT_IMAGES, UPLOAD_RULES } from '@jizu/shared/constants/upload';
import type { TUploadResult } from '@jizu/shared/schemas/upload';
import { api, upload } from '../../api/client';
import { toast } from '../../app/toast';
import { checkImageFile } from '../../ui/ImageUpload';
import { fileMd5 } from '../../ui/md5';
import { DT } from '../../texts/device';
import s from './ListingImages.module.css';

const M = { equipment: msg_equipment } as const;

/**
 * The listing's 2–8 photos (spec/1 §5): pick several at once, each pre-checked with the upload's own rule, checked
 * against the server by its MD5 (computed here, ui/md5.ts) before it is sent, uploaded with progress and then checked
 * by its path (POST /search/checkImg: not someone else's image, as sent or as stored);
 * the first is the cover unless another is marked. The add tile disappears at 8.
 */
export function ListingImages({
  value = [],
  onChange,
  cover,
  onCover,
  disabled,
}: {
  value?: string[];
  onChange?: (images: string[]) => void;
  cover?: string;
  onCover?: (path: string) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const rule = UPLOAD_RULES.ep;
  const current = cover && value.includes(cover) ? cover : value[0];

  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    let images = [...value];
    for (const file of Array.from(files)) {
      if (images.length >= EQUIPMENT_IMAGES.max) {
        toast.error(M.equipment.imagesMax);
        break;
      }
      const bad = checkImageFile('ep', file);
      if (bad) {
        toast.error(bad);
        continue;
      }
      setPercent(0);
      try {
        const md5 = await fileMd5(file);
        if (md5) await api.post('/search/checkImg', { md5 });
        const res = await upload<TUploadResult>(rule.path, file, setPercent);
        await api.post('/search/checkImg', { path: res.path });
        images = [...images, res.path];
        onChange?.(images);
      } catch {
        /* the client has shown the server's message */
      }
    }
    setPercent(null);
    if (input.current) input.current.value = '';
  };

  const remove = (p: string) => {
    const next = value.filter((x) => x !== p);
    onChange?.(next);
    if (p === cover) onCover?.(next[0] ?? '');
  };

  return (
    <div>
      <input
        ref={input}
        type="file"
        multiple
        accept={rule.accept}
        className={s.fileInput}
        aria-label={DT.addImage}
        onChange={(e) => void pick(e.target.files)}
      />
      <Image.PreviewGroup>
        <div className={s.tiles}>
          {value.map((p) => (
            <div key={p} data-testid="listing-image" className={p === current ? `${s.tile} ${s.tileCover}` : s.tile}>
              <Image src={p} alt={DT.images} width={132} height={99} className={s.tileImage} />
              {p === current && <span className={s.coverBadge}>{DT.cover}</span>}
              {!disabled && (
                <div className={s.tileBar}>
                  <Button
                    size="small"
                    type="link"
                    className={s.tileBarButton}
                    disabled={p === current}
                    onClick={() => onCover?.(p)}
                  >
                    {DT.setCover}
                  </Button>
                  <Button size="small" type="link" className={s.tileBarButton} onClick={() => remove(p)}>
                    {DT.remove}
                  </Button>
                </div>
              )}
            </div>
          ))}
          {!disabled && value.length < EQUIPMENT_IMAGES.max && (
            <button type="button" disabled={percent !== null} onClick={() => input.current?.click()} className={s.add}>
              {percent !== null ? (
                <Progress type="circle" percent={percent} size={48} />
              ) : (
                <span>
                  <PlusOutlined className={s.addIcon} />
                  <div className={s.addLabel}>{DT.addImage}</div>
                  <div className={s.addCount}>{fmt('{n}/{max}', { n: value.length, max: EQUIPMENT_IMAGES.max })}</div>
                </span>
              )}
            </button>
          )}
        </div>
      </Image.PreviewGroup>
    </div>
  );
}
