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
import { palette, token } from '../../app/theme';

const M = { equipment: msg_equipment } as const;

const TILE = { width: 132, height: 99 };

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
      <input ref={input} type="file" multiple accept={rule.accept} style={{ display: 'none' }} aria-label={DT.addImage} onChange={(e) => void pick(e.target.files)} />
      <Image.PreviewGroup>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          {value.map((p) => (
            <div key={p} data-testid="listing-image" style={{ position: 'relative', ...TILE, borderRadius: 6, overflow: 'hidden', border: p === current ? `2px solid ${token.colorPrimary}` : `1px solid ${token.colorBorderSecondary}` }}>
              <Image src={p} alt={DT.images} width={TILE.width} height={TILE.height} style={{ objectFit: 'cover' }} />
              {p === current && <span style={{ position: 'absolute', left: 0, top: 0, background: token.colorPrimary, color: token.colorWhite, fontSize: 12, padding: '1px 6px', borderBottomRightRadius: 6 }}>{DT.cover}</span>}
              {!disabled && (
                <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, display: 'flex', justifyContent: 'space-between', background: palette.overlay }}>
                  <Button size="small" type="link" style={{ color: token.colorWhite, fontSize: 12 }} disabled={p === current} onClick={() => onCover?.(p)}>
                    {DT.setCover}
                  </Button>
                  <Button size="small" type="link" style={{ color: token.colorWhite, fontSize: 12 }} onClick={() => remove(p)}>
                    {DT.remove}
                  </Button>
                </div>
              )}
            </div>
          ))}
          {!disabled && value.length < EQUIPMENT_IMAGES.max && (
            <button
              type="button"
              disabled={percent !== null}
              onClick={() => input.current?.click()}
              style={{ ...TILE, border: `1px dashed ${token.colorBorder}`, borderRadius: 6, background: palette.bgSubtle, cursor: 'pointer', display: 'grid', placeItems: 'center', color: palette.textMuted }}
            >
              {percent !== null ? (
                <Progress type="circle" percent={percent} size={48} />
              ) : (
                <span>
                  <PlusOutlined style={{ fontSize: 18 }} />
                  <div style={{ marginTop: 4 }}>{DT.addImage}</div>
                  <div style={{ fontSize: 12, color: palette.textFaint }}>{fmt('{n}/{max}', { n: value.length, max: EQUIPMENT_IMAGES.max })}</div>
                </span>
              )}
            </button>
          )}
        </div>
      </Image.PreviewGroup>
    </div>
  );
}
