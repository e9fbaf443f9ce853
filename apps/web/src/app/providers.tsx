import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { installToast } from './toast';

// dayjs (date pickers) is not part of the first load: a page with a date picker imports 'dayjs/locale/zh-cn' and sets
// the locale itself, so the shell stays within the 250 KB budget (bench/bundle.ts).

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // an envelope failure is an answer, not a glitch: only network failures are retried, once
      retry: (count, err) => !(err instanceof ApiError && err.code !== 'NETWORK') && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

export const theme = {
  token: { colorPrimary: '#1f6feb', borderRadius: 6, fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif" },
};

/** Mounts antd's context-aware message API for `toast`, so toasts follow the theme and locale. */
function ToastHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => installToast(api), [api]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <ToastHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
