import { z } from 'zod';
import { SITE } from '@jizu/shared/constants/site';
import { M, fmt } from '@jizu/shared/messages';
import { zEnvelope, zId } from '@jizu/shared/schemas/common';
import { ZMarketDevice, ZMarketFacets, ZMarketPage, ZMarketQuery } from '@jizu/shared/schemas/market';
import { ok } from '../../platform/envelope';
import type { TModule } from '../../platform/http';
import { publicShopIds, shopMeta } from '../shop/shop.service';
import * as svc from './market.service';
import { registerSiteMeta, registerSitemapSource } from './site-meta';

const tags = ['market'];
const pub = { access: 'public' } as const;

/** Listings in the sitemap (one file holds at most 50 000 addresses; the newest first). */
const SITEMAP_LISTINGS = 45_000;

export const marketRoutes: TModule = (app, deps) => {
  registerSiteMeta(SITE.market, async (_db, _params, query) => {
    const kw = (query.kw ?? '').trim().slice(0, 30);
    return {
      title: `${kw ? `${kw} - ` : ''}${M.market.marketTitle} - ${M.market.siteName}`,
      description: M.market.marketDescription,
    };
  });
  registerSiteMeta('/site/device/:id', async (db, params) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const meta = await svc.deviceMeta(db, id);
    return meta && { title: `${meta.title} - ${M.market.siteName}`, description: meta.description };
  });
  // the shop pages through shop.service's contract (the shop part may register its own resolver instead)
  registerSiteMeta('/site/shop/:id', async (db, params) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const meta = await shopMeta(db, id);
    return (
      meta && {
        title: `${fmt(M.market.shopTitle, { name: meta.title })} - ${M.market.siteName}`,
        description: meta.description,
      }
    );
  });
  registerSitemapSource('market', async () => [{ path: SITE.market }]);
  registerSitemapSource('listings', async (db) =>
    (await svc.sitemapListings(db, SITEMAP_LISTINGS)).map((r) => ({
      path: SITE.device(r.id),
      lastmod: new Date(r.at).toISOString().slice(0, 10),
    })),
  );
  registerSitemapSource('shops', async (db) => (await publicShopIds(db)).map((id) => ({ path: SITE.shop(id) })));

  app.get(
    '/site/market',
    {
      config: pub,
      schema: {
        tags,
        summary: '设备市场：关键词、品类、地区、月租范围（元）筛选，最新 / 租金排序，分页',
        querystring: ZMarketQuery,
        response: { 200: zEnvelope(ZMarketPage) },
      },
    },
    // the envelope is written as text around the cards' stored JSON (a string payload skips the serializer)
    async (req, reply) =>
      reply.type('application/json; charset=utf-8').send((await svc.searchMarketJson(deps.db, req.query)) as never),
  );
  app.get(
    '/site/market/facets',
    {
      config: pub,
      schema: { tags, summary: '设备市场的筛选项（品类与分组）', response: { 200: zEnvelope(ZMarketFacets) } },
    },
    async () => ok(await svc.marketFacets(deps.db)),
  );
  app.get(
    '/site/device/:id',
    {
      config: pub,
      schema: {
        tags,
        summary: '设备详情（公开；未审核、已下架或已删除的设备答 404）',
        params: z.object({ id: zId }),
        response: { 200: zEnvelope(ZMarketDevice) },
      },
    },
    async (req) => ok(await svc.publicDevice(deps.db, req.params.id)),
  );
};
