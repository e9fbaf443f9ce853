import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { message as msg_message } from '../messages/message';
import { zId, zIntIn, zPage, zPageQuery } from './common';

const M = { common: msg_common, message: msg_message } as const;

/** System messages of /api/index/message/* (spec/3 § System messages). */

export const MESSAGE_PAGE_SIZE = 15;

export const ZMessageListQuery = zPageQuery(MESSAGE_PAGE_SIZE).extend({
  /** 0 unread, 1 read */
  state: zIntIn(0, 1).default(0),
  company_id: zId.optional(),
});
export type TMessageListQuery = z.infer<typeof ZMessageListQuery>;

export const ZMessageRow = z.object({
  id: z.number().int(),
  msg_title: z.string(),
  msg_body: z.string(),
  /** yyyy-MM-dd HH:mm:ss in Asia/Shanghai */
  msg_send_time: z.string(),
  /** 1 read, 0 unread */
  msg_open: z.number().int(),
});
export type TMessageRow = z.infer<typeof ZMessageRow>;

/** The list with the unread count for the tab badge. */
export const ZMessagePage = zPage(ZMessageRow).extend({ unread: z.number().int() });
export type TMessagePage = z.infer<typeof ZMessagePage>;

export const ZMessageRead = z.object({ id: zId, company_id: zId.optional() });

/** One id or a list of ids (spec/3: deleted singly or as a list). */
export const ZMessageDel = z.object({
  id: z.union(
    [
      zId,
      z
        .array(zId, { error: M.message.idsRequired })
        .min(1, { error: M.message.idsRequired })
        .max(100, { error: M.common.validation }),
    ],
    {
      error: M.message.idsRequired,
    },
  ),
  company_id: zId.optional(),
});
export type TMessageDel = z.infer<typeof ZMessageDel>;
