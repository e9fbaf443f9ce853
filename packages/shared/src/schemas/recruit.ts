import { z } from '../zod';
import { HIRE_REASON_MAX, NEGOTIATION, OPERATOR_CATEGORIES, RECRUIT_LIMITS as L } from '../constants/recruit';
import { hire as H, recruit as R } from '../messages/recruit';
import { INT2_MAX, zCompanyScoped, zId, zIdWith, zIntIn, zPage, zPageQuery } from './common';
import { zLabourContent } from './labour';

/**
 * Hiring demands (招聘需求, spec/3 §3 "Hiring demand", §5 "Recruitment form", §7). One machine category per demand:
 * the recruitment form has no "at most three" rule (the résumé form has), the list shows one category per row and
 * filters by one `resume_category`, and the entity names `category` / `category_v` in the singular.
 */

/** A category filter of a list (stored in a smallint column: a larger number is refused before the query). */
const zCategoryFilter = zIntIn(1, INT2_MAX);

/** Text or a number typed by a person, trimmed to text ('' when missing). */
const typed = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
const CATEGORY_IDS = new Set(OPERATOR_CATEGORIES.map((c) => c.id));

/** resume_category: one machine category of the `category` dictionary. */
export const zRecruitCategory = z
  .union([z.string(), z.number()], { error: R.requiredAll })
  .transform(typed)
  .refine((s) => s !== '', { error: R.requiredAll })
  .refine((s) => /^\d+$/.test(s) && CATEGORY_IDS.has(Number(s)), { error: H.categoryBad })
  .transform(Number);

/** Working days: a whole number of at least 1 ("the expected period cannot be 0"), at most RECRUIT_LIMITS.workingDaysMax. */
export const zWorkingDays = z
  .union([z.string(), z.number()], { error: R.workingDaysZero })
  .transform(typed)
  .refine((s) => s !== '' && !(Number(s) <= 0), { error: R.workingDaysZero })
  .refine((s) => /^\d+$/.test(s) && Number(s) <= L.workingDaysMax, { error: H.workingDaysBad })
  .transform(Number);

/** One salary bound in yuan a month: a whole number above 0 (and not beyond RECRUIT_LIMITS.salaryCap). */
export const zSalaryBound = z
  .union([z.string(), z.number()], { error: R.salaryBad })
  .transform(typed)
  .refine((s) => /^\d+$/.test(s) && Number(s) >= 1, { error: R.salaryBad })
  .refine((s) => Number(s) <= L.salaryCap, { error: H.salaryTooHigh })
  .transform(Number);
/** The salary fields alone, as the form checks them while 面议 is not ticked. */
export const ZRecruitSalary = z.object({ salary_min: zSalaryBound, salary_max: zSalaryBound });

const zRawSalary = z.union([z.string(), z.number(), z.null()]).optional();

/**
 * What is wrong with the salary of a form, or null: ignored when negotiable (1); otherwise each bound through
 * zSalaryBound, then min below max ("the salary format is wrong", and the form restores the defaults). The schema's
 * refinement and the form's own check both call it.
 */
export function salaryIssue(v: {
  negotiation?: unknown;
  salary_min?: unknown;
  salary_max?: unknown;
}): { field: 'salary_min' | 'salary_max'; msg: string } | null {
  if (Number(v.negotiation) === NEGOTIATION.yes) return null;
  const min = zSalaryBound.safeParse(v.salary_min ?? '');
  if (!min.success) return { field: 'salary_min', msg: min.error.issues[0].message };
  const max = zSalaryBound.safeParse(v.salary_max ?? '');
  if (!max.success) return { field: 'salary_max', msg: max.error.issues[0].message };
  return min.data < max.data ? null : { field: 'salary_min', msg: R.salaryFormat };
}

/**
 * The fields of POST /recruit/recruit and of an edit (PUT /recruit/recruit/{id}): every rule of spec/3 §5 that
 * concerns one field; the form derives its antd rules from these (ui/formRules). The salary fields are checked by
 * `salaryIssue` on the whole payload (they depend on `negotiation`).
 */
export const ZRecruitFields = zCompanyScoped.extend({
  /** the region chain of the address (the form's region picker) */
  province: zIdWith(R.requiredAll),
  city: zIdWith(R.requiredAll),
  area: zIdWith(R.requiredAll),
  /** the detail address */
  address: z
    .string({ error: R.requiredAll })
    .trim()
    .min(1, { error: R.requiredAll })
    .max(L.address, { error: H.addressTooLong }),
  lng: z.number().min(-180).max(180).nullable().optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
  resume_category: zRecruitCategory,
  working_days: zWorkingDays,
  salary_min: zRawSalary,
  salary_max: zRawSalary,
  /** 1 negotiable (面议: the salary is not asked), 2 not */
  negotiation: z.coerce
    .number({ error: R.wrongInfo })
    .int({ error: R.wrongInfo })
    .refine((n) => n === NEGOTIATION.yes || n === NEGOTIATION.no, { error: R.wrongInfo })
    .default(NEGOTIATION.no),
  content: zLabourContent,
  /** an edit says nothing or `edit`; `end` is the other body of PUT */
  type: z.literal('edit').optional(),
});

export const ZRecruitSave = ZRecruitFields.superRefine((v, ctx) => {
  const issue = salaryIssue(v);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.msg });
});
export type TRecruitSave = z.infer<typeof ZRecruitSave>;

/** PUT /recruit/recruit/{id} with {type: 'end', sta}: a hiring demand ends as succeeded (3) or closed (4). */
export const ZRecruitEnd = zCompanyScoped.extend({
  type: z.literal('end'),
  sta: z.coerce.number({ error: R.state }).refine((n) => n === 3 || n === 4, { error: R.state }),
});
/** The two bodies of PUT /recruit/recruit/{id}, told apart by `type`. */
export const ZRecruitChange = z.discriminatedUnion('type', [ZRecruitEnd, ZRecruitSave], { error: R.wrongInfo });

/** GET /recruit/recruit: the company's demands (spec/3 §7 "by page, size, company_id, audit_status, resume_category, address"). */
export const ZRecruitQuery = zCompanyScoped.extend(zPageQuery(L.pageSize).shape).extend({
  audit_status: zIntIn(0, 5).default(0),
  resume_category: zCategoryFilter.optional(),
  /** a keyword of the hiring region: province, city, district or the detail address */
  address: z.string().trim().max(50).optional(),
});
export type TRecruitQuery = z.infer<typeof ZRecruitQuery>;

/** A row of the owner's list and the edit form (spec/3 §3), with the ids the form needs and the row's actions. */
export const ZRecruitRow = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  category: z.number().int(),
  category_v: z.string(),
  resume_category: z.number().int(),
  province: z.number().int(),
  city: z.number().int(),
  area: z.number().int(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  working_days: z.number().int(),
  salary_min: z.number().int(),
  salary_max: z.number().int(),
  /** "8000-10000元/月" when not negotiable and both bounds are set, else 面议 */
  salary_v: z.string(),
  negotiation: z.number().int(),
  content: z.string(),
  create_time: z.string(),
  audit_status: z.number().int(),
  audit_status_v: z.string(),
  audit_reason: z.string(),
  view_url: z.string(),
  /** the owner's actions (RECRUIT_MACHINE) */
  op: z.array(z.string()),
});
export type TRecruitRow = z.infer<typeof ZRecruitRow>;
export const ZRecruitPage = zPage(ZRecruitRow);

/** The console's queue: by status (0 all), category and a keyword of the content or the address. */
export const ZRecruitAdminQuery = zPageQuery(10).extend({
  audit_status: zIntIn(0, 5).default(1),
  resume_category: zCategoryFilter.optional(),
  kw: z.string().trim().max(50).optional(),
});
export type TRecruitAdminQuery = z.infer<typeof ZRecruitAdminQuery>;
export const ZRecruitAdminRow = ZRecruitRow.extend({
  company_name: z.string(),
  publisher: z.string(),
  phone: z.string(),
});
export type TRecruitAdminRow = z.infer<typeof ZRecruitAdminRow>;
export const ZRecruitReview = z
  .object({
    action: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(HIRE_REASON_MAX, { error: H.reasonTooLong }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: H.reasonRequired });
  });

/** The hiring hall (SITE.hires): passed demands by category and region. */
export const ZHireHallQuery = zPageQuery(12).extend({
  resume_category: zCategoryFilter.optional(),
  province: zId.optional(),
  city: zId.optional(),
});
export type THireHallQuery = z.infer<typeof ZHireHallQuery>;
/** A demand as the public sees it: no reason, no owner ids; the hirer's company and the phone masked. */
export const ZHirePublic = ZRecruitRow.omit({ op: true, audit_reason: true, company_id: true }).extend({
  company_v: z.string(),
  phone_mask: z.string(),
});
export type THirePublic = z.infer<typeof ZHirePublic>;
export const ZHireHallPage = zPage(ZHirePublic).extend({ total_capped: z.boolean() });
/** POST /recruit/recruit/{id}/phone: the hirer's phone, for a personally verified user (the view is recorded). */
export const ZHirePhone = z.object({ phone: z.string(), contacts: z.string() });
