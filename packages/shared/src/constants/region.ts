/** The levels of the region tree a form chooses down to: province → city → area (requests carry one id per level). */
export const REGION_DEPTH = 3;
/** The levels of the machinery taxonomy a form chooses down to: category → group → product. */
export const CHAIN_DEPTH = 3;

/**
 * The box a map point must fall in: mainland China, Hong Kong, Macao and Taiwan with the South China Sea islands
 * (longitude 73.4–135.1 E, latitude 3.8–53.6 N). Points are GCJ-02, as AMap gives them; a point outside is refused.
 */
export const CHINA_BOUNDS = { lng: { min: 73.4, max: 135.1 }, lat: { min: 3.8, max: 53.6 } } as const;

/** Where a map opens when the form has no point yet (the spec's fixed centre, zoom 19): central Suzhou, GCJ-02. */
export const MAP_DEFAULT = { lng: 120.585, lat: 31.299, zoom: 19 } as const;
