import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { notice as msg_notice } from '../messages/notice';
import { zCompanyScoped, zId, zIntIn, zPageQuery, zPage, zText } from './common';

const M = { common: msg_common, notice: msg_notice } as const;

/** Platform notices (spec/1 §3 Notice; dashboard shows the first 6). Paths are ours: the spec does not show them. */

/** GET /index/notice: state 0 unread, 1 read, absent both (newest first). */
export const ZNoticeQuery = zPageQuery(6)
  .extend(zCompanyScoped.shape)
  .extend({
    state: zIntIn(0, 1).optional(),
  });
export type TNoticeQuery = z.infer<typeof ZNoticeQuery>;

export const ZNoticeRow = z.object({
  id: z.number().int(),
  msg_title: z.string(),
  /** 1 when this user has opened it */
  msg_open: z.number().int(),
  /** yyyy-MM-dd HH:mm:ss (Asia/Shanghai); the dashboard shows its first 10 characters */
  msg_send_time: z.string(),
});
export type TNoticeRow = z.infer<typeof ZNoticeRow>;
export const ZNoticePage = zPage(ZNoticeRow);

export const ZNoticeDetail = ZNoticeRow.extend({ msg_content: z.string() });
export type TNoticeDetail = z.infer<typeof ZNoticeDetail>;

export const ZNoticeIdParam = z.object({ id: zId });

/** Admin console. */
export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 5000;
export const NOTICE_STATUS = { draft: 0, published: 1 } as const;

export const ZAdminNoticeQuery = zPageQuery(10);
export const ZAdminNoticeRow = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** 1 published, 0 draft (not shown to users) */
  status: z.number().int(),
  send_time: z.string(),
  create_time: z.string(),
});
export type TAdminNoticeRow = z.infer<typeof ZAdminNoticeRow>;
export const ZAdminNoticePage = zPage(ZAdminNoticeRow);

export const ZAdminNoticeSave = z.object({
  title: zText(M.notice.titleField, NOTICE_TITLE_MAX),
  content: zText(M.notice.contentField, NOTICE_CONTENT_MAX),
  status: z.union([z.literal(0), z.literal(1)], { error: M.common.validation }).default(1),
});
export type TAdminNoticeSave = z.infer<typeof ZAdminNoticeSave>;
export const ZAdminNoticeStatus = z.object({
  status: z.union([z.literal(0), z.literal(1)], { error: M.common.validation }),
});
