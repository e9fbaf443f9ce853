import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { onToastWanted } from './toast';
import { theme } from './theme';

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

const reduceQuery = '(prefers-reduced-motion: reduce)';
const withoutMotion = { ...theme, token: { ...theme.token, motion: false } };

/** Whether the person asked their system for less motion; followed while the page is open. */
function useReducedMotion() {
  const [reduced, setReduced] = useState(() => typeof matchMedia === 'function' && matchMedia(reduceQuery).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const q = matchMedia(reduceQuery);
    const on = () => setReduced(q.matches);
    q.addEventListener('change', on);
    return () => q.removeEventListener('change', on);
  }, []);
  return reduced;
}

export function Providers({ children }: { children: ReactNode }) {
  // dialogs, drawers and menus open without their zoom and slide when the system asks for reduced motion
  // (an accessibility setting; the browser journeys run with it, so a click never lands on a dialog still moving)
  const reduced = useReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={reduced ? withoutMotion : theme}>
      <LazyToastHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
