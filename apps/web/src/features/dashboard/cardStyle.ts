import type { CSSProperties } from 'react';

/**
 * A card of the account home's grid: as tall as its row, no margin under it (the grid's gap spaces the cards).
 * A style object because PageCard (ui/) takes a style and no className yet: its own inline `marginBottom: 16` would
 * win over a class.
 */
export const GRID_CARD: CSSProperties = { height: '100%', marginBottom: 0 };

/** The membership card: a grid card on the membership gold's gradient. */
export const MEMBER_CARD: CSSProperties = { ...GRID_CARD, background: 'linear-gradient(135deg,var(--jz-gold-bg),var(--jz-color-white))' };
