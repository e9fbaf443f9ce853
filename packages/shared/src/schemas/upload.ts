import { z } from '../zod';
import { upload as msg_upload } from '../messages/upload';
import { zId } from './common';

const M = { upload: msg_upload } as const;

/** The answer of every upload path. `original` holds the address too: some clients read data.original. */
export const ZUploadResult = z.object({
  /** absolute address (PUBLIC_URL + path) */
  url: z.string(),
  /** site-relative address, /uploads/<kind>/<yyyy>/<mm>/<name>.<ext>: what forms store */
  path: z.string(),
  original: z.string(),
  /** MD5 of the stored bytes */
  md5: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** whether the stored image has an alpha channel (seals must be transparent) */
  has_alpha: z.boolean(),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;

/** The non-file fields of an upload form (field `image` carries the file). */
export const ZUploadFields = z.object({ company_id: zId.optional() });

/** POST /search/checkImg: an image's MD5 (as sent or as stored) or its address. */
export const ZCheckImgBody = z
  .object({
    md5: z
      .string({ error: M.upload.badMd5 })
      .trim()
      .regex(/^[0-9a-fA-F]{32}$/, { error: M.upload.badMd5 })
      .transform((s) => s.toLowerCase())
      .optional(),
    path: z
      .string({ error: M.upload.badPath })
      .trim()
      .min(1, { error: M.upload.badPath })
      .max(500, { error: M.upload.badPath })
      .optional(),
    company_id: zId.optional(),
  })
  .refine((b) => b.md5 !== undefined || b.path !== undefined, { error: M.upload.checkNeedsOne });
export type TCheckImgBody = z.infer<typeof ZCheckImgBody>;

export const ZCheckImgResult = z.object({ duplicate: z.boolean() });
