import type { CSSProperties } from 'react';
import { fenToYuanText } from '@jizu/shared/rules/money';
import s from './MoneyText.module.css';

/** Money in integer fen shown as yuan: ¥1,234.00. `className` (a CSS module's class) overrides its look, as `style` does. */
export function MoneyText({
  fen,
  strong,
  style,
  className,
}: {
  fen: number | null | undefined;
  strong?: boolean;
  style?: CSSProperties;
  className?: string;
}) {
  const text = `¥${fenToYuanText(fen ?? 0)}`;
  const cls = [s.money, strong && s.strong, className].filter(Boolean).join(' ');
  return (
    <span className={cls} style={style}>
      {text}
    </span>
  );
}
