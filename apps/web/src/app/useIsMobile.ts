import { useSyncExternalStore } from 'react';

/** Below 992 px (spec/1 §9) the user centre switches to its mobile layout. */
const QUERY = '(max-width: 991.98px)';

const subscribe = (cb: () => void) => {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
};

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
