import { useEffect, useRef, useState, type ReactNode } from 'react';
import s from './PopMenu.module.css';

export interface TPopMenuItem {
  key: string;
  label: ReactNode;
  danger?: boolean;
  selected?: boolean;
  /** a line above this item */
  divided?: boolean;
}

/**
 * A click-to-open menu under a trigger (company switcher, user menu). Plain elements on purpose: antd's Dropdown
 * brings its Menu and rc-menu (~16 KB gzipped) into the user centre's first load.
 * Closes on choice, outside click and Escape; keyboard: Tab/Enter on the items (they are buttons).
 */
export function PopMenu({
  trigger,
  items,
  onChoose,
  align = 'right',
  testId,
}: {
  trigger: (open: boolean, toggle: () => void) => ReactNode;
  items: TPopMenuItem[];
  onChoose: (key: string) => void;
  align?: 'left' | 'right';
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  return (
    <div ref={box} className={s.box}>
      {trigger(open, () => setOpen((o) => !o))}
      {open && (
        <div role="menu" data-testid={testId} className={`${s.menu} ${align === 'left' ? s.left : s.right}`}>
          {items.map((it) => (
            <div key={it.key}>
              {it.divided && <div role="separator" className={s.separator} />}
              <button
                type="button"
                role="menuitem"
                aria-current={it.selected || undefined}
                onClick={() => {
                  setOpen(false);
                  onChoose(it.key);
                }}
                className={['jz-popmenu-item', s.item, it.selected && s.selected, it.danger && s.danger]
                  .filter(Boolean)
                  .join(' ')}
              >
                {it.label}
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
