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

/** Counts by status (keys are the statuses 1–5 as text). */
const zCounts = z.record(z.string(), z.number().int());

/** GET /recruit/center: the labour centre's member, card and recruit data (spec/3 §2 /operator/index, §7 "Home"). */
export const ZLabourCenter = z.object({
  member: z.object({
    username: z.string(),
    avatar: z.string(),
    phone_v: z.string(),
    verified: z.number().int(),
    real_name: z.string(),
  }),
  /** the user's job cards by status, and the counters of all of them */
  card: z.object({
    total: z.number().int(),
    by_status: zCounts,
    browse_num: z.number().int(),
    comment_num: z.number().int(),
    like_num: z.number().int(),
  }),
  /** the hiring demands the user published for the current company, by status */
  recruit: z.object({ total: z.number().int(), by_status: zCounts, company_name: z.string() }),
  /** the user's training enrolments: all, and paid */
  training: z.object({ total: z.number().int(), paid: z.number().int() }),
  /** comments received on the user's cards and demands */
  comments: z.object({ received: z.number().int() }),
});
export type TLabourCenter = z.infer<typeof ZLabourCenter>;
