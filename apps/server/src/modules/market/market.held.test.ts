import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { equipmentListings, marketCards, marketEpoch, marketListings } from '../../db/schema';
import { captureStatements, createTestApp, seedUser } from '../../test/harness';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';
import { forgetMarketPages, rebuildMarket, syncMarketListing } from './market.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Awaited<ReturnType<typeof seedUser>>;
let statements: ReturnType<typeof captureStatements>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  owner = await seedUser(t.db, { companyName: '苏州恒通机械租赁有限公司' });
  statements = captureStatements(t.db);
});
afterAll(async () => t?.close());

const QS = ['', 'kw=%E6%8C%96%E6%8E%98', 'sort=rent_asc&size=2', 'rent_min=1000&rent_max=90000&page=2&size=1'];
/** every page of QS, as sent */
const pages = async () => {
  const out: string[] = [];
  for (const qs of QS) {
    const r = await t.app.inject({ method: 'GET', url: `/api/site/market?${qs}` });
    expect(r.statusCode).toBe(200);
    out.push(r.body);
  }
  return out;
};
const version = async () => (await t.db.select().from(marketEpoch).where(eq(marketEpoch.id, 1)))[0].n;

describe('the market pages held per process under the read model’s version', () => {
  it('sends the held page while the read model is unchanged, and the fresh one after any write to it', async () => {
    const a = await seedListing(t.db, owner.company.id, owner.user.id, { model: 'SY75C', monthlyRent: 2_000_000 });
    await seedListing(t.db, owner.company.id, owner.user.id, { model: 'SY135C', monthlyRent: 4_000_000 });
    forgetMarketPages(t.db);
    let before = await pages();
    statements.take();
    expect(await pages()).toEqual(before);
    // held: the version's one-row statement alone, no search
    const sent = statements.take();
    expect(sent).toHaveLength(QS.length);
    expect(sent.every((s) => s.includes('market_epoch'))).toBe(true);

    const changes: [string, () => Promise<unknown>][] = [
      ['a listing joins the market', () => seedListing(t.db, owner.company.id, owner.user.id, { model: 'SY365H', monthlyRent: 6_000_000 })],
      [
        'a listing’s rent changes',
        async () => {
          await t.db.update(equipmentListings).set({ monthlyRent: 1_000_000 }).where(eq(equipmentListings.id, a.id));
          await syncMarketListing(t.db, a.id);
        },
      ],
      ['a card changes in the read model alone', () => t.db.update(marketCards).set({ card: sql`replace(${marketCards.card}, 'SY75C', 'SY75C-改')` }).where(eq(marketCards.id, a.id))],
      ['a listing leaves the market', () => t.db.delete(marketListings).where(eq(marketListings.id, a.id))],
      ['the read model is rebuilt', () => rebuildMarket(t.db)],
    ];
    for (const [what, change] of changes) {
      const n = await version();
      await change();
      expect(await version(), `${what}: raised`).toBeGreaterThan(n);
      const now = await pages();
      expect(now, `${what}: shows`).not.toEqual(before);
      forgetMarketPages(t.db);
      expect(now, `${what}: the page sent is the fresh one`).toEqual(await pages());
      before = now;
    }
  });

  it('a writing transaction raises the version once, when it commits; a rolled back one leaves it', async () => {
    const l = await seedListing(t.db, owner.company.id, owner.user.id, { model: 'XE60DA' });
    const n = await version();
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.update(marketCards).set({ card: sql`${marketCards.card}` }).where(eq(marketCards.id, l.id));
      await tx.update(marketListings).set({ monthlyRent: sql`${marketListings.monthlyRent}` }).where(eq(marketListings.id, l.id));
    });
    expect(await version()).toBe(n + 1);
    await t.db
      .transaction(async (tx) => {
        await tx.update(marketCards).set({ card: sql`${marketCards.card}` }).where(eq(marketCards.id, l.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await version()).toBe(n + 1);
    // a write outside a transaction of the app's own is its own transaction
    await t.db.update(marketCards).set({ card: sql`${marketCards.card}` }).where(eq(marketCards.id, l.id));
    expect(await version()).toBe(n + 2);
  });
});

describe('MARKET_HOLD=0', () => {
  it('reads every search afresh', async () => {
    const u = await createTestApp({ MARKET_HOLD: '0' });
    try {
      await loadReferenceData(u.db);
      const o = await seedUser(u.db);
      await seedListing(u.db, o.company.id, o.user.id);
      const seen = captureStatements(u.db);
      for (let i = 0; i < 2; i++) expect((await u.app.inject({ method: 'GET', url: '/api/site/market' })).json()).toMatchObject({ status: 1, data: { total: 1 } });
      const sent = seen.take();
      expect(sent.filter((s) => s.includes('market_listings'))).toHaveLength(2);
      expect(sent.some((s) => s.includes('market_epoch'))).toBe(false);
    } finally {
      await u.close();
    }
  });
});
