import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { MENU } from '@jizu/shared/constants/menu';
import { zCompanyScoped, zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZAdminListingDetail,
  ZAdminListingPage,
  ZAdminListingQuery,
  ZListingDetail,
  ZListingIdParam,
  ZListingIdQuery,
  ZListingPage,
  ZListingQuery,
  ZListingReject,
  ZListingSave,
  ZListingStateResult,
} from '@jizu/shared/schemas/equipment';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import * as review from './equipment.review.service';
import * as svc from './equipment.listing.service';
import { exportRoute, pagedRows } from '../../platform/export';
import { LISTING_EXPORT_COLUMNS, LISTING_REVIEW_EXPORT_COLUMNS } from './equipment.export';

const access = { access: 'company', menu: MENU.deviceRent } as const;
const tags = ['equipment'];

/**
 * The second client's listing calls (spec/1 §7): GET/POST /ep/index, GET/PUT/DELETE /ep/index/{id}, GET /ep/state/
 * (list / delist), all in the company context with the 直租设备 grant; and the console's review queue.
 */
export const equipmentRoutes: TModule = (app, deps) => {
  app.get(
    '/ep/index',
    {
      config: access,
      schema: {
        tags,
        summary:
          '直租设备列表（tab: all 全部 / listed 已上架 / delisted 已下架 / submitted 已提交；keyword 名称、型号、品牌）',
        querystring: ZListingQuery,
        response: { 200: zEnvelope(ZListingPage) },
      },
    },
    async (req) => ok(await svc.listCompanyListings(deps.db, companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/ep/index/export', {
    config: access,
    tags,
    summary: '导出直租设备列表（Excel，按当前标签页与关键词）',
    querystring: ZListingQuery,
    name: '直租设备',
    columns: LISTING_EXPORT_COLUMNS,
    rows: (req, q) => svc.exportCompanyListings(deps.db, companyOf(req).companyId, q),
  });
  app.post(
    '/ep/index',
    {
      config: access,
      schema: {
        tags,
        summary: '发布设备（进入平台审核）；租金以元为单位，最多两位小数',
        body: ZListingSave,
        response: { 200: zEnvelope(ZListingDetail) },
      },
    },
    async (req) =>
      ok(
        await svc.createListing(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body),
        M.equipment.published,
      ),
  );
  app.get(
    '/ep/index/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '设备详情（编辑表单数据；租金单位为分）',
        params: ZListingIdParam,
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZListingDetail) },
      },
    },
    async (req) => ok(await svc.getCompanyListing(deps.db, companyOf(req).companyId, req.params.id)),
  );
  app.put(
    '/ep/index/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '修改设备（重新进入审核）；已有租赁的设备只能修改地址和租金',
        params: ZListingIdParam,
        body: ZListingSave,
        response: { 200: zEnvelope(ZListingDetail) },
      },
    },
    async (req) =>
      ok(
        await svc.updateListing(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.params.id, req.body),
        M.equipment.modified,
      ),
  );
  app.delete(
    '/ep/index/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '删除设备（待租且无租赁时）；company_id 放在查询参数中',
        params: ZListingIdParam,
        querystring: zCompanyScoped,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.deleteListing(deps.db, actorOf(req), companyOf(req).companyId, req.params.id);
      return ok(null, M.common.deleted);
    },
  );
  app.get(
    '/ep/state/',
    {
      config: access,
      schema: {
        tags,
        summary: '上架 / 下架切换（待租且无租赁时）',
        querystring: ZListingIdQuery,
        response: { 200: zEnvelope(ZListingStateResult) },
      },
    },
    async (req) => {
      const r = await svc.toggleListing(deps.db, actorOf(req), companyOf(req).companyId, req.query.id);
      return ok({ id: r.id, on_sell: r.on_sell }, r.msg);
    },
  );

  const staff = { access: 'staff' } as const;
  const adminTags = ['admin'];
  app.get(
    '/admin/equipment',
    {
      config: staff,
      schema: {
        tags: adminTags,
        summary: '设备审核列表（status 0 待审核 / 1 已通过 / 2 未通过）',
        querystring: ZAdminListingQuery,
        response: { 200: zEnvelope(ZAdminListingPage) },
      },
    },
    async (req) => ok(await review.pageListingReviews(deps.db, req.query.status, req.query.page, req.query.size)),
  );
  exportRoute(app, '/admin/equipment/export', {
    config: staff,
    tags: adminTags,
    summary: '导出设备审核列表（Excel，按当前状态）',
    querystring: ZAdminListingQuery,
    name: '设备审核',
    columns: LISTING_REVIEW_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => review.pageListingReviews(deps.db, q.status, page, size)),
  });
  app.get(
    '/admin/equipment/:id',
    {
      config: staff,
      schema: {
        tags: adminTags,
        summary: '设备审核详情（图片、铭牌、参数、审核记录）',
        params: z.object({ id: zId }),
        response: { 200: zEnvelope(ZAdminListingDetail) },
      },
    },
    async (req) => ok(await review.adminListingDetail(deps.db, req.params.id)),
  );
  app.post(
    '/admin/equipment/:id/approve',
    {
      config: staff,
      schema: { tags: adminTags, summary: '设备审核通过', params: z.object({ id: zId }), response: { 200: zOk } },
    },
    async (req) => {
      await review.reviewListing(deps.db, actorOf(req), req.params.id, 'approve', '');
      return ok(null, M.common.ok);
    },
  );
  app.post(
    '/admin/equipment/:id/reject',
    {
      config: staff,
      schema: {
        tags: adminTags,
        summary: '设备审核驳回（原因必填，不超过200字）',
        params: z.object({ id: zId }),
        body: ZListingReject,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await review.reviewListing(deps.db, actorOf(req), req.params.id, 'reject', req.body.reason);
      return ok(null, M.common.ok);
    },
  );
};
