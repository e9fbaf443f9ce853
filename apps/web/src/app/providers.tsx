import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { onToastWanted } from './toast';

// What every first load carries is kept small (budgets in bench/bundle.ts, checked by npm test): antd from its `es`
// files (the `antd/locale/…` entry is the CommonJS build, a second copy), and the message API only once a toast is
// shown. dayjs (date pickers) is not part of it either: a page with a date picker imports 'dayjs/locale/zh-cn' and
// sets the locale itself.
const ToastHost = lazy(() => import('./ToastHost'));

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

/** Mounts the toast host the first time a toast is asked for. */
function LazyToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <LazyToastHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
