import sharp from 'sharp';
import { and, eq, inArray } from 'drizzle-orm';
import type { TPage } from '@jizu/shared/errors';
import type { TRightsEq, TRightsEqInfo, TRightsEqSave, TRightsProject } from '@jizu/shared/schemas/rights';
import { inTx, type DB, type Executor } from '../../db/client';
import { memberGrants, rightBindings, users } from '../../db/schema';
import type { TDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { recordAudit, type TActor } from '../audit/audit.service';
import {
  approvedListingIds,
  listingCards,
  requireApprovedCompanyListing,
  requireCompanyListing,
} from '../equipment/equipment.service';
import { UPLOAD_PREFIX } from '../upload/upload.service';
import { currentMembership } from './membership.service';
import { rowWhere, rowsWhere } from '../../db/rows';

/** Only AAA binds devices and downloads nameplates (spec/1 §6). */
const RIGHTS_LEVEL = 'AAA';

async function requireAaa(db: Executor, userId: number, now: Date) {
  const m = await currentMembership(db, userId, now);
  if (m.level !== RIGHTS_LEVEL) throw new AppError('RIGHTS_AAA_ONLY');
  return m;
}

/** The bindings of some rights (the rights list shows the device and project of each). */
export async function bindingsOf(db: Executor, grantIds: number[]) {
  if (!grantIds.length) return new Map<number, { listingId: number; name: string; projectName: string }>();
  const rows = await rowsWhere(db, rightBindings, inArray(rightBindings.grantId, grantIds));
  const cards = new Map(
    (
      await listingCards(
        db,
        rows.map((r) => r.listingId),
      )
    ).map((c) => [c.id, c]),
  );
  return new Map(
    rows.map((r) => [
      r.grantId,
      { listingId: r.listingId, name: cards.get(r.listingId)?.product_name_v ?? '', projectName: '' },
    ]),
  );
}

/** GET /index/user/rightsEqlst: the company's approved listings to choose from. */
export async function listBindableDevices(
  db: DB,
  companyId: number,
  page: number,
  size: number,
): Promise<TPage<TRightsEq>> {
  const ids = await approvedListingIds(db, companyId, 1000);
  const cards = await listingCards(db, ids.slice((page - 1) * size, page * size));
  return {
    total: ids.length,
    data: cards.map((c) => ({
      id: c.id,
      cover: c.cover,
      product_name_v: c.product_name_v,
      model: c.model,
      province_v: c.province_v,
      city_v: c.city_v,
      area_v: c.area_v,
    })),
  };
}

/**
 * GET /index/user/projectLst: the company's bidding projects. There is no project module yet (bidding comes in a
 * later issue), so the list is empty and a right binds a device alone; the field and the call are there for then.
 */
export async function listBindableProjects(): Promise<TRightsProject[]> {
  return [];
}

/**
 * POST /index/user/rightsEqSave: binds an approved listing of the company to a valid, unbound right of the AAA user.
 * Irreversible: the binding row's primary key is the right, inserted with ON CONFLICT DO NOTHING, so a second save
 * (or two at once) binds once and the other is refused.
 */
export async function bindDevice(
  db: DB,
  actor: TActor,
  userId: number,
  companyId: number,
  v: TRightsEqSave,
  now = new Date(),
) {
  const m = await requireAaa(db, userId, now);
  const g = await rowWhere(db, memberGrants, and(eq(memberGrants.id, v.id), eq(memberGrants.userId, userId)));
  if (!g) return notFound();
  if (!(m.level === g.level && g.expiresAt.getTime() > now.getTime())) throw new AppError('RIGHT_INVALID');
  const [bound] = await db
    .select({ id: rightBindings.grantId })
    .from(rightBindings)
    .where(eq(rightBindings.grantId, g.id))
    .limit(1);
  if (bound) throw new AppError('RIGHT_BOUND');
  await requireApprovedCompanyListing(db, companyId, v.equipment_id);
  // no projects exist yet (listBindableProjects): any project id is unknown
  if (v.project_id) return notFound();
  await inTx(db, async (tx) => {
    const [row] = await tx
      .insert(rightBindings)
      .values({ grantId: g.id, userId, companyId, listingId: v.equipment_id, projectId: 0, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('RIGHT_BOUND');
    await recordAudit(tx, actor, {
      entity: 'member_right',
      entityId: g.id,
      action: 'bindDevice',
      from: 0,
      to: v.equipment_id,
    });
  });
}

async function ownBinding(db: Executor, userId: number, grantId: number) {
  const b = await rowWhere(
    db,
    rightBindings,
    and(eq(rightBindings.grantId, grantId), eq(rightBindings.userId, userId)),
  );
  return b ?? null;
}

export const nameplateUrl = (grantId: number) => `/api/index/user/nameplate?id=${grantId}`;

/** POST /index/user/rightsEqInfo: the device bound to one of the user's rights. */
export async function bindingInfo(db: DB, userId: number, grantId: number): Promise<TRightsEqInfo> {
  const b = await ownBinding(db, userId, grantId);
  if (!b) {
    const [g] = await db
      .select({ id: memberGrants.id })
      .from(memberGrants)
      .where(and(eq(memberGrants.id, grantId), eq(memberGrants.userId, userId)))
      .limit(1);
    if (!g) return notFound();
    throw new AppError('RIGHT_NOT_BOUND');
  }
  const [c] = await listingCards(db, [b.listingId]);
  return {
    id: b.grantId,
    equipment_id: b.listingId,
    project_id: b.projectId,
    isProject: b.projectId ? 1 : 0,
    equip_name: c?.product_name_v ?? '',
    cover: c?.cover ?? '',
    model: c?.model ?? '',
    href: c?.href ?? '',
    project_name: '',
    bind_time: shanghaiDateTime(b.createdAt),
    nameplate_url: nameplateUrl(b.grantId),
  };
}

/**
 * The nameplate of the device bound to the user's right, as PNG, named from the user's phone and the right's id
 * (spec/1 §5: 13800000002_12.png). Only the owner, only while AAA.
 */
export async function nameplatePng(
  deps: TDeps,
  userId: number,
  grantId: number,
  now = new Date(),
): Promise<{ png: Buffer; filename: string }> {
  await requireAaa(deps.db, userId, now);
  const b = await ownBinding(deps.db, userId, grantId);
  if (!b) return notFound();
  const listing = await requireCompanyListing(deps.db, b.companyId, b.listingId);
  const bytes = listing.nameplate.startsWith(UPLOAD_PREFIX)
    ? await deps.store.get(listing.nameplate.slice(UPLOAD_PREFIX.length))
    : null;
  if (!bytes) return notFound();
  const png = await sharp(bytes)
    .rotate()
    .png()
    .toBuffer()
    .catch(() => null);
  if (!png) return notFound();
  const [u] = await deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  return { png, filename: `${u?.phone ?? 'nameplate'}_${grantId}.png` };
}
