import { useState } from 'react';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { TMenuItem } from '../api/types';
import { MenuIcon } from '../ui/MenuIcon';

type TItem = Required<MenuProps>['items'][number];

const keyOf = (m: TMenuItem) => (m.child?.length ? `group:${m.id}` : m.url);

function toItems(menu: TMenuItem[]): TItem[] {
  return menu.map((m) =>
    m.child?.length
      ? { key: keyOf(m), label: m.name, icon: <MenuIcon name={m.icons} />, children: toItems(m.child) }
      : { key: m.url, label: m.name, icon: <MenuIcon name={m.icons} /> },
  );
}

function groupKeys(menu: TMenuItem[]): string[] {
  return menu.flatMap((m) => (m.child?.length ? [keyOf(m), ...groupKeys(m.child)] : []));
}

/**
 * The side menu from GET /index/menu: sections with up to 3 levels. Every section starts open (a person sees all the
 * pages they may use at a glance); the sections a person closes stay closed while the shell is open.
 */
export function SideMenu({ menu, collapsed, onNavigate }: { menu: TMenuItem[]; collapsed?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const all = groupKeys(menu);
  const openKeys = all.filter((k) => !closed.has(k));
  return (
    <Menu
      data-testid="side-menu"
      mode="inline"
      items={toItems(menu)}
      selectedKeys={[pathname]}
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={(keys) => setClosed(new Set(all.filter((k) => !keys.includes(k))))}
      inlineCollapsed={collapsed}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
