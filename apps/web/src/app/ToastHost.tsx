import { useEffect } from 'react';
import message from 'antd/es/message';
import { installToast } from './toast';

/** Mounts antd's context-aware message API for `toast` (inside the ConfigProvider: toasts follow theme and locale). */
export default function ToastHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => installToast(api), [api]);
  return holder;
}
