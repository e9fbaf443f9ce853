import { z } from 'zod';
import { M, fmt } from '../messages';

/** Every schema message comes from the catalogue: zod's own defaults are mixed-language. */
export const zId = z.coerce.number({ error: M.common.validation }).int({ error: M.common.validation }).positive({ error: M.common.validation });

export const zPhone = z
  .string({ error: '请输入手机号码' })
  .trim()
  .min(1, { error: '请输入手机号码' })
  .regex(/^1[3-9]\d{9}$/, { error: '手机号码格式不正确' });

export const zPageQuery = (defaultSize = 5) =>
  z.object({
    page: z.coerce.number({ error: M.common.validation }).int().min(1, { error: M.common.validation }).default(1),
    size: z.coerce.number({ error: M.common.validation }).int().min(1, { error: M.common.validation }).max(100, { error: M.common.validation }).default(defaultSize),
  });

export const zCompanyScoped = z.object({ company_id: zId.optional() });

export const zText = (field: string, max: number) =>
  z
    .string({ error: fmt(M.common.fieldRequired, { field }) })
    .trim()
    .min(1, { error: fmt(M.common.fieldRequired, { field }) })
    .max(max, { error: fmt(M.common.tooLong, { field, n: max }) });

/** The envelope schema for OpenAPI responses. */
export const zEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number(), msg: z.string(), data });

export const zPage = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number().int() });

export const zOk = zEnvelope(z.null());
