import { z } from '../zod';
import { region as msg_region } from '../messages/region';
import { zIdWith } from './common';
import { PARAM_INPUTS, RENT_UNITS } from '../constants/equipment';

const M = { region: msg_region } as const;

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
