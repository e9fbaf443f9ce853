import { useEffect, useRef, useState, type ReactNode } from 'react';
import { palette, token } from '../app/theme';

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
export function PopMenu({ trigger, items, onChoose, align = 'right', testId }: { trigger: (open: boolean, toggle: () => void) => ReactNode; items: TPopMenuItem[]; onChoose: (key: string) => void; align?: 'left' | 'right'; testId?: string }) {
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
    <div ref={box} style={{ position: 'relative', display: 'inline-flex' }}>
      {trigger(open, () => setOpen((o) => !o))}
      {open && (
        <div
          role="menu"
          data-testid={testId}
          style={{
            position: 'absolute',
            top: 'calc(100% + 4px)',
            [align]: 0,
            zIndex: 1050,
            minWidth: 160,
            maxWidth: 'min(360px, calc(100vw - 16px))',
            background: token.colorWhite,
            borderRadius: 8,
            padding: 4,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {items.map((it) => (
            <div key={it.key}>
              {it.divided && <div role="separator" style={{ height: 1, background: token.colorBorderSecondary, margin: '4px 0' }} />}
              <button
                type="button"
                role="menuitem"
                aria-current={it.selected || undefined}
                onClick={() => {
                  setOpen(false);
                  onChoose(it.key);
                }}
                className="jz-popmenu-item"
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  width: '100%',
                  padding: '6px 12px',
                  border: 0,
                  borderRadius: 4,
                  font: 'inherit',
                  textAlign: 'left',
                  cursor: 'pointer',
                  whiteSpace: 'nowrap',
                  color: it.danger ? token.colorError : it.selected ? token.colorPrimary : token.colorText,
                  background: it.selected ? palette.selectedBg : 'transparent',
                }}
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
