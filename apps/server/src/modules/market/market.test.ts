import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { equipmentListings, marketListings } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';
import { indexText, keywordQuery } from '../../platform/grams';
import { keywordPlan, pairsPlan, rebuildMarket, syncMarketListing, syncMarketListings } from './market.service';
import { ZMarketQuery } from '@jizu/shared/schemas/market';
import { escapeHtml, injectMeta } from './site-meta';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  owner = await seedUser(t.db, { companyName: '苏州宏达机械租赁有限公司' });
});
afterAll(async () => t?.close());

type TCard = {
  id: number;
  product_name_v: string;
  model: string;
  monthly_rent: number;
  city: number;
  category_v: string;
};
type TPage = { status: number; msg: string; data: { data: TCard[]; total: number; total_capped: boolean } };
const market = async (qs: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/site/market?${qs}` })).json() as TPage;
const inMarket = async (id: number) =>
  (await t.db.select().from(marketListings).where(eq(marketListings.id, id))).length === 1;

// 挖掘机械 → 挖掘机 → 小型挖掘机 / 履带式挖掘机; 起重机械 products further on
const SMALL_EXCAVATOR = { categoryId: 1, groupId: 101, productId: 10103 };
const OTHER = { categoryId: 1, groupId: 101, productId: 10199 };

describe('grams', () => {
  it('cuts characters and pairs; a keyword is found inside words', () => {
    const doc = indexText(['小型挖掘机', 'SY215C', '三一重工']);
    expect(doc.body).toBe('小型挖掘机|sy215c|三一重工');
    const has = (kw: string) => keywordQuery(kw).grams.every((g) => doc.grams.includes(g));
    expect(has('挖掘')).toBe(true);
    expect(has('挖')).toBe(true);
    expect(has('Sy215')).toBe(true);
    expect(has('ＳＹ２１５')).toBe(true); // full-width
    expect(has('装载')).toBe(false);
    // a pair never spans two fields
    expect(has('机s')).toBe(false);
    expect(keywordQuery('  ').grams).toEqual([]);
  });
});

/** Postings of market_pairs that no row of market_listings holds (stray) and pairs of the rows with no posting (missing). */
async function pairsInStep() {
  const q = async (text: string) =>
    ((await t.db.execute(sql.raw(text))) as unknown as { rows: { n: number }[] }).rows[0].n;
  const stray = await q(
    `select count(*)::int as n from market_pairs p where not exists (select 1 from market_listings l where l.id = p.id and l.sort_at = p.sort_at and l.monthly_rent = p.monthly_rent and p.gram = any(l.grams))`,
  );
  const missing = await q(
    `select count(*)::int as n from market_listings l cross join lateral unnest(l.grams) g where (g < 0 or g > 1114111) and not exists (select 1 from market_pairs p where p.gram = g and p.sort_at = l.sort_at and p.id = l.id)`,
  );
  return { stray, missing };
}

describe('sync of the read model', () => {
  it('follows approve, delist, delete, edit-in-review and rent changes', async () => {
    const l = await seedListing(t.db, owner.company.id, owner.user.id, { reviewStatus: 0, approvedAt: null });
    expect(await inMarket(l.id)).toBe(false);
    const set = async (v: Partial<typeof equipmentListings.$inferInsert>) => {
      await t.db.update(equipmentListings).set(v).where(eq(equipmentListings.id, l.id));
      await syncMarketListing(t.db, l.id);
      return inMarket(l.id);
    };
    expect(await set({ reviewStatus: 1, approvedAt: new Date() })).toBe(true);
    expect(await set({ onSell: 2 })).toBe(false);
    expect(await set({ onSell: 1 })).toBe(true);
    expect(await set({ reviewStatus: 0 })).toBe(false); // edited, back in review
    expect(await set({ reviewStatus: 2 })).toBe(false);
    expect(await set({ reviewStatus: 1, monthlyRent: 1_234_500 })).toBe(true);
    const [row] = await t.db.select().from(marketListings).where(eq(marketListings.id, l.id));
    expect(row.monthlyRent).toBe(1_234_500);
    expect(await set({ deletedAt: new Date() })).toBe(false);
    // an unknown id is simply absent
    await syncMarketListing(t.db, 999_999);
    expect(await inMarket(999_999)).toBe(false);
    // the pair postings followed every change: one per pair of each row, at its sort key and rent, and no other
    expect(await pairsInStep()).toEqual({ stray: 0, missing: 0 });
    await set({ deletedAt: null });
    await set({ monthlyRent: 2_000_000, approvedAt: new Date(Date.UTC(2026, 1, 1)) });
    expect(await pairsInStep()).toEqual({ stray: 0, missing: 0 });
  });

  it('keeps a listing whose names NFKC makes very long (the body ends the sort btrees, whose entries are bounded)', async () => {
    // U+FDFA is one character of input and 15 letters after NFKC: 50 of them in the model and the brand are 750
    // letters (1 500 bytes) each: text that compresses badly that long would pass the btree entry limit (2 704 bytes)
    const long = '\ufdfa'.repeat(50);
    const l = await seedListing(t.db, owner.company.id, owner.user.id, { model: long, brand: long });
    await syncMarketListing(t.db, l.id);
    const [row] = await t.db.select().from(marketListings).where(eq(marketListings.id, l.id));
    expect(indexText([long]).body).toHaveLength(750);
    const [, model, brand] = row.body.split('|');
    expect([model.length, brand.length]).toEqual([100, 100]);
    // the batch sync (the demo seed's) cuts the same
    await t.db.delete(marketListings).where(eq(marketListings.id, l.id));
    await syncMarketListings(t.db, [l.id]);
    const [again] = await t.db.select().from(marketListings).where(eq(marketListings.id, l.id));
    expect(again.body).toBe(row.body);
    await t.db.delete(marketListings).where(eq(marketListings.id, l.id));
    await t.db.update(equipmentListings).set({ deletedAt: new Date() }).where(eq(equipmentListings.id, l.id));
  });

  it('rebuildMarket writes the public listings again', async () => {
    const a = await seedListing(t.db, owner.company.id, owner.user.id);
    const b = await seedListing(t.db, owner.company.id, owner.user.id, { onSell: 2 });
    await t.db.delete(marketListings);
    await rebuildMarket(t.db);
    expect(await inMarket(a.id)).toBe(true);
    expect(await inMarket(b.id)).toBe(false);
    expect(await pairsInStep()).toEqual({ stray: 0, missing: 0 });
  });
});

describe('GET /api/site/market', () => {
  let small: number, crawler: number, alias: number, beijing: number;
  beforeAll(async () => {
    // a company of its own so that the other describe's listings do not count
    const p = await seedUser(t.db, { companyName: '测试机械' });
    await t.db.execute(sql`delete from market_pairs`);
    await t.db.delete(marketListings);
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    small = (
      await seedListing(t.db, p.company.id, p.user.id, {
        ...SMALL_EXCAVATOR,
        model: 'XE60DA',
        brand: '徐工',
        monthlyRent: 1_500_000,
        approvedAt: day(3),
      })
    ).id;
    crawler = (
      await seedListing(t.db, p.company.id, p.user.id, {
        model: 'SY215C',
        brand: '三一重工',
        monthlyRent: 3_000_000,
        approvedAt: day(2),
      })
    ).id;
    alias = (
      await seedListing(t.db, p.company.id, p.user.id, {
        ...OTHER,
        productAlias: '矿用电铲',
        model: 'WK-10',
        brand: '太重',
        monthlyRent: 9_000_000,
        approvedAt: day(4),
      })
    ).id;
    beijing = (
      await seedListing(t.db, p.company.id, p.user.id, {
        model: 'PC200-8',
        brand: '小松',
        monthlyRent: 2_000_000,
        province: 11,
        city: 1101,
        area: 110105,
        approvedAt: day(1),
      })
    ).id;
    await seedListing(t.db, p.company.id, p.user.id, { model: 'HIDDEN1', reviewStatus: 0, approvedAt: null });
    await seedListing(t.db, p.company.id, p.user.id, { model: 'HIDDEN2', onSell: 2 });
  });
  const ids = (r: TPage) => r.data.data.map((c) => c.id);

  it('lists public listings newest first, 20 a page, with the total', async () => {
    const r = await market('');
    expect(r.status).toBe(1);
    expect(ids(r)).toEqual([alias, small, crawler, beijing]);
    expect(r.data).toMatchObject({ total: 4, total_capped: false });
    expect(r.data.data[0]).toMatchObject({ product_name_v: '矿用电铲', href: `/site/device/${alias}` });
  });

  it('finds a keyword inside words, a one-character keyword, an alias and model numbers in any case', async () => {
    expect(ids(await market(`kw=${encodeURIComponent('挖掘')}`)).sort()).toEqual(
      [small, crawler, beijing, alias].sort(),
    ); // group 挖掘机 covers all
    expect(ids(await market(`kw=${encodeURIComponent('小型挖')}`))).toEqual([small]);
    expect(ids(await market(`kw=${encodeURIComponent('型')}`))).toEqual([small]);
    expect(ids(await market(`kw=${encodeURIComponent('电铲')}`))).toEqual([alias]);
    expect(ids(await market('kw=sy215'))).toEqual([crawler]);
    expect(ids(await market('kw=pc200-8'))).toEqual([beijing]);
    expect(ids(await market(`kw=${encodeURIComponent('小松 履带')}`))).toEqual([beijing]);
    expect(ids(await market(`kw=${encodeURIComponent('装载机')}`))).toEqual([]);
    expect(ids(await market('kw=hidden'))).toEqual([]);
    // the pairs are there but not next to each other: the re-check refuses
    expect(ids(await market(`kw=${encodeURIComponent('挖掘型')}`))).toEqual([]);
  });

  it('finds the same through the ordered walk as through the GIN index, and picks the walk for common keywords only', async () => {
    const { runSearch } = await import('./market.repo');
    const { toSearch } = await import('./market.service');
    for (const qs of ['kw=挖掘', 'kw=挖掘&sort=rent_asc', 'kw=sy215', 'kw=挖掘&province=32&category=1&page=2&size=1']) {
      const s = toSearch(ZMarketQuery.parse(Object.fromEntries(new URLSearchParams(qs))));
      const gin = await runSearch(t.db, { ...s, keywordPlan: 'gin' });
      const walk = await runSearch(t.db, { ...s, keywordPlan: 'walk' });
      expect(walk).toEqual(gin);
    }
    // the postings of the keyword's rarest pair: exact for one pair, re-checked for more (model numbers, two terms)
    for (const qs of [
      'kw=挖掘',
      'kw=挖掘&sort=rent_asc',
      'kw=挖掘&sort=rent_desc&page=2&size=1',
      'kw=sy215',
      'kw=pc200-8&sort=rent_desc',
      'kw=挖掘型',
      'kw=小松 履带',
      'kw=挖掘&rent_min=100&rent_max=25000',
    ]) {
      const s = toSearch(ZMarketQuery.parse(Object.fromEntries(new URLSearchParams(qs))));
      const pairs = pairsPlan(new Map(s.grams.map((g) => [g, 0.05])), s);
      expect(pairs, qs).not.toBeNull();
      expect(pairs!.pairRows === undefined, qs).toBe(qs.startsWith('kw=挖掘&') || qs === 'kw=挖掘');
      const gin = await runSearch(t.db, { ...s, keywordPlan: 'gin' });
      expect(await runSearch(t.db, { ...s, keywordPlan: 'pairs', ...pairs }), qs).toEqual(gin);
    }
    // no postings for a one-character term, nor with a region, category or group filter
    for (const qs of ['kw=型', 'kw=挖掘 型', 'kw=挖掘&city=3205', 'kw=挖掘&group=101']) {
      const s = toSearch(ZMarketQuery.parse(Object.fromEntries(new URLSearchParams(qs))));
      expect(pairsPlan(new Map(s.grams.map((g) => [g, 0.05])), s), qs).toBeNull();
    }
    const { grams } = keywordQuery('挖掘');
    expect(keywordPlan(new Map(grams.map((g) => [g, 0.1])), grams, 101)).toBe('walk');
    expect(keywordPlan(new Map(grams.map((g) => [g, 0.001])), grams, 101)).toBe('gin');
    expect(keywordPlan(new Map(grams.map((g) => [g, 0.1])), grams, 5001)).toBe('gin');
    expect(keywordPlan(new Map(), grams, 101)).toBe('gin');
  });

  it('walks a btree in sort order, index-only, for every combination of filters, with and without a keyword, in its generic plan too', async () => {
    const { searchStatement } = await import('./market.repo');
    const { toSearch } = await import('./market.service');
    await t.db.execute(sql`vacuum analyze market_listings`);
    await t.db.execute(sql`vacuum analyze market_pairs`);
    const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
    const filters = ['category=1', 'group=101', 'province=32', 'city=3205', 'rent_min=100&rent_max=90000'];
    const misses: string[] = [];
    for (const sort of ['new', 'rent_asc', 'rent_desc'])
      for (let mask = 0; mask < 1 << filters.length; mask++)
        for (const kw of ['', `kw=${encodeURIComponent('挖掘')}&`, `kw=sy215&`]) {
          const qs = `${kw}${filters.filter((_, i) => mask & (1 << i)).join('&')}&sort=${sort}&page=3`;
          const s = toSearch(ZMarketQuery.parse(Object.fromEntries(new URLSearchParams(qs))));
          // the postings where they serve (no region, category or group filter), else the walk of market_listings
          const pairs = kw ? pairsPlan(new Map(s.grams.map((g) => [g, 0.05])), s) : null;
          if (pairs) Object.assign(s, { keywordPlan: 'pairs' }, pairs);
          else if (kw) s.keywordPlan = 'walk';
          const st = searchStatement(s);
          const text = st.text.replace(/\$(\d+)/g, (_, n: string) => literal(st.values[Number(n) - 1]));
          // the planner's other ways (a scan of the table, a bitmap, a sort) made as dear as it has them
          const plan = await t.db.transaction(async (tx) => {
            for (const off of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
              await tx.execute(sql.raw(`set local ${off} = off`));
            const r = (await tx.execute(sql.raw(`explain (costs off) ${text}`))) as unknown as {
              rows: { 'QUERY PLAN': string }[];
            };
            return r.rows.map((x) => x['QUERY PLAN']).join('\n');
          });
          // the matches' walk: the plan up to the subplan that joins the page's cards
          const walk = plan.slice(0, plan.indexOf('SubPlan'));
          if (!/Index Only Scan/.test(walk) || /Sort|Heap|Seq Scan/.test(walk)) misses.push(`${qs}\n${walk}`);
          if (!st.name) continue;
          // a named statement runs its generic plan (planned once per connection): the same walk, for unknown values
          if (Buffer.byteLength(st.name) > 63) misses.push(`${qs}: name ${st.name} is longer than PostgreSQL keeps`);
          const generic = await t.db.transaction(async (tx) => {
            for (const off of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
              await tx.execute(sql.raw(`set local ${off} = off`));
            await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
            await tx.execute(sql.raw(`prepare market_generic as ${st.text}`));
            const r = (await tx.execute(
              sql.raw(`explain (costs off) execute market_generic(${st.values.map(literal).join(', ')})`),
            )) as unknown as {
              rows: { 'QUERY PLAN': string }[];
            };
            await tx.execute(sql.raw('deallocate market_generic'));
            return r.rows.map((x) => x['QUERY PLAN']).join('\n');
          });
          const genericWalk = generic.slice(0, generic.indexOf('SubPlan'));
          if (!/Index Only Scan/.test(genericWalk) || /Sort|Heap|Seq Scan/.test(genericWalk))
            misses.push(`${qs} (generic plan)\n${genericWalk}`);
        }
    expect(misses).toEqual([]);
  });

  it('filters by region, category and rent range (yuan), and sorts by rent', async () => {
    expect(ids(await market('province=11'))).toEqual([beijing]);
    expect(ids(await market('city=3205'))).toEqual([alias, small, crawler]);
    expect(ids(await market('category=1&group=101&province=32'))).toEqual([alias, small, crawler]);
    expect(ids(await market('category=2'))).toEqual([]);
    expect(ids(await market('rent_min=16000&rent_max=30000'))).toEqual([crawler, beijing]);
    expect(ids(await market('sort=rent_asc'))).toEqual([small, beijing, crawler, alias]);
    expect(ids(await market('sort=rent_desc&rent_max=30000'))).toEqual([crawler, beijing, small]);
  });

  it('pages, and caps the count a few pages ahead', async () => {
    const p2 = await market('size=3&page=2');
    expect(ids(p2)).toEqual([beijing]);
    expect(p2.data.total).toBe(4);
    const p1 = await market('size=1');
    // counted up to 1 + 5 pages of 1: 4 is exact
    expect(p1.data).toMatchObject({ total: 4, total_capped: false });
    const far = await market('size=1&page=9');
    expect(far.data.data).toEqual([]);
  });

  it('refuses bad filters with the message', async () => {
    const r = await market('rent_min=300&rent_max=100');
    expect(r).toMatchObject({ status: 0, msg: '租金范围不正确' });
    expect((await market('rent_min=-1')).msg).toBe('租金范围不正确');
    expect((await market(`kw=${'挖'.repeat(31)}`)).msg).toBe('搜索关键词不能超过30个字');
    expect((await market('sort=cheap')).status).toBe(0);
  });

  it('gives the categories and their groups', async () => {
    const r = (await t.app.inject({ method: 'GET', url: '/api/site/market/facets' })).json() as {
      data: { categories: { name: string; groups: { name: string }[] }[] };
    };
    expect(r.data.categories[0].name).toBe('挖掘机械');
    expect(r.data.categories[0].groups.map((g) => g.name)).toContain('挖掘机');
  });
});

describe('the public listing page', () => {
  it('shows a public listing with its specs, company and region', async () => {
    const l = await seedListing(t.db, owner.company.id, owner.user.id, {
      ...SMALL_EXCAVATOR,
      params: { weight: '6', bucket: '0.23', power: '' },
      explain: '车况良好',
    });
    const r = (await t.app.inject({ method: 'GET', url: `/api/site/device/${l.id}` })).json();
    expect(r.status).toBe(1);
    expect(r.data).toMatchObject({
      id: l.id,
      product_name_v: '小型挖掘机',
      company_name: '苏州宏达机械租赁有限公司',
      explain: '车况良好',
      shop: null,
      monthly_rent_v: '30,000.00',
      province_v: '江苏省',
    });
    expect(r.data.params).toEqual([
      { name: '整机质量', value: '6', unit: 't' },
      { name: '斗容量', value: '0.23', unit: 'm³' },
    ]);
    expect(r.data.images).toHaveLength(2);
  });

  it('answers 404 with the spec message for an unapproved, delisted or deleted listing', async () => {
    const pending = await seedListing(t.db, owner.company.id, owner.user.id, { reviewStatus: 0 });
    const rejected = await seedListing(t.db, owner.company.id, owner.user.id, { reviewStatus: 2 });
    const off = await seedListing(t.db, owner.company.id, owner.user.id, { onSell: 2 });
    const gone = await seedListing(t.db, owner.company.id, owner.user.id, { deletedAt: new Date() });
    for (const id of [pending.id, rejected.id, off.id, gone.id, 999_999]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/site/device/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 0, msg: '该设备已下架或尚未通过审核' });
    }
  });
});

describe('search engines', () => {
  it('sends the listing page with its own title, description and canonical link', async () => {
    const l = await seedListing(t.db, owner.company.id, owner.user.id, {
      ...SMALL_EXCAVATOR,
      model: 'XE60<b>',
      explain: '"含机手" & 可开票',
    });
    const res = await t.app.inject({ method: 'GET', url: `/site/device/${l.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>小型挖掘机 XE60&lt;b&gt; 出租 - 机租通</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]*小型挖掘机[^"]*&quot;含机手&quot; &amp; 可开票/);
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl}/site/device/${l.id}" />`);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('noindex');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('sends a delisted listing page with a 404, a generic title and noindex', async () => {
    const l = await seedListing(t.db, owner.company.id, owner.user.id, { model: 'OFF-1', onSell: 2 });
    const res = await t.app.inject({ method: 'GET', url: `/site/device/${l.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>设备已下架 - 机租通</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).not.toContain('OFF-1');
    expect((await t.app.inject({ method: 'GET', url: '/site/device/abc' })).statusCode).toBe(404);
  });

  it('sends the market page with its title, the keyword escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/site/market?kw=${encodeURIComponent('<挖掘>')}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>&lt;挖掘&gt; - 工程机械租赁市场 - 机租通</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/site/market" />`);
  });

  it('lists public listings in /sitemap.xml, not the delisted ones', async () => {
    const on = await seedListing(t.db, owner.company.id, owner.user.id);
    const off = await seedListing(t.db, owner.company.id, owner.user.id, { reviewStatus: 0 });
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain(`<loc>${t.config.publicUrl}/site/device/${on.id}</loc>`);
    expect(res.body).toContain(`<loc>${t.config.publicUrl}/site/market</loc>`);
    expect(res.body).not.toContain(`/site/device/${off.id}<`);
  });

  it('injects into a template and escapes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = injectMeta(
      '<html><head><title>old</title><meta name="description" content="old"></head><body></body></html>',
      { title: 'T$&', description: 'D' },
      'http://x/site/market',
      false,
    );
    expect(html).toContain('<title>T$&amp;</title>');
    expect(html).not.toContain('content="old"');
    expect(html).toContain('<link rel="canonical" href="http://x/site/market" />');
  });
});
