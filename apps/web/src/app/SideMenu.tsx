import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { TMenuItem } from '../api/types';
import { MenuIcon } from '../ui/MenuIcon';
import { menuTrail } from './session';

type TItem = Required<MenuProps>['items'][number];

const keyOf = (m: TMenuItem) => (m.child?.length ? `group:${m.id}` : m.url);

function toItems(menu: TMenuItem[]): TItem[] {
  return menu.map((m) =>
    m.child?.length
      ? { key: keyOf(m), label: m.name, icon: <MenuIcon name={m.icons} />, children: toItems(m.child) }
      : { key: m.url, label: m.name, icon: <MenuIcon name={m.icons} /> },
  );
}

/** The side menu from GET /index/menu: sections with up to 3 levels; the current page's sections open. */
export function SideMenu({ menu, collapsed, onNavigate }: { menu: TMenuItem[]; collapsed?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const trail = menuTrail(menu, pathname) ?? [];
  const open = trail.slice(0, -1).map(keyOf);
  return (
    <Menu
      data-testid="side-menu"
      mode="inline"
      items={toItems(menu)}
      selectedKeys={[pathname]}
      defaultOpenKeys={collapsed ? [] : open.length ? open : menu.slice(0, 1).map(keyOf)}
      inlineCollapsed={collapsed}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
