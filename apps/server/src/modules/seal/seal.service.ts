import sharp from 'sharp';
import { fmt, M } from '@jizu/shared/messages';
import {
  isSealUsable,
  SEAL_LIMIT,
  SEAL_MACHINE,
  SEAL_SIZE_PX,
  SEAL_STATUS,
  SEAL_STATUS_TEXT,
  type TSealAction,
} from '@jizu/shared/constants/seal';
import { nextStatus } from '@jizu/shared/rules/machine';
import { UPLOAD_RULES } from '@jizu/shared/constants/upload';
import type { TAdminSealRow, TSeal, TSealSave } from '@jizu/shared/schemas/seal';
import { inTx, type DB, type Executor } from '../../db/client';
import type { seals } from '../../db/schema';
import type { TDeps } from '../../platform/deps';
import { AppError, invalid, notFound } from '../../platform/errors';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { lockCompany, mainAccountUserIds } from '../company/company.repo';
import { createMessage } from '../message/message.service';
import { findOwnUpload, UPLOAD_PREFIX } from '../upload/upload.service';
import * as repo from './seal.repo';

type TSealRow = typeof seals.$inferSelect;
const view = (s: TSealRow): TSeal => ({
  id: s.id,
  company_id: s.companyId,
  image: s.image,
  name: s.name,
  remark: s.remark,
  create_time: shanghaiDateTime(s.createdAt),
  status: s.status,
  status_v: SEAL_STATUS_TEXT[s.status] ?? '',
  reason: s.reason,
});

export async function listCompanySeals(db: DB, companyId: number): Promise<TSeal[]> {
  return (await repo.listSeals(db, companyId)).map(view);
}

/**
 * The seal image rules of spec/1 §5, checked on the stored bytes: PNG only, under 50 KB, exactly 300×300, with a
 * transparent background (an alpha channel that is actually used). The image must be the caller's own upload for
 * this company (the signet upload is company-scoped). Answers the stored path.
 */
async function checkSealImage(deps: TDeps, companyId: number, userId: number, address: string): Promise<string> {
  const up = await findOwnUpload(deps, userId, address, 'signet');
  if (!up || up.companyId !== companyId) invalid('image', M.seal.imageBad);
  const bytes = await deps.store.get(up!.path.slice(UPLOAD_PREFIX.length));
  if (!bytes) invalid('image', M.seal.imageBad);
  if (bytes!.length > UPLOAD_RULES.signet.maxBytes) invalid('image', M.seal.imageSize);
  const img = sharp(bytes!);
  const meta = await img.metadata().catch(() => null);
  if (!meta || meta.format !== 'png') invalid('image', M.seal.imagePng);
  if (meta!.width !== SEAL_SIZE_PX || meta!.height !== SEAL_SIZE_PX) invalid('image', M.seal.imagePixels);
  if (!meta!.hasAlpha) invalid('image', M.seal.imageOpaque);
  const stats = await img.stats();
  if ((stats.channels[3]?.min ?? 255) === 255) invalid('image', M.seal.imageOpaque);
  return up!.path;
}

/** Adds a seal for review (the table's submit: pending review): at most 4 per company. */
export async function addSeal(deps: TDeps, companyId: number, userId: number, v: TSealSave): Promise<TSeal> {
  const image = await checkSealImage(deps, companyId, userId, v.image);
  const status = nextStatus(SEAL_MACHINE, { status: null }, 'submit', 'company')!;
  return inTx(deps.db, async (tx) => {
    await lockCompany(tx, companyId);
    if ((await repo.countSeals(tx, companyId)) >= SEAL_LIMIT) throw new AppError('SEAL_LIMIT');
    return view(
      await repo.insertSeal(tx, { companyId, name: v.name, remark: v.remark, image, status, createdBy: userId }),
    );
  });
}

/**
 * The seals a company may sign with: only passed ones. Later modules (contracts, settlements) call these;
 * a seal under review, returned, deleted or of another company is never usable.
 */
export async function listUsableSeals(db: Executor, companyId: number): Promise<TSeal[]> {
  return (await repo.listSeals(db, companyId)).filter((s) => isSealUsable(s.status)).map(view);
}

/** One usable seal of the company, or a failure with the reason: 404 when it is not the company's, 409 when not passed. */
export async function requireUsableSeal(db: Executor, companyId: number, id: number): Promise<TSeal> {
  const s = await repo.findSeal(db, companyId, id);
  if (!s) return notFound(M.seal.notFound);
  if (!isSealUsable(s.status)) throw new AppError('SEAL_NOT_USABLE');
  return view(s);
}

export async function deleteSeal(db: DB, companyId: number, id: number): Promise<void> {
  if (!(await repo.findSeal(db, companyId, id))) notFound();
  await repo.softDelete(db, id);
}

export async function pageSealReviews(
  db: DB,
  status: number,
  page: number,
  size: number,
): Promise<{ data: TAdminSealRow[]; total: number }> {
  const { rows, total } = await repo.pageByStatus(db, status, (page - 1) * size, size);
  return {
    data: rows.map((r) => ({
      ...view(r.seal),
      company_name: r.companyName,
      submitter: r.submitter,
      review_time: r.seal.reviewedAt ? shanghaiDateTime(r.seal.reviewedAt) : '',
    })),
    total,
  };
}

/**
 * Passes or returns (for the image, or for the details) a pending seal, as SEAL_MACHINE allows staff; the
 * submitter and the company's main accounts get a system message.
 */
export async function reviewSeal(
  db: DB,
  id: number,
  reviewerId: number,
  action: TSealAction,
  reason: string,
): Promise<void> {
  const found = await repo.findAnySeal(db, id);
  if (!found) return notFound();
  const from = found.seal.status;
  const to = nextStatus(SEAL_MACHINE, { status: from }, action, 'staff');
  if (to === null) throw new AppError('SEAL_REVIEWED');
  const passed = to === SEAL_STATUS.passed;
  await inTx(db, async (tx) => {
    const s = await repo.decide(tx, id, { from, to, reason: passed ? '' : reason, reviewerId });
    if (!s) throw new AppError('SEAL_REVIEWED');
    const vars = { company: found.companyName, name: s.name, reason };
    const recipients = new Set([s.createdBy, ...(await mainAccountUserIds(tx, s.companyId))]);
    for (const userId of recipients) {
      await createMessage(tx, {
        userId,
        title: passed ? M.seal.passTitle : M.seal.returnTitle,
        content: fmt(passed ? M.seal.passBody : M.seal.returnBody, vars),
        kind: 'seal',
      });
    }
  });
}
