import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { MENU } from '@jizu/shared/constants/menu';
import { zCompanyScoped, zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZAdminCases,
  ZAdminCovers,
  ZAdminHonours,
  ZAdminShopQuery,
  ZAdminShops,
  ZCaseQuery,
  ZCaseSave,
  ZCoverSave,
  ZHonourSave,
  ZHotAdd,
  ZHotDevices,
  ZItemId,
  ZPublicShop,
  ZShopApply,
  ZShopCase,
  ZShopCover,
  ZShopHonour,
  ZShopIdParam,
  ZShopInfo,
  ZShopOptions,
  ZShopReject,
} from '@jizu/shared/schemas/shop';
import { zPage } from '@jizu/shared/schemas/common';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { exportRoute, pagedRows, type TExportColumn } from '../../platform/export';
import { actorOf } from '../audit/audit.service';
import * as decor from './shop.decor.service';
import * as review from './shop.review.service';
import * as svc from './shop.service';
import * as X from './shop.export';

const setting = { access: 'company', menu: MENU.shopSetting } as const;
const decorate = { access: 'company', menu: MENU.shopDecorate } as const;
const staff = { access: 'staff' } as const;
const tags = ['shop'];
const admin = ['admin'];

/**
 * The shop (spec/1 §7 shop calls). The spec lists the decoration's changes (addeq, deleq, addpic, addproject,
 * delproject, addhonor, delHonor) as GET; they change state, so they are POST here: the platform's CSRF defence
 * (X-Requested-With on cookie-authenticated unsafe methods) covers only unsafe methods, and a GET that changes
 * state could be triggered by a link on another site.
 */
export const shopRoutes: TModule = (app, deps) => {
  app.get(
    '/shop/shop/create',
    {
      config: setting,
      schema: {
        tags,
        summary: '店铺设置选项（c=0 须先完成认证）',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZShopOptions) },
      },
    },
    async (req) => ok(await svc.shopOptions(deps.db, companyOf(req).companyId, userOf(req).id)),
  );
  app.get(
    '/shop/shop',
    {
      config: setting,
      schema: {
        tags,
        summary: '店铺信息（shop_status；c=0 须先上传设备）',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZShopInfo) },
      },
    },
    async (req) => ok(await svc.shopInfo(deps, companyOf(req).companyId)),
  );
  app.post(
    '/shop/shop',
    {
      config: setting,
      schema: { tags, summary: '提交店铺申请', body: ZShopApply, response: { 200: zEnvelope(ZShopInfo) } },
    },
    async (req) =>
      ok(await svc.applyShop(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body), M.shop.applied),
  );
  app.put(
    '/shop/shop/:id',
    {
      config: setting,
      schema: {
        tags,
        summary: '修改店铺信息（重新审核）',
        params: ZShopIdParam,
        body: ZShopApply,
        response: { 200: zEnvelope(ZShopInfo) },
      },
    },
    async (req) =>
      ok(
        await svc.modifyShop(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.params.id, req.body),
        M.shop.modified,
      ),
  );

  // ---------- decoration (an approved shop) ----------
  app.get(
    '/shop/eq',
    {
      config: decorate,
      schema: {
        tags,
        summary: '热租设备（options：可上架的已审核设备）',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZHotDevices) },
      },
    },
    async (req) => ok(await decor.listHotDevices(deps.db, companyOf(req).companyId)),
  );
  app.post(
    '/shop/addeq',
    { config: decorate, schema: { tags, summary: '热租设备上架（最多3台）', body: ZHotAdd, response: { 200: zOk } } },
    async (req) => {
      await decor.addHotDevice(deps.db, actorOf(req), companyOf(req).companyId, req.body.eq_id);
      return ok(null, M.shop.shelved);
    },
  );
  app.post(
    '/shop/deleq',
    { config: decorate, schema: { tags, summary: '热租设备下架', body: ZItemId, response: { 200: zOk } } },
    async (req) => {
      await decor.removeHotDevice(deps.db, actorOf(req), companyOf(req).companyId, req.body.id);
      return ok(null, M.shop.unshelved);
    },
  );
  app.get(
    '/shop/pic',
    {
      config: decorate,
      schema: { tags, summary: '店铺焦点图', querystring: zCompanyScoped, response: { 200: zEnvelope(ZShopCover) } },
    },
    async (req) => ok(await decor.getCover(deps, companyOf(req).companyId)),
  );
  app.post(
    '/shop/addpic',
    {
      config: decorate,
      schema: {
        tags,
        summary: '上传焦点图（jpg/png，3M以内，提交审核）',
        body: ZCoverSave,
        response: { 200: zEnvelope(ZShopCover) },
      },
    },
    async (req) =>
      ok(
        await decor.saveCover(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body.shop_cover),
        M.common.submitted,
      ),
  );
  app.post(
    '/shop/delpic',
    {
      config: decorate,
      schema: { tags, summary: '删除焦点图', body: zCompanyScoped, response: { 200: zEnvelope(ZShopCover) } },
    },
    async (req) => ok(await decor.deleteCover(deps, actorOf(req), companyOf(req).companyId), M.common.deleted),
  );
  app.get(
    '/shop/lisproject',
    {
      config: decorate,
      schema: {
        tags,
        summary: '工程案例列表',
        querystring: ZCaseQuery,
        response: { 200: zEnvelope(zPage(ZShopCase)) },
      },
    },
    async (req) => ok(await decor.pageCases(deps.db, companyOf(req).companyId, req.query.page, req.query.size)),
  );
  app.post(
    '/shop/addproject',
    {
      config: decorate,
      schema: { tags, summary: '添加工程案例（提交审核）', body: ZCaseSave, response: { 200: zEnvelope(ZShopCase) } },
    },
    async (req) =>
      ok(await decor.addCase(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body), M.common.added),
  );
  app.post(
    '/shop/delproject',
    { config: decorate, schema: { tags, summary: '删除工程案例', body: ZItemId, response: { 200: zOk } } },
    async (req) => {
      await decor.deleteCase(deps.db, actorOf(req), companyOf(req).companyId, req.body.id);
      return ok(null, M.common.deleted);
    },
  );
  app.get(
    '/shop/listHonor',
    {
      config: decorate,
      schema: {
        tags,
        summary: '荣誉资质列表',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(z.array(ZShopHonour)) },
      },
    },
    async (req) => ok(await decor.listHonours(deps.db, companyOf(req).companyId)),
  );
  app.post(
    '/shop/addhonor',
    {
      config: decorate,
      schema: {
        tags,
        summary: '添加荣誉资质（最多4张，提交审核）',
        body: ZHonourSave,
        response: { 200: zEnvelope(ZShopHonour) },
      },
    },
    async (req) =>
      ok(await decor.addHonour(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body), M.common.added),
  );
  app.post(
    '/shop/delHonor',
    { config: decorate, schema: { tags, summary: '删除荣誉资质', body: ZItemId, response: { 200: zOk } } },
    async (req) => {
      await decor.deleteHonour(deps.db, actorOf(req), companyOf(req).companyId, req.body.id);
      return ok(null, M.common.deleted);
    },
  );

  // ---------- public ----------
  app.get(
    '/site/shop/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: '店铺公开页',
        params: ZShopIdParam,
        response: { 200: zEnvelope(ZPublicShop) },
      },
    },
    async (req) => ok(await svc.publicShop(deps.db, req.params.id)),
  );

  // ---------- the admin's review queues ----------
  const queue = <R>(
    path: string,
    summary: string,
    rows: z.ZodType,
    page: (status: number, page: number, size: number) => Promise<{ data: R[]; total: number }>,
    review: (
      actor: ReturnType<typeof actorOf>,
      id: number,
      action: 'approve' | 'reject',
      reason: string,
    ) => Promise<void>,
    columns: TExportColumn<R>[],
  ) => {
    app.get(
      path,
      {
        config: staff,
        schema: {
          tags: admin,
          summary: `${summary}审核列表`,
          querystring: ZAdminShopQuery,
          response: { 200: zEnvelope(rows) },
        },
      },
      async (req) => ok(await page(req.query.status, req.query.page, req.query.size)),
    );
    exportRoute(app, `${path}/export`, {
      config: staff,
      tags: admin,
      summary: `导出${summary}审核列表（Excel，按当前状态）`,
      querystring: ZAdminShopQuery,
      name: `${summary}审核`,
      columns,
      rows: (_req, q) => pagedRows((p, n) => page(q.status, p, n)),
    });
    app.post(
      `${path}/:id/approve`,
      {
        config: staff,
        schema: { tags: admin, summary: `${summary}审核通过`, params: z.object({ id: zId }), response: { 200: zOk } },
      },
      async (req) => {
        await review(actorOf(req), req.params.id, 'approve', '');
        return ok(null, M.common.ok);
      },
    );
    app.post(
      `${path}/:id/reject`,
      {
        config: staff,
        schema: {
          tags: admin,
          summary: `${summary}审核驳回`,
          params: z.object({ id: zId }),
          body: ZShopReject,
          response: { 200: zOk },
        },
      },
      async (req) => {
        await review(actorOf(req), req.params.id, 'reject', req.body.reason);
        return ok(null, M.common.ok);
      },
    );
  };
  queue(
    '/admin/shops',
    '店铺',
    ZAdminShops,
    (s, p, n) => review.pageShopQueue(deps.db, s, p, n),
    (a, id, act, r) => review.reviewShop(deps.db, a, id, act, r),
    X.SHOP_QUEUE_EXPORT_COLUMNS,
  );
  queue(
    '/admin/shop-covers',
    '店铺焦点图',
    ZAdminCovers,
    (s, p, n) => review.pageCoverQueue(deps.db, s, p, n),
    (a, id, act, r) => review.reviewCover(deps.db, a, id, act, r),
    X.COVER_QUEUE_EXPORT_COLUMNS,
  );
  queue(
    '/admin/shop-cases',
    '工程案例',
    ZAdminCases,
    (s, p, n) => review.pageCaseQueue(deps.db, s, p, n),
    (a, id, act, r) => review.reviewCase(deps.db, a, id, act, r),
    X.CASE_QUEUE_EXPORT_COLUMNS,
  );
  queue(
    '/admin/shop-honours',
    '荣誉资质',
    ZAdminHonours,
    (s, p, n) => review.pageHonourQueue(deps.db, s, p, n),
    (a, id, act, r) => review.reviewHonour(deps.db, a, id, act, r),
    X.HONOUR_QUEUE_EXPORT_COLUMNS,
  );
};
