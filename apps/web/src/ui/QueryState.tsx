import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ApiError } from '../api/client';
import * as T from '../texts/base';
import { StateView } from './StateView';
import s from './QueryState.module.css';

export interface TQueryLike<D> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Whether an API failure means "not allowed" (403 answers carry code FORBIDDEN or a staff/menu code). */
export function isForbidden(e: unknown): e is ApiError {
  return (
    e instanceof ApiError &&
    (e.code === 'FORBIDDEN' ||
      e.code === 'NOT_MEMBER' ||
      e.code === 'NO_GRANT' ||
      e.code === 'MAIN_ONLY' ||
      e.code === 'STAFF_ONLY')
  );
}

export function ForbiddenResult({ msg, extra }: { msg?: string; extra?: ReactNode }) {
  return <StateView kind="forbidden" title={T.state.forbidden} sub={msg || T.state.forbiddenHint} extra={extra} />;
}

export function EmptyState({ text = T.state.empty }: { text?: ReactNode }) {
  return <StateView kind="empty" title={text} />;
}

export function LoadingBlock({ tip = T.state.loading }: { tip?: string }) {
  return (
    <div className={s.loading} role="status" aria-live="polite">
      {/* antd Spin's look without its code (app/global.css) */}
      <span className="jz-spin" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
      <div className={s.tip}>{tip}</div>
    </div>
  );
}

/**
 * Loading, error and empty states around a react-query result: Spin while pending, an error view with retry on
 * failure (403 → 无权限), an empty view when `isEmpty(data)`; otherwise renders `children(data)`.
 */
export function QueryState<D>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: TQueryLike<D>;
  isEmpty?: (data: D) => boolean;
  empty?: ReactNode;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock />;
  if (query.isError || query.data === undefined) {
    if (isForbidden(query.error)) return <ForbiddenResult msg={query.error.msg} />;
    const msg = query.error instanceof ApiError ? query.error.msg : undefined;
    return (
      <StateView
        kind="error"
        title={T.state.error}
        sub={msg}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {T.state.retry}
          </Button>
        }
      />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState />}</>;
  return <>{children(query.data)}</>;
}
