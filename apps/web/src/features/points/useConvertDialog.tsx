import { lazy, Suspense, useState } from 'react';

/** The dialog's code (Modal, InputNumber) loads on the first open, so it stays off the dashboard's first load. */
const ConvertDialog = lazy(() => import('./ConvertDialog'));

/** 积分兑换金币 as a dialog any page can open: `open()` shows it, `dialog` goes anywhere in the page. */
export function useConvertDialog() {
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never');
  const dialog =
    state === 'never' ? null : (
      <Suspense fallback={null}>
        <ConvertDialog open={state === 'open'} onClose={() => setState('closed')} />
      </Suspense>
    );
  return { open: () => setState('open'), dialog };
}
