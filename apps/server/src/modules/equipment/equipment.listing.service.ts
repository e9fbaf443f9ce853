import { LISTING_SELL, type TListingAction } from '@jizu/shared/constants/equipment';
import { statusAfter } from '@jizu/shared/rules/machine';
import { fmt, M } from '@jizu/shared/messages';
import type {
  TListingDetail,
  TListingQuery,
  TListingRow as TListingRowView,
  TListingSave,
} from '@jizu/shared/schemas/equipment';
import type { TAttributeDef, TParamDef } from '@jizu/shared/schemas/region';
import { inTx, type DB, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError, conflict, invalid, notFound } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { syncMarketListing } from '../market/market.service';
import { regionChain } from '../region/region.service';
import { findOwnUpload, keyOfAddress, UPLOAD_PREFIX } from '../upload/upload.service';
import * as repo from './equipment.repo';
import { AUDIT_ENTITY, listingNext, requireCompanyListing } from './equipment.service';
import { detailView, rowsView } from './equipment.view';
import { keysetRows } from '../../platform/export';

/* ---------------------------------------------------------------------------------------------------------------
 * The listing form, the company's device list, list / delist, delete (spec/1 §3–§5, §7 /ep/index, /ep/state); the
 * console's review is equipment.review.service's. Every change is compare-and-set against the listing's tables (listingTransition), recorded in the audit trail and
 * mirrored to the market's read model, all in one transaction.
 * ------------------------------------------------------------------------------------------------------------- */

/** GET /ep/index: the company's device list of one tab. */
export async function listCompanyListings(
  db: Executor,
  companyId: number,
  q: TListingQuery,
): Promise<{ data: TListingRowView[]; total: number }> {
  const offset = (q.page - 1) * q.size;
  const { rows, total } = await repo.pageCompanyListings(
    db,
    companyId,
    { tab: q.tab, keyword: q.keyword },
    offset,
    q.size,
  );
  return { data: await rowsView(db, rows), total };
}

/** GET /ep/index/export: the company's whole device list of one tab, in keyset batches (newest first, as the list). */
export function exportCompanyListings(
  db: Executor,
  companyId: number,
  q: Omit<TListingQuery, 'page' | 'size'>,
): AsyncGenerator<TListingRowView[]> {
  const f = { tab: q.tab, keyword: q.keyword };
  return keysetRows(
    async (before, limit) => rowsView(db, await repo.companyListingsBefore(db, companyId, f, before, limit)),
    (r) => r.id,
  );
}

/** GET /ep/index/{id}: one of the company's listings with its form data; another company's is 404. */
export async function getCompanyListing(db: Executor, companyId: number, id: number): Promise<TListingDetail> {
  const named = await repo.findListingWithNames(db, id);
  if (!named || named.l.companyId !== companyId) return notFound();
  return detailView(db, named);
}

/** An image address of the form: the caller's own listing upload, or one the listing already shows. */
async function ownImagePath(
  deps: Pick<TDeps, 'db' | 'config'>,
  userId: number,
  address: string,
  kept: string[],
): Promise<string | null> {
  const key = keyOfAddress(address, deps.config.publicUrl);
  if (!key) return null;
  const path = UPLOAD_PREFIX + key;
  if (kept.includes(path)) return path;
  return (await findOwnUpload(deps, userId, path, 'ep'))?.path ?? null;
}

/**
 * Every rule of the form the schema cannot know alone (spec/1 §3, §5): the product belongs to the group and the group
 * to the category; the alias of an 'other' product; the parameters and attributes of the product; a real region
 * chain; the images and the nameplate are the caller's own listing uploads (or already the listing's). Answers the
 * columns to write.
 */
async function checkSave(
  deps: Pick<TDeps, 'db' | 'config'>,
  userId: number,
  v: TListingSave,
  existing: repo.TListingRow | null,
) {
  const chain = await repo.findProductChain(deps.db, v.product_name);
  if (!chain || chain.product.groupId !== v.group || chain.categoryId !== v.category)
    invalid('product_name', M.equipment.productMismatch);
  const product = chain!.product;
  if (product.isOther && !v.product_another_name) invalid('product_another_name', M.equipment.aliasRequired);

  const defs = product.params as TParamDef[];
  const params: Record<string, string> = {};
  for (const d of defs) {
    const value = v.cs[d.key] ?? '';
    const field = `cs.${d.key}`;
    if (!value) {
      if (d.required) invalid(field, fmt(M.equipment.paramRequired, { name: d.name }));
      continue;
    }
    if (value.length > 50) invalid(field, fmt(M.equipment.paramTooLong, { name: d.name }));
    if (d.input === 'number' && !/^\d+(\.\d+)?$/.test(value))
      invalid(field, fmt(M.equipment.paramNumber, { name: d.name }));
    if (d.input === 'select' && !(d.options ?? []).includes(value))
      invalid(field, fmt(M.equipment.paramOption, { name: d.name }));
    params[d.key] = value;
  }
  const attrDefs = product.attributes as TAttributeDef[];
  const parts = v.attribute ? v.attribute.split('-') : [];
  if (parts.length > attrDefs.length)
    invalid('attribute', fmt(M.equipment.attributeBad, { name: attrDefs[0]?.name ?? '属性' }));
  parts.forEach((p, i) => {
    if (p && !attrDefs[i].options.includes(p))
      invalid('attribute', fmt(M.equipment.attributeBad, { name: attrDefs[i].name }));
  });

  if (!(await regionChain(deps.db, v.province, v.city, v.area))) invalid('province', M.equipment.regionBad);

  const kept = existing ? [...existing.images, existing.nameplate] : [];
  const images: string[] = [];
  for (const a of v.appearance_image) {
    const path = await ownImagePath(deps, userId, a, kept);
    if (!path || images.includes(path)) invalid('appearance_image', M.equipment.imageBad);
    images.push(path!);
  }
  let cover = images[0];
  if (v.cover) {
    const key = keyOfAddress(v.cover, deps.config.publicUrl);
    const path = key ? UPLOAD_PREFIX + key : '';
    if (!images.includes(path)) invalid('cover', M.equipment.coverBad);
    cover = path;
  }
  const nameplate = await ownImagePath(deps, userId, v.nameplate, kept);
  if (!nameplate) invalid('nameplate', M.equipment.nameplateBad);

  return {
    categoryId: v.category,
    groupId: v.group,
    productId: v.product_name,
    productAlias: product.isOther ? v.product_another_name : '',
    model: v.model,
    playingTime: v.playing_time,
    monthlyRent: v.monthly_rent,
    rentRent: v.rent_rent,
    hourlyRent: v.hourly_rent,
    brand: v.brand,
    workingHours: v.working_hours,
    explain: v.explain,
    images,
    cover,
    nameplate: nameplate!,
    serialType: v.serial_type,
    serialNumber: v.serial_number,
    params,
    attribute: parts.join('-'),
    units: defs.map((d) => d.unit).join('-'),
    province: v.province,
    city: v.city,
    area: v.area,
    address: v.address,
    lng: v.lng ?? null,
    lat: v.lat ?? null,
  } satisfies Partial<repo.TListingInsert>;
}

/** The columns a leased listing may change (LISTING_LEASE_EDITABLE, as columns). */
const LEASE_EDITABLE_COLUMNS = new Set([
  'address',
  'province',
  'city',
  'area',
  'lng',
  'lat',
  'monthlyRent',
  'rentRent',
  'hourlyRent',
  /* derived from the product */ 'units',
]);
const canonical = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? JSON.stringify(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
    : JSON.stringify(v ?? null);
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** POST /ep/index: a new listing, sent to the platform's review. */
export async function createListing(
  deps: Pick<TDeps, 'db' | 'config'>,
  actor: TActor,
  companyId: number,
  userId: number,
  v: TListingSave,
): Promise<TListingDetail> {
  const cols = await checkSave(deps, userId, v, null);
  const t = listingNext(null, 'submit', 'company')!;
  const id = await inTx(deps.db, async (tx) => {
    const to = statusAfter(t, null);
    const row = await repo.insertListing(tx, {
      ...cols,
      companyId,
      userId,
      reviewStatus: to,
      onSell: LISTING_SELL.listed,
    });
    await recordAudit(tx, actor, { entity: AUDIT_ENTITY, entityId: row.id, action: 'submit', from: null, to });
    await syncMarketListing(tx, row.id);
    return row.id;
  });
  return getCompanyListing(deps.db, companyId, id);
}

/**
 * PUT /ep/index/{id}: an edit goes back to review. A leased listing may change only its address and rents: any other
 * change is refused with the spec's rule and nothing is written.
 */
export async function updateListing(
  deps: Pick<TDeps, 'db' | 'config'>,
  actor: TActor,
  companyId: number,
  userId: number,
  id: number,
  v: TListingSave,
): Promise<TListingDetail> {
  const row = await requireCompanyListing(deps.db, companyId, id);
  const cols = await checkSave(deps, userId, v, row);
  if (row.hasLease) {
    const changed = (Object.keys(cols) as (keyof typeof cols)[]).filter(
      (k) => !LEASE_EDITABLE_COLUMNS.has(k) && !same(cols[k], row[k]),
    );
    if (changed.length) throw new AppError('LISTING_LEASED_FIELDS');
  }
  const t = listingNext(row, 'edit', 'company');
  if (!t) return conflict();
  const to = statusAfter(t, row.reviewStatus);
  await inTx(deps.db, async (tx) => {
    const updated = await repo.updateListingIf(
      tx,
      id,
      { reviewStatus: row.reviewStatus, hasLease: row.hasLease },
      { ...cols, reviewStatus: to, reviewReason: '' },
    );
    if (!updated) conflict();
    await recordAudit(tx, actor, { entity: AUDIT_ENTITY, entityId: id, action: 'edit', from: row.reviewStatus, to });
    await syncMarketListing(tx, id);
  });
  return getCompanyListing(deps.db, companyId, id);
}

/** DELETE /ep/index/{id}: only while the machine is to rent and has no lease. */
export async function deleteListing(db: DB, actor: TActor, companyId: number, id: number): Promise<void> {
  const row = await requireCompanyListing(db, companyId, id);
  if (!listingNext(row, 'delete', 'company')) throw new AppError('LISTING_LEASED_DELETE');
  await inTx(db, async (tx) => {
    if (!(await repo.deleteIdleListing(tx, id))) throw new AppError('LISTING_LEASED_DELETE');
    await recordAudit(tx, actor, {
      entity: AUDIT_ENTITY,
      entityId: id,
      action: 'delete',
      from: row.reviewStatus,
      to: 'deleted',
    });
    await syncMarketListing(tx, id);
  });
}

/** GET /ep/state/?id=: lists a delisted listing or delists a listed one, only while it is to rent and has no lease. */
export async function toggleListing(
  db: DB,
  actor: TActor,
  companyId: number,
  id: number,
): Promise<{ id: number; on_sell: number; msg: string }> {
  const row = await requireCompanyListing(db, companyId, id);
  const action: TListingAction = row.onSell === LISTING_SELL.listed ? 'delist' : 'list';
  const t = listingNext(row, action, 'company');
  if (!t) throw new AppError('LISTING_LEASED_TOGGLE');
  const to = statusAfter(t, row.onSell);
  await inTx(db, async (tx) => {
    const updated = await repo.updateListingIf(tx, id, { onSell: row.onSell, idle: true }, { onSell: to });
    if (!updated) throw new AppError('LISTING_LEASED_TOGGLE');
    await recordAudit(tx, actor, { entity: AUDIT_ENTITY, entityId: id, action, from: row.onSell, to });
    await syncMarketListing(tx, id);
  });
  return { id, on_sell: to, msg: action === 'list' ? M.equipment.listed : M.equipment.delisted };
}
