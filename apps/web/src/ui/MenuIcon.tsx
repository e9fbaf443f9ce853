import {
  AppstoreOutlined,
  BankOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

// Only the icons the menu uses are bundled: importing the whole icon set would add megabytes.
// (the section icons of constants/menu.ts; add one here when a section gets a new icon)
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  BankOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
};

/** A menu icon by its antd name (`icons` of GET /index/menu); unknown names fall back to a neutral icon. */
export function MenuIcon({ name }: { name?: string | null }) {
  if (!name) return null;
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
