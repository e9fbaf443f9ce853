import { z } from 'zod';
import { MENU } from '@jizu/shared/constants/menu';
import { orderpay as msg } from '@jizu/shared/messages/orderpay';
import { zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZAdminPayQuery,
  ZFinDetailQuery,
  ZFinLink,
  ZFinNotify,
  ZFinPage,
  ZFinSandbox,
  ZFinSandboxAct,
  ZPayCollect,
  ZPayInfo,
  ZPayInfoQuery,
  ZPayListQuery,
  ZPayPage,
  ZPayPayout,
  ZPayRef,
  ZPayReissue,
  ZPayReturn,
  ZPaySign,
  ZPayeeStat,
  ZPayerStat,
  ZUrl,
} from '@jizu/shared/schemas/orderpay';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import { clientIp, type TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import * as finance from './orderpay.finance.service';
import * as svc from './orderpay.service';
import * as admin from './orderpay.admin.service';
import { exportRoute, pagedRows } from '../../platform/export';
import { ADMIN_PAYMENT_EXPORT_COLUMNS, PAYMENT_EXPORT_COLUMNS } from './orderpay.export';

const tags = ['orderpay'];
const tenant = { access: 'company', menu: MENU.rentOrder } as const;
const provider = { access: 'company', menu: MENU.leaseOrder } as const;
const staff = { access: 'staff' } as const;
const zStatQuery = z.object({
  company_id: zId.optional(),
  status: ZPayListQuery.shape.status,
  page: ZPayListQuery.shape.page,
  size: ZPayListQuery.shape.size,
});
const zStatPage = ZPayPage.extend({ PayeeStat: ZPayeeStat.optional(), PayerStat: ZPayerStat.optional() });
const zNo = z.object({ no: z.string().regex(/^[A-Za-z0-9]{8,40}$/) });

/**
 * Payments and financing (spec/2 §7 "Payments and financing"): the provider's under /ep/orderpayment, the tenant's
 * under /rent/payment, the finance partner's callback and the sandbox partner's page, the platform's console. Paths
 * the spec does not show: /ep/orderpayment/sendmsg (the signing code), /ep/orderpayment/return, /ep/orderpayment/stat
 * and /rent/payment/stat (the statistics page), /ep/orderpayment/notify, /finance/sandbox/:no, /admin/order-payments (collect, payout, reissue).
 */
export const orderpayRoutes: TModule = (app, deps) => {
  const db = deps.db;
  app.get(
    '/rent/payment/info',
    {
      config: tenant,
      schema: {
        tags,
        summary: '承租方：订单付款统计（PayerStat；未通过第三方高级认证时拒绝）',
        querystring: ZPayInfoQuery,
        response: { 200: zEnvelope(ZPayInfo) },
      },
    },
    async (req) => ok(await svc.paymentInfo(db, 'tenant', companyOf(req).companyId, req.query.order_id)),
  );
  app.get(
    '/rent/payment/lst',
    {
      config: tenant,
      schema: {
        tags,
        summary: '承租方：订单的付款单（status -1 全部，1 待签收，2 待融资，3 已完成，4 已退回）',
        querystring: ZPayListQuery,
        response: { 200: zEnvelope(ZPayPage) },
      },
    },
    async (req) => ok(await svc.listPayments(db, 'tenant', companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/rent/payment/export', {
    config: tenant,
    tags,
    summary: '承租方：导出订单的付款单（Excel，按当前状态筛选）',
    querystring: ZPayListQuery,
    name: '付款单',
    columns: PAYMENT_EXPORT_COLUMNS,
    rows: (req, q) =>
      pagedRows((page, size) => svc.listPayments(db, 'tenant', companyOf(req).companyId, { ...q, page, size })),
  });
  app.get(
    '/rent/payment/stat',
    {
      config: tenant,
      schema: {
        tags,
        summary: '承租方：付款统计与全部订单的付款单',
        querystring: zStatQuery,
        response: { 200: zEnvelope(zStatPage) },
      },
    },
    async (req) => ok(await svc.companyPayments(db, 'tenant', companyOf(req).companyId, req.query)),
  );

  app.get(
    '/ep/orderpayment/info',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商：订单收款统计（PayeeStat；未通过第三方高级认证并开通金融产品时拒绝）',
        querystring: ZPayInfoQuery,
        response: { 200: zEnvelope(ZPayInfo) },
      },
    },
    async (req) => ok(await svc.paymentInfo(db, 'provider', companyOf(req).companyId, req.query.order_id)),
  );
  app.get(
    '/ep/orderpayment/lst',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商：订单的付款单（stamp_status 1 可签收，2 可融资，3 查看融资，4 无）',
        querystring: ZPayListQuery,
        response: { 200: zEnvelope(ZPayPage) },
      },
    },
    async (req) => ok(await svc.listPayments(db, 'provider', companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/ep/orderpayment/export', {
    config: provider,
    tags,
    summary: '服务商：导出订单的付款单（Excel）',
    querystring: ZPayListQuery,
    name: '付款单',
    columns: PAYMENT_EXPORT_COLUMNS,
    rows: (req, q) =>
      pagedRows((page, size) => svc.listPayments(db, 'provider', companyOf(req).companyId, { ...q, page, size })),
  });
  app.get(
    '/ep/orderpayment/stat',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商：收款统计与全部订单的付款单',
        querystring: zStatQuery,
        response: { 200: zEnvelope(zStatPage) },
      },
    },
    async (req) => ok(await svc.companyPayments(db, 'provider', companyOf(req).companyId, req.query)),
  );
  app.post(
    '/ep/orderpayment/sendmsg',
    {
      config: provider,
      schema: {
        tags,
        summary: '发送签收验证码至企业管理员手机（60秒后可重发）',
        body: ZPayRef,
        response: { 200: zEnvelope(z.object({ resend_in: z.number(), phone: z.string() })) },
      },
    },
    async (req) => ok(await svc.sendSignCode(deps, companyOf(req).companyId, req.body, clientIp(req)), msg.smsSent),
  );
  app.post(
    '/ep/orderpayment/signIn',
    {
      config: provider,
      schema: {
        tags,
        summary: '签收应收账款（管理员短信验证码）；返回融资页地址',
        body: ZPaySign,
        response: { 200: zEnvelope(ZUrl) },
      },
    },
    async (req) =>
      ok(await svc.signPayment(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body), msg.signed),
  );
  app.post(
    '/ep/orderpayment/return',
    { config: provider, schema: { tags, summary: '退回付款单（填写原因）', body: ZPayReturn, response: { 200: zOk } } },
    async (req) => {
      await svc.returnPayment(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.returned);
    },
  );
  app.post(
    '/ep/orderpayment/goFinancing',
    {
      config: provider,
      schema: {
        tags,
        summary: '以未付余额申请融资；返回金融机构页面地址',
        body: ZPayRef,
        response: { 200: zEnvelope(ZUrl) },
      },
    },
    async (req) =>
      ok(await svc.goFinancing(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body), msg.financing),
  );
  app.get(
    '/ep/orderpayment/detail',
    {
      config: provider,
      schema: {
        tags,
        summary: '融资详情（按订单，id 为付款单时只看该笔；size 最大300）',
        querystring: ZFinDetailQuery,
        response: { 200: zEnvelope(ZFinPage) },
      },
    },
    async (req) => ok(await svc.financeDetail(db, companyOf(req).companyId, req.query)),
  );
  app.post(
    '/ep/orderpayment/financeGrainOrder',
    {
      config: provider,
      schema: {
        tags,
        summary: '融资审核或签约页地址（id 付款单，gid 融资申请）',
        body: ZFinLink,
        response: { 200: zEnvelope(ZUrl) },
      },
    },
    async (req) => ok(await svc.financeLink(deps, companyOf(req).companyId, req.body)),
  );

  // The finance partner's side: its signed callback, and the sandbox partner's own page (public, by the unguessable number).
  app.post(
    '/ep/orderpayment/notify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '金融机构回调（HMAC 签名；审核、拒绝、放款）',
        body: ZFinNotify,
        response: { 200: zEnvelope(z.object({ status: z.number() })) },
      },
    },
    async (req) => ok(await finance.handleFinanceNotify(deps, req.body)),
  );
  app.get(
    '/finance/sandbox/:no',
    {
      config: { access: 'public' },
      schema: { tags, summary: '沙箱金融机构页：融资申请', params: zNo, response: { 200: zEnvelope(ZFinSandbox) } },
    },
    async (req) => ok(await finance.sandboxApplication(deps, req.params.no)),
  );
  app.post(
    '/finance/sandbox/:no/act',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '沙箱金融机构页：审核通过、拒绝或签约放款（以签名回调通知平台）',
        params: zNo,
        body: ZFinSandboxAct,
        response: { 200: zEnvelope(ZFinSandbox) },
      },
    },
    async (req) => ok(await finance.sandboxAct(deps, req.params.no, req.body.action)),
  );

  app.get(
    '/admin/order-payments',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '付款单（承租方付款、向服务商付款）',
        querystring: ZAdminPayQuery,
        response: { 200: zEnvelope(ZPayPage) },
      },
    },
    async (req) => ok(await admin.pageAdminPayments(db, req.query)),
  );
  exportRoute(app, '/admin/order-payments/export', {
    config: staff,
    tags: ['admin'],
    summary: '导出付款单（Excel，按当前状态）',
    querystring: ZAdminPayQuery,
    name: '付款单',
    columns: ADMIN_PAYMENT_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => admin.pageAdminPayments(db, { ...q, page, size })),
  });
  app.post(
    '/admin/order-payments/:id/collect',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '登记承租方对公转账（银行流水号只登记一次）',
        params: z.object({ id: zId }),
        body: ZPayCollect,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await admin.collectPayment(db, actorOf(req), req.params.id, req.body);
      return ok(null, msg.collected);
    },
  );
  app.post(
    '/admin/order-payments/:id/payout',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '平台向服务商付款（未融资的应收账款）',
        params: z.object({ id: zId }),
        body: ZPayPayout,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await admin.payoutPayment(db, actorOf(req), req.params.id, req.body);
      return ok(null, msg.paidOut);
    },
  );
  app.post(
    '/admin/order-payments/:id/reissue',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '更正已退回的付款单（应付服务商金额、应付日期、更正说明）并重新开立，服务商重新签收',
        params: z.object({ id: zId }),
        body: ZPayReissue,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await admin.reissuePayment(db, actorOf(req), req.params.id, req.body);
      return ok(null, msg.reissued);
    },
  );
};
