import { z } from '../zod';
import { equipment as msg_equipment } from '../messages/equipment';
import { fmt } from '../messages/fmt';
import { region as msg_region } from '../messages/region';
import { zIdWith } from './common';
import { PARAM_INPUTS, RENT_UNITS } from '../constants/equipment';

const M = { equipment: msg_equipment, region: msg_region } as const;

/** A path id of the region and taxonomy option calls: a positive integer (unknown ids answer an empty list). */
export const ZRegionIdParam = z.object({
  id: zIdWith(M.region.badId),
});
export const ZAreaQuery = z.object({
  pid: zIdWith(M.region.badId).default(1),
});
export const ZTaxonomyIdParam = z.object({
  id: zIdWith(M.region.badTaxonomyId),
});

/** One option of the province → city → area cascader. */
export const ZRegionOption = z.object({ id: z.number().int(), name: z.string() });
export type TRegionOption = z.infer<typeof ZRegionOption>;

/**
 * The point (GCJ-02) a form records for a region when no map is configured (GET /v1/city/{id}/centre): the region's
 * centre; `from` says whose centre it is: 3 the district's own, 2 its city's, 1 its province's (when the data has none
 * finer: README § Maps).
 */
export const ZRegionCentre = z.object({
  id: z.number().int(),
  lng: z.number(),
  lat: z.number(),
  from: z.number().int(),
});
export type TRegionCentre = z.infer<typeof ZRegionCentre>;

/** A spec-parameter definition of a product; a listing's `cs` holds a value per key. */
export const ZParamDef = z.object({
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  input: z.enum(PARAM_INPUTS),
  options: z.array(z.string()).optional(),
  required: z.boolean(),
});
export type TParamDef = z.infer<typeof ZParamDef>;

/** The longest value of a spec parameter. */
export const PARAM_VALUE_MAX = 50;
const PARAM_NUMBER = /^\d+(\.\d+)?$/;

/** What is wrong with the value of one spec parameter of a listing, by its definition; null when nothing is. */
export function paramValueError(
  d: Pick<TParamDef, 'name' | 'input' | 'options' | 'required'>,
  value: string,
): string | null {
  const name = d.name;
  if (!value) return d.required ? fmt(M.equipment.paramRequired, { name }) : null;
  if (value.length > PARAM_VALUE_MAX) return fmt(M.equipment.paramTooLong, { name });
  if (d.input === 'number' && !PARAM_NUMBER.test(value)) return fmt(M.equipment.paramNumber, { name });
  if (d.input === 'select' && !(d.options ?? []).includes(value)) return fmt(M.equipment.paramOption, { name });
  return null;
}

/** A form's field for one spec parameter (`value`), checked by paramValueError. */
export function ZParamValue(d: Pick<TParamDef, 'name' | 'input' | 'options' | 'required'>) {
  const value = z
    .string({ error: fmt(M.equipment.paramRequired, { name: d.name }) })
    .trim()
    .superRefine((v, ctx) => {
      const msg = paramValueError(d, v);
      if (msg) ctx.addIssue({ code: 'custom', message: msg });
    });
  return z.object({ value: d.required ? value : value.optional() });
}

/** An attribute with its choices; a listing's `attribute` joins one choice per attribute with a hyphen. */
export const ZAttributeDef = z.object({ name: z.string(), options: z.array(z.string()) });
export type TAttributeDef = z.infer<typeof ZAttributeDef>;

export const ZCategory = z.object({ id: z.number().int(), name: z.string(), icon: z.string() });
export type TCategory = z.infer<typeof ZCategory>;

export const ZGroup = z.object({ id: z.number().int(), name: z.string() });
export type TGroup = z.infer<typeof ZGroup>;

export const ZProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  /** true for the group's 其他 product: the listing then needs product_another_name */
  is_other: z.boolean(),
  params: z.array(ZParamDef),
  attributes: z.array(ZAttributeDef),
  units: z.array(z.enum(RENT_UNITS)),
});
export type TProduct = z.infer<typeof ZProduct>;
