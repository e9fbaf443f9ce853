import type { CSSProperties } from 'react';
import { fenToYuanText } from '@jizu/shared/rules/money';

/** Money in integer fen shown as yuan: ¥1,234.00. */
export function MoneyText({ fen, strong, style }: { fen: number | null | undefined; strong?: boolean; style?: CSSProperties }) {
  const text = `¥${fenToYuanText(fen ?? 0)}`;
  return <span style={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : undefined, ...style }}>{text}</span>;
}
