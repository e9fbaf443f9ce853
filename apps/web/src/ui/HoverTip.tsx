import { cloneElement, lazy, Suspense, useState, type ReactElement, type SyntheticEvent } from 'react';

// antd's Tooltip brings rc-trigger and its motion (~13 KB gzipped): it is loaded when a person first points at (or
// tabs to) the element, not with the page.
const Tooltip = lazy(() => import('antd/es/tooltip'));

type THandler = (e: SyntheticEvent) => void;
type TChildProps = { onMouseEnter?: THandler; onMouseLeave?: THandler; onFocus?: THandler; onBlur?: THandler };

/** antd's Tooltip over one element (`title` on hover and focus), loaded on first use. */
export function HoverTip({ title, children }: { title: string; children: ReactElement<TChildProps> }) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const own = children.props;
  const on = (handler: THandler | undefined, value: boolean) => (e: SyntheticEvent) => {
    handler?.(e);
    setArmed(true);
    setOpen(value);
  };
  // until the tooltip has loaded, the element itself tells whether it is still pointed at
  const watched = cloneElement(children, {
    onMouseEnter: on(own.onMouseEnter, true),
    onFocus: on(own.onFocus, true),
    onMouseLeave: on(own.onMouseLeave, false),
    onBlur: on(own.onBlur, false),
  });
  if (!armed) return watched;
  return (
    <Suspense fallback={watched}>
      <Tooltip title={title} open={open} onOpenChange={setOpen}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
