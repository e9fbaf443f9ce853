import { useState, type CSSProperties } from 'react';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import type { TMenuItem } from '../api/types';
import { MenuIcon } from '../ui/MenuIcon';
import { palette, token } from './theme';
import cm from '../ui/common.module.css';

const PRIMARY = token.colorPrimary;

function Leaf({ m, depth, active, onGo }: { m: TMenuItem; depth: number; active: boolean; onGo: (url: string) => void }) {
  return (
    <button
      type="button"
      className="jz-nav-item"
      aria-current={active ? 'page' : undefined}
      onClick={() => onGo(m.url)}
      style={{ ...row(depth), color: active ? PRIMARY : token.colorText, background: active ? palette.selectedBg : 'transparent', fontWeight: active ? 500 : 400 }}
    >
      {depth === 0 && <MenuIcon name={m.icons} />}
      <span className={cm.ellipsis}>{m.name}</span>
    </button>
  );
}

const row = (depth: number): CSSProperties => ({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  width: 'calc(100% - 8px)',
  margin: '2px 4px',
  height: 40,
  paddingLeft: 24 + depth * 16,
  paddingRight: 16,
  border: 0,
  borderRadius: 6,
  font: 'inherit',
  fontSize: 14,
  textAlign: 'left',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
});

function Group({ m, depth, path, closed, toggle, onGo }: { m: TMenuItem; depth: number; path: string; closed: ReadonlySet<number>; toggle: (id: number) => void; onGo: (url: string) => void }) {
  const open = !closed.has(m.id);
  const inside = (n: TMenuItem): boolean => n.url === path || n.child.some(inside);
  const current = inside(m);
  return (
    <div role="group" aria-label={m.name}>
      <button
        type="button"
        className="jz-nav-item"
        aria-expanded={open}
        onClick={() => toggle(m.id)}
        style={{ ...row(depth), color: current ? PRIMARY : token.colorText, background: 'transparent' }}
      >
        {depth === 0 && <MenuIcon name={m.icons} />}
        <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>{m.name}</span>
        {open ? <DownOutlined style={{ fontSize: 10 }} /> : <RightOutlined style={{ fontSize: 10 }} />}
      </button>
      {open && <Items menu={m.child} depth={depth + 1} path={path} closed={closed} toggle={toggle} onGo={onGo} />}
    </div>
  );
}

function Items(p: { menu: TMenuItem[]; depth: number; path: string; closed: ReadonlySet<number>; toggle: (id: number) => void; onGo: (url: string) => void }) {
  return (
    <>
      {p.menu.map((m) => (m.child?.length ? <Group key={m.id} m={m} {...p} /> : <Leaf key={m.id} m={m} depth={p.depth} active={m.url === p.path} onGo={p.onGo} />))}
    </>
  );
}

/**
 * The side menu from GET /index/menu: sections with up to 3 levels, every section open at first (a person sees all
 * the pages they may use at a glance); sections a person closes stay closed while the shell is open. Collapsed, it
 * shows the section icons only, and a click on one opens the sidebar again.
 * Plain elements on purpose: antd's Menu brings rc-menu and its popups (~16 KB gzipped) into the first load.
 */
export function SideMenu({ menu, collapsed, onNavigate, onExpand }: { menu: TMenuItem[]; collapsed?: boolean; onNavigate?: () => void; onExpand?: () => void }) {
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
      <nav data-testid="side-menu" aria-label="menu" style={{ paddingTop: 8 }}>
        {menu.map((m) => (
          <button key={m.id} type="button" className="jz-nav-item" title={m.name} aria-label={m.name} onClick={() => (m.child?.length ? onExpand?.() : go(m.url))} style={{ ...row(0), justifyContent: 'center', paddingLeft: 0, paddingRight: 0, fontSize: 16, background: 'transparent' }}>
            <MenuIcon name={m.icons} />
          </button>
        ))}
      </nav>
    );
  }
  return (
    <nav data-testid="side-menu" aria-label="menu" style={{ paddingTop: 8, paddingBottom: 16 }}>
      <Items menu={menu} depth={0} path={pathname} closed={closed} toggle={toggle} onGo={go} />
    </nav>
  );
}
