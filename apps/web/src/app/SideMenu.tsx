import { useState, type CSSProperties } from 'react';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import type { TMenuItem } from '../api/types';
import { MenuIcon } from '../ui/MenuIcon';
import cm from '../ui/common.module.css';
import s from './SideMenu.module.css';

function Leaf({
  m,
  depth,
  active,
  onGo,
}: {
  m: TMenuItem;
  depth: number;
  active: boolean;
  onGo: (url: string) => void;
}) {
  return (
    <button
      type="button"
      aria-current={active ? 'page' : undefined}
      onClick={() => onGo(m.url)}
      className={active ? `jz-nav-item ${s.row} ${s.active}` : `jz-nav-item ${s.row}`}
      style={indent(depth)}
    >
      {depth === 0 && <MenuIcon name={m.icons} />}
      <span className={cm.ellipsis}>{m.name}</span>
    </button>
  );
}

/** a row's indent by its depth in the menu (the rest of the row is SideMenu.module.css .row) */
const indent = (depth: number): CSSProperties => ({ paddingLeft: 24 + depth * 16 });

function Group({
  m,
  depth,
  path,
  closed,
  toggle,
  onGo,
}: {
  m: TMenuItem;
  depth: number;
  path: string;
  closed: ReadonlySet<number>;
  toggle: (id: number) => void;
  onGo: (url: string) => void;
}) {
  const open = !closed.has(m.id);
  const inside = (n: TMenuItem): boolean => n.url === path || n.child.some(inside);
  const current = inside(m);
  return (
    <div role="group" aria-label={m.name}>
      <button
        type="button"
        className={current ? `jz-nav-item ${s.row} ${s.current}` : `jz-nav-item ${s.row}`}
        style={indent(depth)}
        aria-expanded={open}
        onClick={() => toggle(m.id)}
      >
        {depth === 0 && <MenuIcon name={m.icons} />}
        <span className={s.groupName}>{m.name}</span>
        {open ? <DownOutlined className={s.caret} /> : <RightOutlined className={s.caret} />}
      </button>
      {open && <Items menu={m.child} depth={depth + 1} path={path} closed={closed} toggle={toggle} onGo={onGo} />}
    </div>
  );
}

function Items(p: {
  menu: TMenuItem[];
  depth: number;
  path: string;
  closed: ReadonlySet<number>;
  toggle: (id: number) => void;
  onGo: (url: string) => void;
}) {
  return (
    <>
      {p.menu.map((m) =>
        m.child?.length ? (
          <Group key={m.id} m={m} {...p} />
        ) : (
          <Leaf key={m.id} m={m} depth={p.depth} active={m.url === p.path} onGo={p.onGo} />
        ),
      )}
    </>
  );
}

/**
 * The side menu from GET /index/menu: sections with up to 3 levels, every section open at first (a person sees all
 * the pages they may use at a glance); sections a person closes stay closed while the shell is open. Collapsed, it
 * shows the section icons only, and a click on one opens the sidebar again.
 * Plain elements on purpose: antd's Menu brings rc-menu and its popups (~16 KB gzipped) into the first load.
 */
export function SideMenu({
  menu,
  collapsed,
  onNavigate,
  onExpand,
}: {
  menu: TMenuItem[];
  collapsed?: boolean;
  onNavigate?: () => void;
  onExpand?: () => void;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setClosed((c) => {
      const n = new Set(c);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const go = (url: string) => {
    navigate(url);
    onNavigate?.();
  };
  if (collapsed) {
    return (
      <nav data-testid="side-menu" aria-label="menu" className={s.nav}>
        {menu.map((m) => (
          <button
            key={m.id}
            type="button"
            className={`jz-nav-item ${s.row} ${s.iconRow}`}
            title={m.name}
            aria-label={m.name}
            onClick={() => (m.child?.length ? onExpand?.() : go(m.url))}
          >
            <MenuIcon name={m.icons} />
          </button>
        ))}
      </nav>
    );
  }
  return (
    <nav data-testid="side-menu" aria-label="menu" className={s.navOpen}>
      <Items menu={menu} depth={0} path={pathname} closed={closed} toggle={toggle} onGo={go} />
    </nav>
  );
}
