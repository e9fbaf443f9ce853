import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { M, fmt } from '@jizu/shared/messages';
import {
  PRIVATE_UPLOADS,
  UPLOAD_FORMAT_MIME,
  UPLOAD_MAX_EDGE,
  UPLOAD_MAX_PIXELS,
  UPLOAD_RULES,
  type TUploadFormat,
  type TUploadKind,
  type TUploadRule,
} from '@jizu/shared/constants/upload';
import type { TCheckImgBody, TUploadResult } from '@jizu/shared/schemas/upload';
import type { DB, Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { mayUseMenu, resolveCompanyCtx } from '../../platform/company-context';
import { findSessionAuth } from '../../platform/session';
import * as repo from './upload.repo';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** file-type's extension → our format; anything else is refused. */
const DETECTED: Record<string, TUploadFormat> = { jpg: 'jpg', png: 'png', gif: 'gif', pdf: 'pdf' };

/** Stored object keys: <kind>/<yyyy>/<mm>/<32 hex>.<ext>; nothing else is ever served. */
export const UPLOAD_KEY_RE =
  /^(charter|avatar|contract|signet|settle|ep|shop|recruit|inout)\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(jpg|png|gif|pdf)$/;
/** Platform-owned images: the customer service staff's WeChat QR codes, named by staff number. */
export const STAFF_QR_KEY_RE = /^staff\/[A-Za-z0-9_-]{1,32}\.png$/;
export const UPLOAD_PREFIX = '/uploads/';

export const tooLargeError = (rule: TUploadRule) =>
  new AppError('UPLOAD_TOO_LARGE', fmt(M.upload.tooLarge, { n: rule.sizeText }));
export const badTypeError = (rule: TUploadRule) =>
  new AppError(
    'UPLOAD_BAD_TYPE',
    fmt(rule.content === 'image' ? M.upload.badImageType : M.upload.badFileType, { types: rule.typesText }),
  );

interface TProcessed {
  bytes: Buffer;
  format: TUploadFormat;
  width: number | null;
  height: number | null;
  hasAlpha: boolean;
}

/**
 * Checks the bytes against the path's rule and re-encodes images: the type comes from the magic bytes only; the
 * decoded size is capped before decoding (decompression bombs); EXIF and other metadata are dropped after applying
 * the orientation; the long edge is capped except for seals, which must keep their exact size. GIFs keep their
 * animation. PDFs are stored as sent.
 */
export async function processUpload(rule: TUploadRule, input: Buffer): Promise<TProcessed> {
  if (!input.length) throw new AppError('UPLOAD_NO_FILE');
  if (input.length > rule.maxBytes) throw tooLargeError(rule);
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? DETECTED[detected.ext] : undefined;
  if (!format || !rule.formats.includes(format)) throw badTypeError(rule);
  if (format === 'pdf') return { bytes: input, format, width: null, height: null, hasAlpha: false };

  const animated = format === 'gif';
  let meta: Metadata;
  try {
    meta = await sharp(input, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UPLOAD_BROKEN');
  }
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const pixels = (meta.width ?? 0) * frameHeight * (animated ? (meta.pages ?? 1) : 1);
  if (!meta.width || !frameHeight) throw new AppError('UPLOAD_BROKEN');
  if (pixels > UPLOAD_MAX_PIXELS) throw new AppError('UPLOAD_TOO_MANY_PIXELS');

  try {
    let img = sharp(input, { animated, limitInputPixels: UPLOAD_MAX_PIXELS }).autoOrient();
    if (!rule.keepSize)
      img = img.resize({ width: UPLOAD_MAX_EDGE, height: UPLOAD_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    if (format === 'jpg') img = img.jpeg({ quality: 85 });
    else if (format === 'png') img = img.png({ compressionLevel: 8 });
    else img = img.gif();
    const { data, info } = await img.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      format,
      width: info.width,
      height: info.pageHeight ?? info.height,
      hasAlpha: info.channels === 4,
    };
  } catch (e) {
    if (String((e as Error).message).includes('pixel limit')) throw new AppError('UPLOAD_TOO_MANY_PIXELS');
    throw new AppError('UPLOAD_BROKEN');
  }
}

function newKey(kind: TUploadKind, format: TUploadFormat, now = new Date()) {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${kind}/${yyyy}/${mm}/${randomBytes(16).toString('hex')}.${format}`;
}

/** The company of the request when the user is an active member of it; otherwise none (never an error). */
async function memberCompany(db: Executor, userId: number, companyId: number | undefined): Promise<number | null> {
  if (!companyId) return null;
  const ctx = await resolveCompanyCtx(db, userId, companyId);
  return ctx?.companyId ?? null;
}

/** One upload through one service, for every upload path: check, re-encode, store, record. */
export async function saveUpload(
  deps: Pick<TDeps, 'db' | 'store' | 'config'>,
  input: { kind: TUploadKind; bytes: Buffer; filename: string; userId: number; companyId?: number },
): Promise<TUploadResult> {
  const rule = UPLOAD_RULES[input.kind];
  const out = await processUpload(rule, input.bytes);
  // a kind claimed by a company later (verification documents) stays the uploader's alone until then
  const companyId = PRIVATE_UPLOADS[input.kind]?.claimedByCompany
    ? null
    : await memberCompany(deps.db, input.userId, input.companyId);
  const key = newKey(input.kind, out.format);
  const mime = UPLOAD_FORMAT_MIME[out.format];
  const path = UPLOAD_PREFIX + key;
  const storedMd5 = md5(out.bytes);
  await deps.store.put(key, out.bytes, mime);
  try {
    await repo.insertUpload(deps.db, {
      path,
      kind: input.kind,
      md5: storedMd5,
      sourceMd5: md5(input.bytes),
      mime,
      size: out.bytes.length,
      width: out.width,
      height: out.height,
      originalName: (input.filename.split(/[\\/]/).pop() ?? '').slice(0, 200),
      userId: input.userId,
      companyId,
    });
  } catch (e) {
    await deps.store.delete(key).catch(() => undefined);
    throw e;
  }
  return {
    url: deps.config.publicUrl + path,
    path,
    original: path,
    md5: storedMd5,
    mime,
    size: out.bytes.length,
    width: out.width,
    height: out.height,
    has_alpha: out.hasAlpha,
  };
}

/**
 * Records a file already written to the store outside an upload request (demo data), so that who may read it is
 * decided as for any upload.
 */
export async function recordStoredUpload(db: Executor, v: TStoredFile) {
  await repo.insertUpload(db, await storedUploadRow(v));
}

/** recordStoredUpload of several files (a demo listing's pictures): one statement, the rows in the order given. */
export async function recordStoredUploads(db: Executor, files: TStoredFile[]) {
  await repo.insertUploads(db, await Promise.all(files.map(storedUploadRow)));
}

type TStoredFile = {
  key: string;
  kind: TUploadKind;
  bytes: Buffer;
  mime: string;
  userId: number;
  companyId?: number | null;
};
async function storedUploadRow(v: TStoredFile): Promise<repo.TUploadInsert> {
  const meta = v.mime.startsWith('image/') ? await sharp(v.bytes).metadata() : null;
  return {
    path: UPLOAD_PREFIX + v.key,
    kind: v.kind,
    md5: md5(v.bytes),
    sourceMd5: md5(v.bytes),
    mime: v.mime,
    size: v.bytes.length,
    width: meta?.width ?? null,
    height: meta?.height ?? null,
    userId: v.userId,
    companyId: v.companyId ?? null,
  };
}

/**
 * Stores a file the server made (a signed contract), recorded like an upload so that reading it follows the kind's
 * privacy rule; returns its stored path (/uploads/…).
 */
export async function storeGeneratedFile(
  deps: Pick<TDeps, 'db' | 'store'>,
  v: { kind: TUploadKind; format: TUploadFormat; bytes: Buffer; userId: number; companyId: number | null },
): Promise<string> {
  const key = newKey(v.kind, v.format);
  await deps.store.put(key, v.bytes, UPLOAD_FORMAT_MIME[v.format]);
  await recordStoredUpload(deps.db, {
    key,
    kind: v.kind,
    bytes: v.bytes,
    mime: UPLOAD_FORMAT_MIME[v.format],
    userId: v.userId,
    companyId: v.companyId,
  });
  return UPLOAD_PREFIX + key;
}

/** The object key of one of our addresses (/uploads/… or PUBLIC_URL/uploads/…), or null. */
export function keyOfAddress(address: string, publicUrl: string): string | null {
  let p = address.trim();
  if (p.startsWith(publicUrl + '/')) p = p.slice(publicUrl.length);
  if (!p.startsWith(UPLOAD_PREFIX)) return null;
  const key = p.slice(UPLOAD_PREFIX.length);
  return UPLOAD_KEY_RE.test(key) ? key : null;
}

/**
 * Whether an image (by MD5 as sent or as stored, or by one of our addresses) is already used by another user or
 * company. Uploads by the caller, or for the caller's own company, do not count.
 */
export async function checkImage(
  deps: Pick<TDeps, 'db' | 'config'>,
  userId: number,
  body: TCheckImgBody,
): Promise<{ duplicate: false }> {
  const companyId = await memberCompany(deps.db, userId, body.company_id);
  const hashes = new Set<string>();
  if (body.md5) hashes.add(body.md5);
  if (body.path !== undefined) {
    const key = keyOfAddress(body.path, deps.config.publicUrl);
    const row = key ? await repo.findUploadByPath(deps.db, UPLOAD_PREFIX + key) : null;
    if (!row) throw new AppError('UPLOAD_BAD_PATH');
    hashes.add(row.md5);
    hashes.add(row.sourceMd5);
  }
  const foreign = await repo.findForeignUpload(deps.db, [...hashes], userId, companyId);
  if (foreign) throw new AppError('UPLOAD_DUPLICATE');
  return { duplicate: false };
}

/** A stored file for GET /uploads/*, or null when the key is not one of ours or is gone. */
export async function readUploadFile(
  deps: Pick<TDeps, 'store'>,
  key: string,
): Promise<{ bytes: Buffer; mime: string } | null> {
  if (!UPLOAD_KEY_RE.test(key) && !STAFF_QR_KEY_RE.test(key)) return null;
  const bytes = await deps.store.get(key);
  if (!bytes) return null;
  const ext = key.slice(key.lastIndexOf('.') + 1) as TUploadFormat;
  return { bytes, mime: UPLOAD_FORMAT_MIME[ext] };
}

/** The kind of an object key (its first segment): what decides whether the file is private. */
export const kindOfKey = (key: string) => key.slice(0, key.indexOf('/'));

/**
 * Whether the holder of a session token may read a private upload (PRIVATE_UPLOADS): platform staff (they review
 * verification and seals), the uploader, and the active members of the file's company holding one of the kind's
 * area grants. Two reads: the file's record, then the session with its membership in that company (one round trip).
 * A file without a record is for staff only; one without a company is the uploader's alone.
 */
export async function mayReadPrivateUpload(db: DB, token: string, key: string): Promise<boolean> {
  const row = await repo.findUploadByPath(db, UPLOAD_PREFIX + key);
  const found = await findSessionAuth(db, token, row?.companyId ?? undefined);
  if (found?.user.role === 'admin') return true;
  if (!row) return false;
  const rule = PRIVATE_UPLOADS[row.kind as TUploadKind];
  if (found) {
    const { user, ctx } = found;
    if (row.userId === user.id) return true;
    if (rule && ctx && ctx.companyId === row.companyId && rule.menus.some((menu) => mayUseMenu(ctx, menu))) return true;
  }
  if (!rule) return false;
  // a file the owning company shared with the other party of a record (a machine's photos with the order's tenant)
  for (const companyId of await repo.sharedWith(db, row.path)) {
    const other = await findSessionAuth(db, token, companyId);
    if (other?.ctx && rule.menus.some((menu) => mayUseMenu(other.ctx!, menu))) return true;
  }
  return false;
}

/** Lets the members of another company read these private uploads (with the kind's grants): the other party of a record. */
export function shareUploads(db: Executor, paths: string[], companyId: number) {
  return repo.insertShares(db, paths, companyId);
}

/** Ties the caller's own uploads (stored paths) to a company whose record now cites them (see claimedByCompany). */
export function claimUploads(db: Executor, userId: number, companyId: number, paths: string[]) {
  return repo.setUploadCompany(db, userId, companyId, paths);
}

/**
 * One of the caller's own uploads, of one of the given kinds, by its address; null otherwise. Forms that reference
 * uploads (avatar, verification images) accept only files their user uploaded.
 */
export async function findOwnUpload(
  deps: Pick<TDeps, 'db' | 'config'>,
  userId: number,
  address: string,
  kinds: TUploadKind | TUploadKind[],
) {
  const key = keyOfAddress(address, deps.config.publicUrl);
  const row = key ? await repo.findUploadByPath(deps.db, UPLOAD_PREFIX + key) : null;
  const allowed: string[] = Array.isArray(kinds) ? kinds : [kinds];
  return row && row.userId === userId && allowed.includes(row.kind) ? row : null;
}

/** The stored path (/uploads/…) of the caller's own upload, or null (see findOwnUpload). */
export async function ownUploadPath(
  deps: Pick<TDeps, 'db' | 'config'>,
  userId: number,
  address: string,
  kinds: TUploadKind[],
): Promise<string | null> {
  return (await findOwnUpload(deps, userId, address, kinds))?.path ?? null;
}
