import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zEnvelope } from '@jizu/shared/schemas/common';
import {
  UPLOAD_KINDS,
  UPLOAD_RULES,
  isPrivateUpload,
  type TUploadKind,
  type TUploadRule,
} from '@jizu/shared/constants/upload';
import { ZCheckImgBody, ZCheckImgResult, ZUploadFields, ZUploadResult } from '@jizu/shared/schemas/upload';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { readToken, userOf, type TAccess } from '../../platform/access';
import { hasControlChars } from '../../platform/input';
import type { TModule } from '../../platform/http';
import {
  checkImage,
  kindOfKey,
  mayReadPrivateUpload,
  readUploadFile,
  saveUpload,
  tooLargeError,
} from './upload.service';

/** The only file field; every other part is a plain field (company_id). */
const FILE_FIELD = 'image';

/**
 * Reads the multipart form: the `image` file (buffered up to the path's size limit, so an oversized file is cut off
 * early) and the plain fields. Multipart failures become catalogue messages.
 */
async function readUploadForm(req: FastifyRequest, rule: TUploadRule) {
  if (!req.isMultipart()) throw new AppError('UPLOAD_NO_FILE');
  let file: { bytes: Buffer; filename: string } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: rule.maxBytes, files: 1, fields: 10, fieldSize: 1000 },
    })) {
      if (part.type === 'file') {
        if (hasControlChars(part.filename ?? '') || hasControlChars(part.fieldname))
          throw new AppError('CONTROL_CHARS');
        const bytes = await part.toBuffer();
        if (part.fieldname === FILE_FIELD) file = { bytes, filename: part.filename ?? '' };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeError(rule);
    if (code === 'FST_FILES_LIMIT') throw new AppError('UPLOAD_TOO_MANY_FILES');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION')
      throw new AppError('VALIDATION');
    if (e instanceof AppError) throw e;
    // anything else the form parser raises is a form that is not one (no boundary, cut off, malformed parts)
    throw new AppError('BAD_MULTIPART');
  }
  if (!file || !file.bytes.length) throw new AppError('UPLOAD_NO_FILE');
  const parsed = ZUploadFields.safeParse({ company_id: fields.company_id || undefined });
  if (!parsed.success)
    throw new AppError('VALIDATION', M.common.validation, {
      errors: [{ field: 'company_id', msg: M.common.validation }],
    });
  return { ...file, companyId: parsed.data.company_id };
}

const uploadSchema = (kind: TUploadKind) => ({
  tags: ['upload'],
  summary: UPLOAD_RULES[kind].menu
    ? `上传（${kind}）：multipart 字段 image；企业成员且有该功能权限，company_id 放在查询参数中；${UPLOAD_RULES[kind].typesText}，不超过${UPLOAD_RULES[kind].sizeText}`
    : `上传（${kind}）：multipart 字段 image，可选 company_id；${UPLOAD_RULES[kind].typesText}，不超过${UPLOAD_RULES[kind].sizeText}`,
  consumes: ['multipart/form-data'],
  response: { 200: zEnvelope(ZUploadResult) },
});

export const uploadRoutes: TModule = (app, deps) => {
  for (const kind of UPLOAD_KINDS) {
    const rule = UPLOAD_RULES[kind];
    // a section's upload is guarded like the section (a seal image: member with the seal grant); others: logged in
    const config: { access: TAccess; menu?: number } = rule.menu
      ? { access: 'company', menu: rule.menu }
      : { access: 'user' };
    app.post(rule.path, { config, schema: uploadSchema(kind) }, async (req) => {
      const user = userOf(req);
      const form = await readUploadForm(req, rule);
      // the access hook checked the company of the query (or cookie); a form naming another company is refused
      if (req.company && form.companyId !== undefined && form.companyId !== req.company.companyId) {
        throw new AppError('VALIDATION', M.common.validation, {
          errors: [{ field: 'company_id', msg: M.common.validation }],
        });
      }
      const companyId = req.company?.companyId ?? form.companyId;
      const data = await saveUpload(deps, {
        kind,
        bytes: form.bytes,
        filename: form.filename,
        userId: user.id,
        companyId,
      });
      return ok(data, M.upload.ok);
    });
  }

  app.post(
    '/search/checkImg',
    {
      config: { access: 'user' },
      schema: {
        tags: ['upload'],
        summary: '图片查重：按 MD5（上传前或存储后）或地址，判断是否已被其他用户或企业使用（是则 409）',
        body: ZCheckImgBody,
        response: { 200: zEnvelope(ZCheckImgResult) },
      },
    },
    async (req) => ok(await checkImage(deps, userOf(req).id, req.body)),
  );
};

/**
 * GET /uploads/* — registered at the root (not under /api) by app.ts, without an access declaration on purpose:
 * public kinds (listing photos, shop images, avatars…) are public by their unguessable names and cached as immutable,
 * with no session lookup per image. Private kinds (PRIVATE_UPLOADS: ID photos, licences, contracts, settlement
 * vouchers, seals) are answered only to who may read them (mayReadPrivateUpload), with `private, no-store`; a
 * refusal, with or without a session, is the very 404 of a missing file, so a file's existence is not revealed.
 * Pages show them with a plain <img>: the session cookie goes along with a same-origin request.
 */
export const uploadFileRoutes: TModule = (app, deps) => {
  app.get('/uploads/*', { schema: { hide: true, params: z.object({ '*': z.string() }) } }, async (req, reply) => {
    const key = req.params['*'];
    const hidden = isPrivateUpload(kindOfKey(key));
    if (hidden) {
      const token = readToken(req)?.token;
      if (!token || !(await mayReadPrivateUpload(deps.db, token, key))) throw new AppError('UPLOAD_NOT_FOUND');
    }
    const file = await readUploadFile(deps, key);
    if (!file) throw new AppError('UPLOAD_NOT_FOUND');
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', hidden ? 'private, no-store' : 'public, max-age=31536000, immutable')
      .send(file.bytes);
  });
};
