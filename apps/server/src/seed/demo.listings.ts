import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { LISTING_REVIEW, LISTING_SELL, LISTING_STATE } from '@jizu/shared/constants/equipment';
import type { TAttributeDef, TParamDef } from '@jizu/shared/schemas/region';
import { equipmentGroups, equipmentProducts } from '../db/schema';
import { insertListing } from '../modules/equipment/equipment.repo';
import { AUDIT_ENTITY } from '../modules/equipment/equipment.service';
import { PLATFORM_ACTOR, recordAudit } from '../modules/audit/audit.service';
import { syncMarketListings } from '../modules/market/market.service';
import { recordStoredUploads } from '../modules/upload/upload.service';
import type { Executor } from '../db/client';
import type { TDemoAreaCtx } from './demo';
import { machineSvg, nameplateSvg, rng, svgToJpeg } from './demo.machines';
import { regionCentre } from '../modules/region/region.centre';
import { COLORS, KIND_OF_GROUP, LISTED, MAKERS, OTHERS, PARAM_VALUES, PLACES } from './demo.listings.data';

/** A listing's pictures in the object store, recorded as the owner's uploads (one statement); their /uploads/… paths. */
async function putImages(
  ctx: TDemoAreaCtx,
  pictures: Buffer[],
  userId: number,
  companyId: number,
  when: Date,
): Promise<string[]> {
  const files = pictures.map((bytes) => ({
    key: `ep/${when.getUTCFullYear()}/${String(when.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}.jpg`,
    kind: 'ep' as const,
    bytes,
    mime: 'image/jpeg',
    userId,
    companyId,
  }));
  await Promise.all(files.map((f) => ctx.store.put(f.key, f.bytes, f.mime)));
  await recordStoredUploads(ctx.tx, files);
  return files.map((f) => `/uploads/${f.key}`);
}

/**
 * Demo listings (issue 9 § demo data): 48 approved, listed machines across the catalogue and 20 cities (mostly the
 * provider's, some the tenant's), each with 2–4 generated photos and a generated nameplate, and listings in review,
 * rejected with a reason, delisted, and one with a running lease. Each goes through the audit trail and the market's
 * read model like a listing made through the form (the read model written once they all are, in a few statements).
 */
/**
 * A real point (GCJ-02) in the listing's district: its centre (data/region-centres.json) moved by up to ~1.5 km, the
 * same for the same listing at every seeding.
 */
function demoPoint(area: number, i: number): { lng: number | null; lat: number | null } {
  const c = regionCentre(area);
  if (!c) return { lng: null, lat: null };
  const r = rng(area * 131 + i);
  const at = (v: number) => Math.round((v + (r() - 0.5) * 0.03) * 1e6) / 1e6;
  return { lng: at(c.lng), lat: at(c.lat) };
}

export async function seedListingsDemo(ctx: TDemoAreaCtx): Promise<void> {
  const { byId, all, drawn } = await (ctx.listingPictures ?? drawListingPictures(ctx.tx));
  const written: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const d = drawn[i];
    if (!d) continue;
    const { seed, review, onSell } = all[i];
    const extra = all[i] as (typeof OTHERS)[number];
    const [productId, brand, model, , monthly, shift, hourly, , owner] = seed;
    const row = byId.get(productId)!;
    const userId = owner === 'p' ? ctx.users.provider : ctx.users.tenant;
    const companyId = owner === 'p' ? ctx.companies.provider : ctx.companies.tenant;
    const when = new Date(Date.now() - (all.length - i) * 6 * 3600_000);
    const [photos, nameplateJpeg] = await d.pictures;
    const paths = await putImages(ctx, [...photos, nameplateJpeg], userId, companyId, when);
    const images = paths.slice(0, -1);
    const nameplate = paths[paths.length - 1];
    const [province, city, area, address] = d.where;
    const listing = await insertListing(ctx.tx, {
      companyId,
      userId,
      categoryId: row.categoryId,
      groupId: row.p.groupId,
      productId,
      model,
      playingTime: d.date,
      monthlyRent: monthly * 100,
      rentRent: shift * 100,
      hourlyRent: hourly * 100,
      brand,
      workingHours: Math.round((2026 - seed[7]) * 1100 + (i % 7) * 130),
      explain: `${brand}${row.p.name}，${seed[7]}年出厂，车况良好，定期保养，手续齐全。可配经验丰富的操作手，支持短租和长租，${address.slice(0, 6)}附近可快速进场。`,
      images,
      cover: images[0],
      nameplate,
      serialType: 3,
      serialNumber: d.serial,
      params: d.values,
      attribute: d.attrs.join('-'),
      units: d.units,
      province,
      city,
      area,
      address,
      ...demoPoint(area, i),
      state: extra.state ?? LISTING_STATE.toRent,
      hasLease: extra.hasLease ?? false,
      reviewStatus: review,
      reviewReason: extra.reason ?? '',
      reviewedAt: review === LISTING_REVIEW.pending ? null : when,
      approvedAt: review === LISTING_REVIEW.approved ? when : null,
      onSell,
      createdAt: when,
      updatedAt: when,
    });
    const actor = { userId, companyId };
    await recordAudit(ctx.tx, actor, {
      entity: AUDIT_ENTITY,
      entityId: listing.id,
      action: 'submit',
      from: null,
      to: LISTING_REVIEW.pending,
    });
    if (review !== LISTING_REVIEW.pending) {
      await recordAudit(
        ctx.tx,
        { ...PLATFORM_ACTOR, userId: ctx.users.admin },
        {
          entity: AUDIT_ENTITY,
          entityId: listing.id,
          action: review === LISTING_REVIEW.approved ? 'approve' : 'reject',
          from: LISTING_REVIEW.pending,
          to: review,
          reason: extra.reason ?? '',
        },
      );
    }
    if (onSell === LISTING_SELL.delisted)
      await recordAudit(ctx.tx, actor, {
        entity: AUDIT_ENTITY,
        entityId: listing.id,
        action: 'delist',
        from: LISTING_SELL.listed,
        to: LISTING_SELL.delisted,
      });
    written.push(listing.id);
  }
  await syncMarketListings(ctx.tx, written);
}

/**
 * The demo listings' pictures (2–4 photos and a nameplate each, 800×600 JPEG), drawn on libvips's own threads while
 * the demo's rows are written. demo.ts starts this before its transaction, so that the drawing overlaps the demo's
 * first rows (and the server's own start) rather than following them; the catalogue it reads is reference data,
 * there already. Answers each listing's pictures as a promise of its own: the first listings are written while the
 * pictures of the last are drawn.
 */
export async function drawListingPictures(db: Executor) {
  const productIds = [...new Set([...LISTED, ...OTHERS.map((o) => o.seed)].map((s) => s[0]))];
  const products = await db
    .select({ p: equipmentProducts, categoryId: equipmentGroups.categoryId })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .where(inArray(equipmentProducts.id, productIds));
  const byId = new Map(products.map((r) => [r.p.id, r]));
  const all = [
    ...LISTED.map((seed) => ({
      seed,
      review: LISTING_REVIEW.approved as number,
      onSell: LISTING_SELL.listed as number,
    })),
    ...OTHERS,
  ];

  // every listing's pictures asked for now, in the listings' order: the seed writes a listing when its own are drawn
  const drawn = all.map(({ seed }, i) => {
    const [productId, brand, model, place, , , , year] = seed;
    const row = byId.get(productId);
    if (!row) return null;
    const r = rng(1000 + i * 97);
    const kind = KIND_OF_GROUP[row.p.groupId] ?? 'excavator';
    const color = COLORS[Math.floor(r() * COLORS.length)];
    const n = 2 + Math.floor(r() * 3);
    const where = PLACES[place];
    const photos = Promise.all(
      Array.from({ length: n }, (_, k) =>
        svgToJpeg(
          machineSvg({
            kind,
            color,
            brand,
            model,
            seed: 50_000 + i * 31 + k * 7,
            caption: `${brand} ${model} · 实拍 ${k + 1}/${n}`,
          }),
        ),
      ),
    );
    const serial = `${model
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 6)
      .toUpperCase()}${year}${String(1000 + i * 37).slice(-4)}`;
    const params = row.p.params as TParamDef[];
    const specParam = params.find((p) => p.input === 'number') ?? params[0];
    const values: Record<string, string> = {};
    for (const d of params) {
      if (d.input === 'select') values[d.key] = d.options?.[Math.floor(r() * (d.options?.length ?? 1))] ?? '';
      else if (d.required || r() < 0.6) {
        const choices = PARAM_VALUES[d.key] ?? ['10'];
        values[d.key] = choices[Math.floor(r() * choices.length)];
      }
    }
    const date = `${year}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
    const nameplate = svgToJpeg(
      nameplateSvg({
        brand,
        maker: MAKERS[brand] ?? `${brand}机械有限公司`,
        product: row.p.name,
        model,
        serial,
        date,
        spec: specParam ? `${specParam.name} ${values[specParam.key] ?? ''}${specParam.unit}` : '',
        seed: 9000 + i,
      }),
    );
    const pictures = Promise.all([photos, nameplate]);
    pictures.catch(() => {}); // awaited by the listings' seed, in turn
    const attrs = (row.p.attributes as TAttributeDef[]).map((a) => a.options[Math.floor(r() * a.options.length)]);
    return { kind, pictures, serial, values, date, attrs, where, units: params.map((p) => p.unit).join('-') };
  });
  return { byId, all, drawn };
}
