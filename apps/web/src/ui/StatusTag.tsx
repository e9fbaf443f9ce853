import type { ReactNode } from 'react';
import { SEAL_STATUS } from '@jizu/shared/constants/seal';
import { palette, token } from '../app/theme';
import { roles } from '../texts/base';

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
  success: { color: token.green7, background: token.green1, border: token.green3 },
  processing: { color: token.blue7, background: token.blue1, border: token.blue3 },
  error: { color: token.red7, background: token.red1, border: token.red3 },
  warning: { color: token.orange7, background: token.orange1, border: token.orange3 },
  default: { color: token.colorTextSecondary, background: palette.bgSubtle, border: token.colorBorder },
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
  return <Pill tone={master === 1 ? 'processing' : 'default'}>{master === 1 ? roles.main : roles.sub}</Pill>;
}
