import { Space } from 'antd';
import { MACHINE_LIMITS } from '@jizu/shared/constants/machine';
import { ImageUpload } from '../../ui/ImageUpload';

/** Up to four photos of a machine (entry or exit): one upload tile per photo, a new empty tile until the limit. */
export function PhotosField({ value = [], onChange, label }: { value?: string[]; onChange?: (v: string[]) => void; label: string }) {
  const slots = value.length < MACHINE_LIMITS.photosMax ? [...value, ''] : value;
  return (
    <Space wrap>
      {slots.map((p, i) => (
        <ImageUpload
          key={`${i}-${p}`}
          kind="inout"
          label={label}
          width={120}
          height={90}
          value={p || undefined}
          onChange={(path) => {
            const next = [...value];
            next[i] = path;
            onChange?.(next.filter(Boolean));
          }}
        />
      ))}
    </Space>
  );
}
