import { Space } from 'antd';
import type { TUploadKind } from '@jizu/shared/constants/upload';
import { ImageUpload } from './ImageUpload';

/**
 * Several images of one field (a machine's photos, a settlement's vouchers): one upload tile per image, a new empty
 * tile until `max`. The value is the list of stored addresses.
 */
export function ImagesField({
  kind,
  max,
  value = [],
  onChange,
  label,
  width = 120,
  height = 90,
}: {
  kind: TUploadKind;
  max: number;
  value?: string[];
  onChange?: (v: string[]) => void;
  label: string;
  width?: number;
  height?: number;
}) {
  const slots = value.length < max ? [...value, ''] : value;
  return (
    <Space wrap>
      {slots.map((p, i) => (
        <ImageUpload
          key={`${i}-${p}`}
          kind={kind}
          label={label}
          width={width}
          height={height}
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
