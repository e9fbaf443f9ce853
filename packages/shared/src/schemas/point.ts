import { z } from '../zod';
import { CHINA_BOUNDS } from '../constants/region';

/**
 * A map coordinate (GCJ-02) of one axis, within China's box (CHINA_BOUNDS): every form that places something on the
 * map (listings, biddings, quick demands) reads its point through these two, each with its own message.
 */
const zAxis = (axis: 'lng' | 'lat', msg: string) =>
  z.number({ error: msg }).min(CHINA_BOUNDS[axis].min, { error: msg }).max(CHINA_BOUNDS[axis].max, { error: msg });

/** A point that may be absent: null, '' or none are kept as none (never as 0). */
export const zPointOptional = (axis: 'lng' | 'lat', msg: string) =>
  z.union([z.null(), z.literal('').transform(() => null), zAxis(axis, msg)], { error: msg }).optional();

/** A point the form must have: a number (or its text) inside the box. */
export const zPointRequired = (axis: 'lng' | 'lat', msg: string) =>
  z.coerce
    .number({ error: msg })
    .min(CHINA_BOUNDS[axis].min, { error: msg })
    .max(CHINA_BOUNDS[axis].max, { error: msg });
