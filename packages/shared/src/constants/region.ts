/** The levels of the region tree a form chooses down to: province → city → area (requests carry one id per level). */
export const REGION_DEPTH = 3;
/** The levels of the machinery taxonomy a form chooses down to: category → group → product. */
export const CHAIN_DEPTH = 3;
