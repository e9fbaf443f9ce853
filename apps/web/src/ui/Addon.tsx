import type { ReactNode } from 'react';
import { Input, InputNumber, Space, type InputNumberProps, type InputProps } from 'antd';

type TAddons = { before?: ReactNode; after?: ReactNode };

/**
 * An input with a text joined before or after it: antd 6's Space.Compact with Space.Addon, which replace the
 * deprecated `addonBefore` / `addonAfter`. A form item's value, change handler and id reach the input itself.
 */
export function AddonInput({ before, after, ...props }: InputProps & TAddons) {
  return (
    <Space.Compact block>
      {before !== undefined && <Space.Addon>{before}</Space.Addon>}
      <Input {...props} />
      {after !== undefined && <Space.Addon>{after}</Space.Addon>}
    </Space.Compact>
  );
}

/** InputNumber with a joined text (AddonInput); `style` sizes the number box. */
export function AddonInputNumber({ before, after, ...props }: InputNumberProps & TAddons) {
  return (
    <Space.Compact>
      {before !== undefined && <Space.Addon>{before}</Space.Addon>}
      <InputNumber {...props} />
      {after !== undefined && <Space.Addon>{after}</Space.Addon>}
    </Space.Compact>
  );
}
