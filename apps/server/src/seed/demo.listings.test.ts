import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { auditEvents, equipmentListings, uploads } from '../db/schema';
import type { Executor } from '../db/client';
import { marketCards, marketListings } from '../modules/market/market.tables';
import { rebuildMarket } from '../modules/market/market.service';
import { MemoryStore } from '../platform/object-store';
import { createTestApp } from '../test/harness';
import { seedDemoIfEmpty } from './demo';
import { loadReferenceData } from './reference';

let t: Awaited<ReturnType<typeof createTestApp>>;
const store = new MemoryStore();
beforeAll(async () => {
  t = await createTestApp({}, { store });
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

describe('demo listings', () => {
  it('40+ approved, listed listings across the catalogue and regions, every photo and nameplate distinct; every other state too', async () => {
    const started = Date.now();
    const r = await seedDemoIfEmpty(t.db, t.config, store);
    const ms = Date.now() - started;
    console.warn(`demo seed with listings: ${ms} ms`);
    expect(r.seeded).toBe(true);
    const rows = await t.db.select().from(equipmentListings);
    const listed = rows.filter((l) => l.reviewStatus === 1 && l.onSell === 1);
    expect(listed.length).toBeGreaterThanOrEqual(40);
    expect(new Set(listed.map((l) => l.categoryId)).size).toBeGreaterThanOrEqual(9);
    expect(new Set(listed.map((l) => l.groupId)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(listed.map((l) => l.province)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(listed.map((l) => l.companyId)).size).toBe(2);
    expect(rows.some((l) => l.reviewStatus === 0)).toBe(true);
    expect(rows.some((l) => l.reviewStatus === 2 && l.reviewReason)).toBe(true);
    expect(rows.some((l) => l.onSell === 2)).toBe(true);
    expect(rows.some((l) => l.hasLease)).toBe(true);
    for (const l of rows) {
      expect(l.images.length).toBeGreaterThanOrEqual(2);
      expect(l.images.length).toBeLessThanOrEqual(4);
      expect(l.cover).toBe(l.images[0]);
    }
    // no image repeats: every stored photo and nameplate has bytes of its own
    const paths = rows.flatMap((l) => [...l.images, l.nameplate]);
    const hashes = new Set<string>();
    for (const p of paths) {
      const bytes = await store.get(p.slice('/uploads/'.length));
      expect(bytes?.subarray(0, 2).toString('hex')).toBe('ffd8');
      hashes.add(createHash('md5').update(bytes!).digest('hex'));
    }
    expect(hashes.size).toBe(paths.length);
    // recorded as the owners' uploads, served publicly
    expect((await t.db.select().from(uploads).where(eq(uploads.kind, 'ep'))).length).toBe(paths.length);
    const res = await t.app.inject({ method: 'GET', url: rows[0].cover });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await t.db.select().from(auditEvents).where(eq(auditEvents.entity, 'equipment'))).length).toBeGreaterThan(
      rows.length,
    );
  });

  it("writes the market's read model with the listings: a rebuild from them writes the same rows", async () => {
    const read = async (db: Executor) => ({
      rows: await db.select().from(marketListings).orderBy(asc(marketListings.id)),
      cards: await db.select().from(marketCards).orderBy(asc(marketCards.id)),
    });
    const seeded = await read(t.db);
    const publicListings = await t.db
      .select({ id: equipmentListings.id })
      .from(equipmentListings)
      .where(eq(equipmentListings.onSell, 1));
    expect(seeded.rows.length).toBeGreaterThanOrEqual(40);
    expect(seeded.rows.length).toBeLessThanOrEqual(publicListings.length);
    expect(seeded.cards.map((c) => c.id)).toEqual(seeded.rows.map((r) => r.id));
    class Rollback extends Error {}
    const rebuilt = await t.db
      .transaction(async (tx) => {
        await rebuildMarket(tx);
        const r = await read(tx);
        throw Object.assign(new Rollback(), { r });
      })
      .catch((e: unknown) => {
        if (e instanceof Rollback) return (e as Rollback & { r: Awaited<ReturnType<typeof read>> }).r;
        throw e;
      });
    expect(rebuilt).toEqual(seeded);
  });
});
