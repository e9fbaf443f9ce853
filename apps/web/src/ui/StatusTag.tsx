import type { ReactNode } from 'react';
import { SEAL_STATUS } from '@jizu/shared/constants/seal';

export type TTone = 'success' | 'processing' | 'error' | 'warning' | 'default';

/** Verification-style statuses (0 not verified, 1 verified, 2 failed, 3 in progress) and their tones. */
export const VERIFY_TONES: Record<number, TTone> = { 0: 'default', 1: 'success', 2: 'error', 3: 'processing' };
/** Seal statuses (spec/1 §4): in review, passed, returned (for the image or for the details). */
export const SEAL_TONES: Record<number, TTone> = {
  [SEAL_STATUS.review]: 'processing',
  [SEAL_STATUS.passed]: 'success',
  [SEAL_STATUS.imageReturned]: 'error',
  [SEAL_STATUS.infoReturned]: 'error',
};

const PALETTE: Record<TTone, { color: string; background: string; border: string }> = {
  success: { color: '#389e0d', background: '#f6ffed', border: '#b7eb8f' },
  processing: { color: '#0958d9', background: '#e6f4ff', border: '#91caff' },
  error: { color: '#cf1322', background: '#fff1f0', border: '#ffa39e' },
  warning: { color: '#d46b08', background: '#fff7e6', border: '#ffd591' },
  default: { color: 'rgba(0,0,0,.65)', background: '#fafafa', border: '#d9d9d9' },
};

/** A small coloured label (antd Tag look, without its style engine in the first load). */
export function Pill({ tone = 'default', children }: { tone?: TTone; children: ReactNode }) {
  const p = PALETTE[tone];
  return (
    <span
      style={{
        display: 'inline-block',
        padding: '0 7px',
        fontSize: 12,
        lineHeight: '20px',
        borderRadius: 4,
        border: `1px solid ${p.border}`,
        color: p.color,
        background: p.background,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
}

/**
 * A status as a coloured tag: the text comes from the server's `_v` field (or a label table); the tone from a
 * status→tone table, so the colour rules live in one place per status field.
 */
export function StatusTag({ status, text, tones = VERIFY_TONES, tone }: { status?: number | string; text: string; tones?: Record<string | number, TTone>; tone?: TTone }) {
  return <Pill tone={tone ?? (status !== undefined ? tones[status] : undefined) ?? 'default'}>{text}</Pill>;
}

/** 主账号 / 子账号 of a company membership. */
export function MasterTag({ master }: { master: number }) {
  return <Pill tone={master === 1 ? 'processing' : 'default'}>{master === 1 ? '主账号' : '子账号'}</Pill>;
}
