import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { MENU } from '@jizu/shared/constants/menu';
import { zEnvelope, zId, zOk, zPage, zPageQuery } from '@jizu/shared/schemas/common';
import {
  ZAdminShelfOrder,
  ZAdminShelfOrderQuery,
  ZCompanyQuery,
  ZRentBuyCard,
  ZShelf,
  ZShelfApply,
  ZShelfApplyResult,
  ZShelfDeviceAdd,
  ZShelfDeviceUpdate,
  ZShelfIdParams,
  ZShelfOrder,
  ZShelfOrderQuery,
  ZShelfPick,
  ZShelfQuery,
  ZShelfReject,
  ZShelfSetting,
} from '@jizu/shared/schemas/shelf';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { exportRoute, pagedRows } from '../../platform/export';
import { actorOf } from '../audit/audit.service';
import * as device from './shelf.device.service';
import * as svc from './shelf.service';
import { SHELF_ORDER_EXPORT_COLUMNS } from './shelf.export';

/** shelf orders and shelves (menu 306); the rent-to-own device endpoints (menu 202) */
const shelfAccess = { access: 'company', menu: MENU.shelf } as const;
const rentAccess = { access: 'company', menu: MENU.deviceBuy } as const;
const tags = ['shelf'];

/** Rent-then-buy shelves (spec/3 § Rent-then-buy shelf page, § Shelves calls). */
export const shelfRoutes: TModule = (app, deps) => {
  const channel = deps.payments;
  svc.registerShelfHook();
  const me = (req: Parameters<typeof actorOf>[0]) => ({
    ...actorOf(req),
    userId: userOf(req).id,
    companyId: companyOf(req).companyId,
  });

  app.get(
    '/ep/shelf',
    {
      config: shelfAccess,
      schema: {
        tags,
        summary: '我的货架（含上架设备 equipment_rentbuy）',
        querystring: ZShelfQuery,
        response: { 200: zEnvelope(zPage(ZShelf)) },
      },
    },
    async (req) => ok(await device.listShelves(deps.db, companyOf(req).companyId, req.query.page, req.query.size)),
  );
  app.post(
    '/ep/shelf',
    {
      config: shelfAccess,
      schema: {
        tags,
        summary: '申请货架（1–5个，预付订单，随后扫码支付）',
        body: ZShelfApply,
        response: { 200: zEnvelope(ZShelfApplyResult) },
      },
    },
    async (req) =>
      ok(await svc.applyShelves(deps.db, channel, me(req), req.body.num, req.body.pay_type), M.shelf.applied),
  );
  app.get(
    '/ep/shelf/setting',
    {
      config: shelfAccess,
      schema: {
        tags,
        summary: '货架单价（分）与有效天数',
        querystring: ZCompanyQuery,
        response: { 200: zEnvelope(ZShelfSetting) },
      },
    },
    async () => ok(await svc.getShelfSetting(deps.db)),
  );
  app.get(
    '/ep/shelf/order',
    {
      config: shelfAccess,
      schema: {
        tags,
        summary: '货架订单（按状态：-1 待支付，0 审核中，1 已生效，2 已驳回）',
        querystring: ZShelfOrderQuery,
        response: { 200: zEnvelope(zPage(ZShelfOrder)) },
      },
    },
    async (req) =>
      ok(
        await svc.listCompanyOrders(
          deps.db,
          companyOf(req).companyId,
          req.query.status,
          req.query.page,
          req.query.size,
        ),
      ),
  );
  app.delete(
    '/ep/shelf/:id',
    {
      config: shelfAccess,
      schema: {
        tags,
        summary: '删除货架订单（仅待支付或已驳回）',
        params: ZShelfIdParams,
        querystring: ZCompanyQuery,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.deleteOrder(deps.db, actorOf(req), companyOf(req).companyId, req.params.id);
      return ok(null, M.shelf.deleted);
    },
  );

  app.get(
    '/epRent/index',
    {
      config: rentAccess,
      schema: {
        tags,
        summary: '以租代售设备（已上架的货架）',
        querystring: ZShelfQuery,
        response: { 200: zEnvelope(zPage(ZShelf)) },
      },
    },
    async (req) =>
      ok(await device.listShelves(deps.db, companyOf(req).companyId, req.query.page, req.query.size, true)),
  );
  app.post(
    '/epRent/index',
    {
      config: rentAccess,
      schema: { tags, summary: '货架添加设备', body: ZShelfDeviceAdd, response: { 200: zEnvelope(ZShelf) } },
    },
    async (req) => ok(await device.addDevice(deps.db, actorOf(req), companyOf(req).companyId, req.body), M.shelf.added),
  );
  app.get(
    '/epRent/equipment',
    {
      config: rentAccess,
      schema: {
        tags,
        summary: '可上架设备（已审核通过的设备）',
        querystring: ZShelfQuery,
        response: { 200: zEnvelope(zPage(ZShelfPick)) },
      },
    },
    async (req) => ok(await device.pickDevices(deps.db, companyOf(req).companyId, req.query.page, req.query.size)),
  );
  app.put(
    '/epRent/index/:id',
    {
      config: rentAccess,
      schema: {
        tags,
        summary: '修改货架设备与以租代售条件',
        params: ZShelfIdParams,
        body: ZShelfDeviceUpdate,
        response: { 200: zEnvelope(ZShelf) },
      },
    },
    async (req) =>
      ok(
        await device.modifyDevice(deps.db, actorOf(req), companyOf(req).companyId, req.params.id, req.body),
        M.shelf.modified,
      ),
  );
  app.delete(
    '/epRent/index/:id',
    {
      config: rentAccess,
      schema: {
        tags,
        summary: '下架货架设备',
        params: ZShelfIdParams,
        querystring: ZCompanyQuery,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await device.takeDown(deps.db, actorOf(req), companyOf(req).companyId, req.params.id);
      return ok(null, M.shelf.takenDown);
    },
  );

  app.get(
    '/site/rentbuy',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: '以租代售设备（公开）',
        querystring: zPageQuery(12),
        response: { 200: zEnvelope(zPage(ZRentBuyCard)) },
      },
    },
    async (req) => ok(await device.publicRentBuy(deps.db, req.query.page, req.query.size)),
  );

  // admin console
  app.get(
    '/admin/shelf-orders',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '货架订单审核列表',
        querystring: ZAdminShelfOrderQuery,
        response: { 200: zEnvelope(zPage(ZAdminShelfOrder)) },
      },
    },
    async (req) => ok(await svc.adminListOrders(deps.db, req.query.status, req.query.page, req.query.size)),
  );
  exportRoute(app, '/admin/shelf-orders/export', {
    config: { access: 'staff' },
    tags: ['admin'],
    summary: '导出货架订单审核列表（Excel，按当前状态）',
    querystring: ZAdminShelfOrderQuery,
    name: '货架订单',
    columns: SHELF_ORDER_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => svc.adminListOrders(deps.db, q.status, page, size)),
  });
  app.post(
    '/admin/shelf-orders/:id/approve',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '货架订单审核通过（生成货架）',
        params: z.object({ id: zId }),
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.reviewOrder(deps.db, { ...actorOf(req), userId: userOf(req).id }, req.params.id, 'approve', '');
      return ok(null, M.common.ok);
    },
  );
  app.post(
    '/admin/shelf-orders/:id/reject',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '货架订单驳回（标记待退款）',
        params: z.object({ id: zId }),
        body: ZShelfReject,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.reviewOrder(
        deps.db,
        { ...actorOf(req), userId: userOf(req).id },
        req.params.id,
        'reject',
        req.body.reason,
      );
      return ok(null, M.common.ok);
    },
  );
  app.post(
    '/admin/shelf-orders/:id/refunded',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '驳回订单标记已退款', params: z.object({ id: zId }), response: { 200: zOk } },
    },
    async (req) => {
      await svc.markRefunded(deps.db, actorOf(req), req.params.id);
      return ok(null, M.common.ok);
    },
  );
  app.get(
    '/admin/shelf/setting',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '货架单价与有效天数', response: { 200: zEnvelope(ZShelfSetting) } },
    },
    async () => ok(await svc.getShelfSetting(deps.db)),
  );
  app.post(
    '/admin/shelf/setting',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '修改货架单价与有效天数', body: ZShelfSetting, response: { 200: zOk } },
    },
    async (req) => {
      await svc.saveShelfSetting(deps.db, actorOf(req), req.body);
      return ok(null, M.common.saved);
    },
  );
};
