import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FINPROD_MACHINE, FINPROD_STATUS, isFinProdInReview, isFinProdOpen } from '@jizu/shared/constants/finprod';
import { transitionOf } from '@jizu/shared/rules/machine';
import { finprod as F } from '@jizu/shared/messages/finprod';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TFinProdInfo } from '@jizu/shared/schemas/finprod';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { HoverTip } from '../../ui/HoverTip';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import cm from '../../ui/common.module.css';
import s from './dashboard.module.css';

export const finProdKey = ['company', 'finance'] as const;

const TONES: Record<number, TTone> = {
  [FINPROD_STATUS.none]: 'default',
  [FINPROD_STATUS.open]: 'success',
  [FINPROD_STATUS.refused]: 'error',
  [FINPROD_STATUS.review]: 'processing',
  [FINPROD_STATUS.expired]: 'warning',
  [FINPROD_STATUS.closed]: 'default',
};

/** The line under the row: why the latest application ended (refused, expired, closed), or the partner's deadline. */
type TNote = { text: string; tone: 'error' | 'muted' };
const NOTE_OF: Partial<Record<number, (f: TFinProdInfo) => TNote | null>> = {
  [FINPROD_STATUS.refused]: (f) => (f.reason ? { text: fmt(F.reason, { reason: f.reason }), tone: 'error' } : null),
  [FINPROD_STATUS.expired]: (f) => (f.reason ? { text: f.reason, tone: 'error' } : null),
  [FINPROD_STATUS.closed]: (f) =>
    f.reason ? { text: fmt(F.closedReason, { reason: f.reason }), tone: 'error' } : null,
  [FINPROD_STATUS.review]: (f) =>
    f.expire_time ? { text: fmt(F.deadline, { deadline: f.expire_time }), tone: 'muted' } : null,
};
const noteOf = (f: TFinProdInfo): TNote | null => NOTE_OF[f.status]?.(f) ?? null;
/** The apply button's text: a first application, or one after an ended one. */
const APPLY_TEXT: Partial<Record<number, string>> = { [FINPROD_STATUS.none]: F.applyButton };

/** loaded at the first click: the account home's first load carries no popover (npm run bench:bundle) */
const Popconfirm = lazy(() => import('antd/es/popconfirm'));

/** Opens the partner's page in a window opened at the click (popup blockers let it through), then fills it in. */
async function openPartner(call: () => Promise<{ url: string }>) {
  const win = window.open('about:blank', '_blank');
  try {
    const { url } = await call();
    if (win) win.location.href = url;
    else window.open(url, '_blank');
    toast.info(F.opened);
  } catch {
    win?.close();
  }
}

/**
 * The platform's supply-chain finance product (spec/2 §6): with the advanced verification it lets a provider act on
 * contracts, machinery, settlements and payments. The main account applies at the finance partner, whose page opens
 * in a new window; the status is read again when the user comes back to this one.
 */
export function FinanceProductRow({ main }: { main: boolean }) {
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const q = useQuery({
    queryKey: finProdKey,
    queryFn: () => api.get<TFinProdInfo>('/company/finance/info', undefined, { quiet: true }),
  });
  const f = q.data;
  const review = !!f && isFinProdInReview(f);
  useEffect(() => {
    if (!review) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: finProdKey });
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [review, qc]);
  if (!f) return null;
  const openable = !!transitionOf(FINPROD_MACHINE, f, 'apply', 'main');
  const note = noteOf(f);
  const hint = f.super !== 1 ? F.needSuperHint : !main ? F.mainOnlyHint : F.hint;
  const apply = () =>
    void openPartner(() => api.post<{ url: string }>('/company/finance/apply')).finally(
      () => void qc.invalidateQueries({ queryKey: finProdKey }),
    );
  const button = (
    <Button size="small" type="primary" ghost disabled={f.apply_flag !== 1} data-testid="finance-product-apply">
      {APPLY_TEXT[f.status] ?? F.reapplyButton}
    </Button>
  );
  return (
    <div data-testid="finance-product">
      <div className={s.verifyRow}>
        <BankOutlined className={`${s.verifyIcon} ${isFinProdOpen(f) ? s.verifyIconOn : s.verifyIconOff}`} />
        <HoverTip title={F.hint}>
          <span className={s.verifyLabel}>{F.title}</span>
        </HoverTip>
        <span data-testid="finance-product-status">
          <StatusTag status={f.status} text={f.status_v} tones={TONES} />
        </span>
        <div className={cm.grow} />
        {review && f.url && (
          <Button
            size="small"
            type="link"
            href={f.url}
            target="_blank"
            rel="noopener"
            data-testid="finance-product-view"
          >
            {F.viewApplication}
          </Button>
        )}
        {openable &&
          (f.apply_flag === 1 ? (
            asking ? (
              <Suspense fallback={button}>
                <Popconfirm
                  open
                  title={F.title}
                  description={<div className={s.askText}>{F.applyAsk}</div>}
                  onConfirm={() => (setAsking(false), apply())}
                  onCancel={() => setAsking(false)}
                  onOpenChange={(o) => !o && setAsking(false)}
                >
                  {button}
                </Popconfirm>
              </Suspense>
            ) : (
              <span onClickCapture={() => setAsking(true)}>{button}</span>
            )
          ) : (
            <HoverTip title={hint}>
              <span title={hint}>{button}</span>
            </HoverTip>
          ))}
      </div>
      {note && (
        <div className={note.tone === 'error' ? s.reason : s.note} data-testid="finance-product-reason">
          {note.text}
        </div>
      )}
    </div>
  );
}
