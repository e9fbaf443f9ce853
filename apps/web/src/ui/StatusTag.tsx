import type { ReactNode } from 'react';
import { SEAL_STATUS } from '@jizu/shared/constants/seal';
import { roles } from '../texts/base';
import s from './StatusTag.module.css';

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

/** A small coloured label (antd Tag look, without its style engine in the first load). */
export function Pill({ tone = 'default', children }: { tone?: TTone; children: ReactNode }) {
  return <span className={`${s.pill} ${s[tone]}`}>{children}</span>;
}

/**
 * A status as a coloured tag: the text comes from the server's `_v` field (or a label table); the tone from a
 * status→tone table, so the colour rules live in one place per status field.
 */
export function StatusTag({
  status,
  text,
  tones = VERIFY_TONES,
  tone,
}: {
  status?: number | string;
  text: string;
  tones?: Record<string | number, TTone>;
  tone?: TTone;
}) {
  return <Pill tone={tone ?? (status !== undefined ? tones[status] : undefined) ?? 'default'}>{text}</Pill>;
}

/** 主账号 / 子账号 of a company membership. */
export function MasterTag({ master }: { master: number }) {
  return <Pill tone={master === 1 ? 'processing' : 'default'}>{master === 1 ? roles.main : roles.sub}</Pill>;
}
