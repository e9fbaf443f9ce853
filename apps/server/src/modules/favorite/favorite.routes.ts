import { M } from '@jizu/shared/messages';
import { zEnvelope, zOk } from '@jizu/shared/schemas/common';
import {
  ZFavoriteAdd,
  ZFavoriteDel,
  ZFavoritePage,
  ZFavoriteQuery,
  ZFavoriteState,
  ZFavoriteStateQuery,
} from '@jizu/shared/schemas/favorite';
import { ok } from '../../platform/envelope';
import { requestedCompanyId, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { resolveCompanyCtx } from '../../platform/company-context';
import * as svc from './favorite.service';

const tags = ['favorite'];
const user = { access: 'user' } as const;

/** Favourites (spec/1 §7): per user (我的收藏 is a personal page); the public pages read and toggle the state. */
export const favoriteRoutes: TModule = (app, deps) => {
  const db = deps.db;
  app.get(
    '/index/favorite/lst',
    {
      config: user,
      schema: {
        tags,
        summary: '我的收藏（type 0 设备，1 店铺）',
        querystring: ZFavoriteQuery,
        response: { 200: zEnvelope(ZFavoritePage) },
      },
    },
    async (req) => ok(await svc.listFavorites(db, userOf(req).id, req.query)),
  );
  app.post(
    '/index/favorite/del',
    { config: user, schema: { tags, summary: '取消收藏', body: ZFavoriteDel, response: { 200: zOk } } },
    async (req) => {
      await svc.removeFavorite(db, userOf(req).id, req.body.id);
      return ok(null, M.favorite.removed);
    },
  );
  app.post(
    '/index/favorite/add',
    {
      config: user,
      schema: {
        tags,
        summary: '收藏公开的设备或店铺',
        body: ZFavoriteAdd,
        response: { 200: zEnvelope(ZFavoriteState) },
      },
    },
    async (req) => {
      // the company the user works in, kept only when the user is a member of it
      const wanted = requestedCompanyId(req);
      const ctx = wanted && wanted > 0 ? await resolveCompanyCtx(db, userOf(req).id, wanted) : null;
      return ok(
        await svc.addFavorite(db, userOf(req).id, ctx?.companyId ?? null, req.body.type, req.body.target_id),
        M.favorite.added,
      );
    },
  );
  app.get(
    '/index/favorite/state',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '收藏状态与收藏数（公开页面）',
        querystring: ZFavoriteStateQuery,
        response: { 200: zEnvelope(ZFavoriteState) },
      },
    },
    async (req) => ok(await svc.favoriteState(db, req.user?.id ?? null, req.query.type, req.query.target_id)),
  );
};
