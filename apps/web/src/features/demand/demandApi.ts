import type { TTone } from '../../ui/StatusTag';

export const demandKey = ['demand'] as const;
/** State colours: unreviewed blue, rejected red, passed green, ended grey. */
export const DEMAND_TONES: Record<number, TTone> = { 0: 'processing', 1: 'error', 2: 'success', 3: 'default' };
