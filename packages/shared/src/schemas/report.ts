import { reportRules } from '../messages/report';
import { z } from '../zod';
import { REPORT_DECISIONS, REPORT_LIMITS, REPORT_STATUS, REPORT_TYPES } from '../constants/report';
import { zCompanyScoped, zId, zIntIn, zPage, zPageQuery } from './common';

/** /index/report/* and the console's report handling (spec/1 §3 Report). */
export const ZReportAdd = zCompanyScoped.extend({
  type: zIntIn(0, 2, reportRules.typeBad),
  target_id: zId,
  report_type: zIntIn(0, 99, reportRules.reportTypeBad).refine((n) => REPORT_TYPES.some((t) => t.value === n), {
    error: reportRules.reportTypeBad,
  }),
  remarks: z
    .string({ error: reportRules.remarksRequired })
    .trim()
    .min(1, { error: reportRules.remarksRequired })
    .max(REPORT_LIMITS.remarksMax, { error: reportRules.remarksTooLong }),
});
export type TReportAdd = z.infer<typeof ZReportAdd>;
export const ZReportQuery = zCompanyScoped.extend(zPageQuery(5).shape);
export const ZReportTypes = z.array(z.object({ value: z.number().int(), label: z.string() }));

export const ZReportRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  create_time: z.string(),
  phone: z.string(),
  type: z.number().int(),
  type_v: z.string(),
  target_id: z.number().int(),
  report_type: z.number().int(),
  shop: z.object({ shop_name: z.string(), href: z.string() }).nullable(),
  equipment: z.object({ name: z.string(), cover: z.string(), href: z.string() }).nullable(),
  /** a reported review (type 2): its text and the shop page it shows on */
  review: z.object({ content: z.string(), href: z.string() }).nullable().optional(),
  remarks: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  result: z.string(),
  handle_time: z.string(),
});
export type TReportRow = z.infer<typeof ZReportRow>;
export const ZReportPage = zPage(ZReportRow);

export const ZAdminReportQuery = zPageQuery(10).extend({ status: zIntIn(0, 2).default(REPORT_STATUS.pending) });
export const ZAdminReportRow = ZReportRow.extend({ reporter: z.string(), target_name: z.string() });
export type TAdminReportRow = z.infer<typeof ZAdminReportRow>;
export const ZAdminReportPage = zPage(ZAdminReportRow);
export const ZReportHandle = z.object({
  status: zIntIn(0, 9, reportRules.statusBad).refine((n) => REPORT_DECISIONS.some((d) => d.status === n), {
    error: reportRules.statusBad,
  }),
  result: z
    .string({ error: reportRules.resultRequired })
    .trim()
    .min(1, { error: reportRules.resultRequired })
    .max(REPORT_LIMITS.resultMax, { error: reportRules.resultTooLong }),
});
