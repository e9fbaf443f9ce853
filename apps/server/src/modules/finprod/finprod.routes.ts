import { z } from 'zod';
import { finprod as msg, finprodFailures as F } from '@jizu/shared/messages/finprod';
import { zCompanyScoped, zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZFinProdAdminPage,
  ZFinProdAdminQuery,
  ZFinProdClose,
  ZFinProdInfo,
  ZFinProdNotify,
  ZFinProdSandbox,
  ZFinProdSandboxAct,
  ZFinProdTrailRow,
  ZFinProdUrl,
} from '@jizu/shared/schemas/finprod';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import * as svc from './finprod.service';

const tags = ['company'];
const zNo = z.object({ no: z.string().regex(/^[A-Za-z0-9]{8,64}$/, { error: F.notFound }) });

/**
 * The supply-chain finance product of a company (spec/2 §6; the spec shows no paths): /company/finance/info and
 * /company/finance/apply for the user centre, /company/finance/notify for the finance partner's signed callback,
 * /finance/sandbox-product/:no for the sandbox partner's own page, /admin/finance-products for the console (the
 * applications, closing a stuck one, its trail).
 */
export const finprodRoutes: TModule = (app, deps) => {
  app.get(
    '/company/finance/info',
    {
      config: { access: 'company' },
      schema: {
        tags,
        summary: '供应链金融产品：开通状态（0 未开通，3 审核中，1 已开通，2 未通过）',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZFinProdInfo) },
      },
    },
    async (req) => ok(await svc.financeInfo(deps.db, companyOf(req).companyId, companyOf(req).master)),
  );
  app.post(
    '/company/finance/apply',
    {
      config: { access: 'main' },
      schema: {
        tags,
        summary: '申请开通供应链金融产品（主账号，需已通过第三方高级认证；返回在新窗口打开的金融机构页面）',
        body: zCompanyScoped,
        response: { 200: zEnvelope(ZFinProdUrl) },
      },
    },
    async (req) =>
      ok(await svc.applyFinance(deps, actorOf(req), companyOf(req).companyId, userOf(req).id), msg.applied),
  );
  app.post(
    '/company/finance/notify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '金融机构回调：供应链金融产品开通审核结果（HMAC 签名）',
        body: ZFinProdNotify,
        response: { 200: zEnvelope(z.object({ state: z.number() })) },
      },
    },
    async (req) => ok(await svc.handleFinanceProductNotify(deps, req.body)),
  );
  app.get(
    '/finance/sandbox-product/:no',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '沙箱金融机构页：供应链金融产品开通申请',
        params: zNo,
        response: { 200: zEnvelope(ZFinProdSandbox) },
      },
    },
    async (req) => ok(await svc.sandboxProductApp(deps, req.params.no)),
  );
  app.post(
    '/finance/sandbox-product/:no/decide',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '沙箱金融机构页：审核通过或拒绝（以签名回调通知平台）',
        params: zNo,
        body: ZFinProdSandboxAct,
        response: { 200: zEnvelope(ZFinProdSandbox) },
      },
    },
    async (req) => ok(await svc.sandboxProductDecide(deps, req.params.no, req.body.result, req.body.reason)),
  );

  const staff = { access: 'staff' } as const;
  const zIdParam = z.object({ id: zId });
  app.get(
    '/admin/finance-products',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '供应链金融产品开通申请（按状态、企业名称；审核期限已过的按已过期）',
        querystring: ZFinProdAdminQuery,
        response: { 200: zEnvelope(ZFinProdAdminPage) },
      },
    },
    async (req) => ok(await svc.pageAdminApps(deps.db, req.query)),
  );
  app.post(
    '/admin/finance-products/:id/close',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '关闭审核中的开通申请（填写原因，通知申请人；金融机构此后的回调不再生效）',
        params: zIdParam,
        body: ZFinProdClose,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.closeAdminApp(deps.db, actorOf(req), req.params.id, req.body.reason);
      return ok(null, msg.closed);
    },
  );
  app.get(
    '/admin/finance-products/:id/trail',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '开通申请的处理记录',
        params: zIdParam,
        response: { 200: zEnvelope(z.array(ZFinProdTrailRow)) },
      },
    },
    async (req) => ok(await svc.adminAppTrail(deps.db, req.params.id)),
  );
};
