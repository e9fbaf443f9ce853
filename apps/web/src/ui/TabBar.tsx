import css from './TabBar.module.css';

/**
 * A row of line tabs that switch what the page shows (the login page's 密码登录 / 短信登录). Plain elements on purpose:
 * antd's Tabs brings rc-tabs, its overflow dropdown and rc-menu (~20 KB gzipped) into the login page's first load.
 * Arrow keys move between tabs, as in a WAI-ARIA tablist.
 */
export function TabBar<K extends string>({
  items,
  active,
  onChange,
}: {
  items: { key: K; label: string }[];
  active: K;
  onChange: (key: K) => void;
}) {
  const move = (by: number) => {
    const i = items.findIndex((it) => it.key === active);
    const next = items[(i + by + items.length) % items.length];
    onChange(next.key);
    document.getElementById(`tab-${next.key}`)?.focus();
  };
  return (
    <div
      role="tablist"
      className={css.bar}
      onKeyDown={(e) => (e.key === 'ArrowRight' ? move(1) : e.key === 'ArrowLeft' ? move(-1) : undefined)}
    >
      {items.map((it) => (
        <button
          key={it.key}
          id={`tab-${it.key}`}
          type="button"
          role="tab"
          aria-selected={it.key === active}
          tabIndex={it.key === active ? 0 : -1}
          className={css.tab}
          onClick={() => onChange(it.key)}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}
