import type { TDemoAreaCtx } from './demo';
import { rebuildMarket } from '../modules/market/market.service';

/**
 * The market's demo: its read model built from whatever listings the areas before it seeded (the listings' seed runs
 * first and syncs each listing already; a rebuild makes the market right whatever path wrote them).
 */
export async function seedMarketDemo(ctx: TDemoAreaCtx): Promise<void> {
  await rebuildMarket(ctx.tx);
}
