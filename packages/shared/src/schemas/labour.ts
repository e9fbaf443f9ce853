import { z } from '../zod';
import { OPTION_TYPES, RECRUIT_LIMITS as L } from '../constants/recruit';
import { recruit as R } from '../messages/recruit';
import { findContact } from '../rules/contact';

/**
 * What the labour area's forms share (spec/3 §5): the free-text content of a job card, a hiring demand or a comment is
 * required, 10–200 characters, and holds no contact details (rules/contact.ts). The recruit and job-card schemas use
 * this one field; the forms derive their rules from it.
 */
export const zLabourContent = z
  .string({ error: R.requiredAll })
  .trim()
  .min(1, { error: R.requiredAll })
  .min(L.contentMin, { error: R.contentLength })
  .max(L.contentMax, { error: R.contentLength })
  .refine((s) => findContact(s) === null, { error: R.contactInContent });

/** GET /recruit/options?type=category|dage: the option dictionaries. */
export const ZOptionsQuery = z.object({ type: z.enum(OPTION_TYPES) });
export const ZOption = z.object({ id: z.number().int(), name: z.string() });
export type TOptionRow = z.infer<typeof ZOption>;
