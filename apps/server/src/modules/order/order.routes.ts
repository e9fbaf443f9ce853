import { z } from 'zod';
import { MENU } from '@jizu/shared/constants/menu';
import { order as msg } from '@jizu/shared/messages/order';
import { fmt } from '@jizu/shared/messages/fmt';
import { zCompanyScoped, zEnvelope, zOk } from '@jizu/shared/schemas/common';
import { ZCreateOrderPre } from '@jizu/shared/schemas/selection';
import {
  ZCreateCandidate,
  ZCreateOne,
  ZOrderClose,
  ZOrderDetailFull,
  ZOrderForm,
  ZOrderHistoryPage,
  ZOrderHistoryQuery,
  ZOrderId,
  ZOrderLineSave,
  ZOrderListQuery,
  ZOrderPage,
  ZOrderReturn,
  ZOrderSubmit,
  ZProviderConfirm,
  ZProviderConfirmForm,
} from '@jizu/shared/schemas/order';
import { ok } from '../../platform/envelope';
import { companyOf } from '../../platform/access';
import { vaultOf } from '../../platform/crypto';
import type { TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import { createOrderPre, createOrders, orderCandidates } from '../bidding/select.orders.service';
import { countWorkingMachines } from '../machine/machine.service';
import { inspectionDisputesOf } from '../machine/machine.inspect.service';
import { contractSummaryOf } from '../contract/contract.service';
import { payStatOf, statDates } from '../orderpay/orderpay.service';
import * as moves from './order.moves.service';
import * as svc from './order.service';
import { exportRoute } from '../../platform/export';

const tags = ['order'];
/** The detail page's reply data: the detail with the contract summary and the side's payment statistics. */
const detailReply = (d: svc.TDetailPage, who: 'tenant' | 'provider') => ({
  ...d.detail,
  contract: contractSummaryOf(d.contracts, who),
  ...payStatOf(d.pay, who),
  inspection_disputes: inspectionDisputesOf(d.disputes),
});
const tenant = { access: 'company', menu: MENU.rentOrder } as const;
const provider = { access: 'company', menu: MENU.leaseOrder } as const;

/**
 * Rental orders (spec/2 §7 Orders): the tenant's list, creation from a completed bidding, line edits, the confirmation
 * form and closing under /rent/order; the provider's list, confirmation and return under /ep. Both sides read one
 * detail view shaped by ORDER_MACHINE (the `actions` each side may take now).
 */
export const orderRoutes: TModule = (app, deps) => {
  const db = deps.db;
  const vault = vaultOf(deps.config);

  // ---------- tenant ----------
  app.get(
    '/rent/order/lst',
    {
      config: tenant,
      schema: {
        tags,
        summary:
          '租入订单列表（status -1 全部，0 待提交含已退回，1–4；bsn 订单编号、项目名称、服务商、施工地址、创建日期）',
        querystring: ZOrderListQuery,
        response: { 200: zEnvelope(ZOrderPage) },
      },
    },
    async (req) => ok(await svc.listOrdersPage(db, 'tenant', companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/rent/order/export', {
    config: tenant,
    tags,
    summary: '导出租入订单（Excel，按当前筛选条件，逐行流式写出）',
    querystring: ZOrderListQuery,
    name: '租入订单',
    columns: svc.ORDER_EXPORT_COLUMNS,
    rows: (req, q) => svc.exportOrders(db, 'tenant', companyOf(req).companyId, q),
  });
  app.get(
    '/rent/order/detail',
    {
      config: tenant,
      schema: {
        tags,
        summary: '租入订单详情（含合同、付款统计 PayerStat；订单动态另见 /rent/order/history）',
        querystring: ZOrderId,
        response: { 200: zEnvelope(ZOrderDetailFull) },
      },
    },
    async (req) =>
      ok(
        detailReply(
          await svc.orderDetailPage(db, vault, 'tenant', companyOf(req).companyId, req.query.id, statDates()),
          'tenant',
        ),
      ),
  );
  app.get(
    '/rent/order/history',
    {
      config: tenant,
      schema: {
        tags,
        summary: '租入订单动态（最新在前，分页：before 为已显示的最早一条的 id）',
        querystring: ZOrderHistoryQuery,
        response: { 200: zEnvelope(ZOrderHistoryPage) },
      },
    },
    async (req) => ok(await svc.orderHistory(db, 'tenant', companyOf(req).companyId, req.query)),
  );
  app.get(
    '/rent/order/createCheck',
    {
      config: tenant,
      schema: {
        tags,
        summary: '添加订单前置检查（企业认证、是否有可生成订单的竞价项目）',
        querystring: zCompanyScoped,
        response: { 200: zOk },
      },
    },
    async (req) => {
      const companyId = companyOf(req).companyId;
      await moves.createCheck(db, companyId, (await orderCandidates(db, companyId)).length);
      return ok(null);
    },
  );
  app.get(
    '/rent/order/createPre',
    {
      config: tenant,
      schema: {
        tags,
        summary: '可生成订单的竞价项目（已完成选择、尚未生成订单）',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(z.array(ZCreateCandidate)) },
      },
    },
    async (req) => ok(await orderCandidates(db, companyOf(req).companyId)),
  );
  app.post(
    '/rent/order/checkOne',
    {
      config: tenant,
      schema: {
        tags,
        summary: '检查一个竞价项目并返回生成订单的确认文字（code 1001）',
        body: ZCreateOne,
        response: { 200: zEnvelope(ZCreateOrderPre) },
      },
    },
    async (req) => ok(await createOrderPre(db, companyOf(req).companyId, req.body.bid)),
  );
  app.post(
    '/rent/order/createOk',
    {
      config: tenant,
      schema: {
        tags,
        summary: '为竞价项目的中选服务商生成订单（幂等）',
        body: ZCreateOne,
        response: { 200: zEnvelope(z.object({ orders: z.array(z.object({ id: z.number(), sn: z.string() })) })) },
      },
    },
    async (req) => {
      const r = await createOrders(db, actorOf(req), companyOf(req).companyId, req.body.bid);
      return ok(r, fmt(msg.createdFrom, { n: r.orders.length }));
    },
  );
  app.get(
    '/rent/order/add',
    {
      config: tenant,
      schema: {
        tags,
        summary: '确认订单表单：订单与订单明细、开票资料、收票地址（不可提交时返回失败）',
        querystring: ZOrderId,
        response: { 200: zEnvelope(ZOrderForm) },
      },
    },
    async (req) => ok(await moves.submitForm(db, vault, companyOf(req).companyId, req.query.id)),
  );
  app.post(
    '/rent/order/save',
    {
      config: tenant,
      schema: {
        tags,
        summary: '提交订单（待提交或已退回 → 待确认；提交后不可修改）',
        body: ZOrderSubmit,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await moves.submitOrder(db, vault, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.submitted);
    },
  );
  app.post(
    '/rent/order/saveReq',
    {
      config: tenant,
      schema: {
        tags,
        summary: '修改订单明细（待提交或已退回；进场日期不早于原日期）',
        body: ZOrderLineSave,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await moves.saveLine(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.changed);
    },
  );
  app.post(
    '/rent/order/delReq',
    {
      config: tenant,
      schema: { tags, summary: '删除订单明细（至少保留一条）', body: ZOrderId, response: { 200: zOk } },
    },
    async (req) => {
      await moves.deleteLine(db, actorOf(req), companyOf(req).companyId, req.body.id);
      return ok(null, msg.deleted);
    },
  );
  app.post(
    '/rent/order/close',
    {
      config: tenant,
      schema: {
        tags,
        summary: '关闭订单（待提交、待确认、已退回；原因不超过50字）',
        body: ZOrderClose,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await moves.closeOrder(db, actorOf(req), companyOf(req).companyId, req.body.id, req.body.reason);
      return ok(null, msg.closed);
    },
  );

  app.post(
    '/rent/order/complete',
    {
      config: tenant,
      schema: { tags, summary: '完成订单（进行中且设备全部退场）', body: ZOrderId, response: { 200: zOk } },
    },
    async (req) => {
      await moves.completeOrder(db, actorOf(req), companyOf(req).companyId, req.body.id, countWorkingMachines);
      return ok(null, msg.completed);
    },
  );

  // ---------- provider ----------
  app.get(
    '/ep/order',
    {
      config: provider,
      schema: {
        tags,
        summary: '租出订单列表（已提交过的订单；sn、项目名称、承租方、施工地址、创建日期）',
        querystring: ZOrderListQuery,
        response: { 200: zEnvelope(ZOrderPage) },
      },
    },
    async (req) => ok(await svc.listOrdersPage(db, 'provider', companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/ep/order/export', {
    config: provider,
    tags,
    summary: '导出租出订单（Excel，按当前筛选条件）',
    querystring: ZOrderListQuery,
    name: '租出订单',
    columns: svc.ORDER_EXPORT_COLUMNS,
    rows: (req, q) => svc.exportOrders(db, 'provider', companyOf(req).companyId, q),
  });
  app.get(
    '/ep/detail_order',
    {
      config: provider,
      schema: {
        tags,
        summary: '租出订单详情（含合同、收款统计 PayeeStat；订单动态另见 /ep/order/history）',
        querystring: ZOrderId,
        response: { 200: zEnvelope(ZOrderDetailFull) },
      },
    },
    async (req) =>
      ok(
        detailReply(
          await svc.orderDetailPage(db, vault, 'provider', companyOf(req).companyId, req.query.id, statDates()),
          'provider',
        ),
      ),
  );
  app.get(
    '/ep/order/history',
    {
      config: provider,
      schema: {
        tags,
        summary: '租出订单动态（最新在前，分页：before 为已显示的最早一条的 id）',
        querystring: ZOrderHistoryQuery,
        response: { 200: zEnvelope(ZOrderHistoryPage) },
      },
    },
    async (req) => ok(await svc.orderHistory(db, 'provider', companyOf(req).companyId, req.query)),
  );
  app.get(
    '/ep/bdetail_order',
    {
      config: provider,
      schema: {
        tags,
        summary: '确认订单页：订单与预填的联系人、收款账户（仅待确认时）',
        querystring: ZOrderId,
        response: { 200: zEnvelope(ZProviderConfirmForm) },
      },
    },
    async (req) => ok(await moves.confirmForm(db, vault, companyOf(req).companyId, req.query.id)),
  );
  app.post(
    '/ep/ckorderok',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商确认订单（联系人、电话、收款银行与账号、同意供应链金融支付；确认后不可修改）',
        body: ZProviderConfirm,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await moves.confirmOrder(db, vault, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.confirmed);
    },
  );
  app.post(
    '/ep/ckorderng',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商退回订单（填写原因，退回承租方修改后可再提交）',
        body: ZOrderReturn,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await moves.returnOrder(db, actorOf(req), companyOf(req).companyId, req.body.id, req.body.reason);
      return ok(null, msg.returned);
    },
  );
};
