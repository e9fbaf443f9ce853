import { z } from 'zod';
import { MENU } from '@jizu/shared/constants/menu';
import { settle as msg } from '@jizu/shared/messages/settle';
import { zEnvelope, zId, zOk, zPage, zPageQuery } from '@jizu/shared/schemas/common';
import {
  ZInvoiceSave,
  ZInvoiceView,
  ZLessorInvoice,
  ZLessorIssue,
  ZSettleSummary,
  ZSettleAddPre,
  ZSettleDraft,
  ZSettleListQuery,
  ZSettlePage,
  ZSettleRef,
  ZSettleSave,
  ZSettleView,
  ZSettleVoid,
  ZSettleInvAddress,
} from '@jizu/shared/schemas/settle';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { exportRoute, pagedRows } from '../../platform/export';
import { actorOf } from '../audit/audit.service';
import * as invoice from './settle.invoice.service';
import * as svc from './settle.service';
import { ISSUE_QUEUE_EXPORT_COLUMNS } from './settle.export';

const tags = ['settle'];
const tenant = { access: 'company', menu: MENU.rentOrder } as const;
const provider = { access: 'company', menu: MENU.leaseOrder } as const;
const staff = { access: 'staff' } as const;
const zSaved = zEnvelope(z.object({ id: z.number() }));

/**
 * Settlements (spec/2 §7 Settlements): the tenant's under /rent/settle, the provider's under /ep, the platform's
 * invoice in the console. st_checkok confirms, so it is POST here (the spec's client used GET).
 */
export const settleRoutes: TModule = (app, deps) => {
  const db = deps.db;
  app.get(
    '/rent/settle/lst',
    {
      config: tenant,
      schema: {
        tags,
        summary: '订单的结算单（id 为订单 id；status -1 全部，0 待确认，1 已结算，3 待收票，4 已收票，2 已作废）',
        querystring: ZSettleListQuery,
        response: { 200: zEnvelope(ZSettlePage) },
      },
    },
    async (req) => ok(await svc.listSettles(db, 'tenant', companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/rent/settle/export', {
    config: tenant,
    tags,
    summary: '导出订单的结算单（Excel，按当前状态筛选）',
    querystring: ZSettleListQuery,
    name: '结算单',
    columns: svc.SETTLE_EXPORT_COLUMNS,
    rows: (req, q) => svc.exportSettles(db, 'tenant', companyOf(req).companyId, q),
  });
  app.get(
    '/rent/settle/detail',
    {
      config: tenant,
      schema: { tags, summary: '结算单详情', querystring: ZSettleRef, response: { 200: zEnvelope(ZSettleView) } },
    },
    async (req) => ok(await svc.settleDetail(db, 'tenant', companyOf(req).companyId, req.query.order_id, req.query.id)),
  );
  app.get(
    '/rent/settle/addPre',
    {
      config: tenant,
      schema: {
        tags,
        summary: '新增结算前：按设备工作天数与订单单价测算当月金额、平台服务费率',
        querystring: ZSettleAddPre,
        response: { 200: zEnvelope(ZSettleDraft) },
      },
    },
    async (req) => ok(await svc.addPre(deps, companyOf(req).companyId, req.query.id, req.query.month)),
  );
  app.post(
    '/rent/settle/save',
    {
      config: tenant,
      schema: {
        tags,
        summary: '新增或修改结算单（凭证图片1–10张；金额与测算不同须填原因）',
        body: ZSettleSave,
        response: { 200: zSaved },
      },
    },
    async (req) =>
      ok(
        await svc.saveSettle(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body),
        req.body.id ? msg.changed : msg.saved,
      ),
  );
  app.post(
    '/rent/settle/cancel',
    {
      config: tenant,
      schema: { tags, summary: '作废待确认的结算单（confirm 须为“确认”）', body: ZSettleVoid, response: { 200: zOk } },
    },
    async (req) => {
      await svc.voidSettle(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.voided);
    },
  );
  app.post(
    '/rent/settle/invComfirm',
    { config: tenant, schema: { tags, summary: '确认收到平台开具的发票', body: ZSettleRef, response: { 200: zOk } } },
    async (req) => {
      await svc.receiveInvoice(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.received);
    },
  );

  app.get(
    '/rent/settle/info',
    {
      config: tenant,
      schema: {
        tags,
        summary: '订单结算概况（已结算金额、待确认数、收票状态）',
        querystring: z.object({ company_id: zId.optional(), id: zId }),
        response: { 200: zEnvelope(ZSettleSummary) },
      },
    },
    async (req) => ok(await svc.settleSummary(db, 'tenant', companyOf(req).companyId, req.query.id)),
  );
  app.post(
    '/rent/settle/setInvAddress',
    {
      config: tenant,
      schema: {
        tags,
        summary: '设置结算单平台发票的收票地址（平台开票前；规则同订单确认）',
        body: ZSettleInvAddress,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await invoice.setInvoiceAddress(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.addressSaved);
    },
  );
  app.get(
    '/rent/settle/invDetail',
    {
      config: tenant,
      schema: {
        tags,
        summary: '平台开给承租方的发票',
        querystring: ZSettleRef,
        response: { 200: zEnvelope(ZLessorInvoice) },
      },
    },
    async (req) => ok(await invoice.lessorInvoice(db, companyOf(req).companyId, req.query)),
  );
  app.get(
    '/ep/st_panel',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商：订单结算概况',
        querystring: z.object({ company_id: zId.optional(), id: zId }),
        response: { 200: zEnvelope(ZSettleSummary) },
      },
    },
    async (req) => ok(await svc.settleSummary(db, 'provider', companyOf(req).companyId, req.query.id)),
  );
  app.get(
    '/ep/sti_lst',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商：结算单的发票',
        querystring: ZSettleRef,
        response: { 200: zEnvelope(z.array(ZInvoiceView)) },
      },
    },
    async (req) => ok(await invoice.listInvoices(db, companyOf(req).companyId, req.query)),
  );
  app.get(
    '/ep/settle',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商：订单的结算单',
        querystring: ZSettleListQuery,
        response: { 200: zEnvelope(ZSettlePage) },
      },
    },
    async (req) => ok(await svc.listSettles(db, 'provider', companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/ep/settle/export', {
    config: provider,
    tags,
    summary: '服务商：导出订单的结算单（Excel）',
    querystring: ZSettleListQuery,
    name: '结算单',
    columns: svc.SETTLE_EXPORT_COLUMNS,
    rows: (req, q) => svc.exportSettles(db, 'provider', companyOf(req).companyId, q),
  });
  app.get(
    '/ep/st_detail',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商：结算单详情与发票',
        querystring: ZSettleRef,
        response: { 200: zEnvelope(ZSettleView) },
      },
    },
    async (req) =>
      ok(await svc.settleDetail(db, 'provider', companyOf(req).companyId, req.query.order_id, req.query.id)),
  );
  app.post(
    '/ep/st_checkok',
    {
      config: provider,
      schema: { tags, summary: '服务商确认结算单（平台同步确认）', body: ZSettleRef, response: { 200: zOk } },
    },
    async (req) => {
      await svc.confirmSettle(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.confirmed);
    },
  );
  app.post(
    '/ep/sti_add',
    {
      config: provider,
      schema: {
        tags,
        summary:
          '录入发票（专票：代码10位、号码8位、不含税金额与税率；普票：代码12位、号码8位、校验码后6位与价税合计）',
        body: ZInvoiceSave,
        response: { 200: zSaved },
      },
    },
    async (req) =>
      ok(
        await invoice.saveInvoice(db, actorOf(req), companyOf(req).companyId, userOf(req).id, {
          ...req.body,
          id: undefined,
        }),
        msg.invoiceSaved,
      ),
  );
  app.post(
    '/ep/sti_change',
    {
      config: provider,
      schema: { tags, summary: '修改已录入的发票（提交前）', body: ZInvoiceSave, response: { 200: zSaved } },
    },
    async (req) =>
      ok(
        await invoice.saveInvoice(db, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body),
        msg.invoiceSaved,
      ),
  );
  app.post(
    '/ep/sti_submit',
    {
      config: provider,
      schema: { tags, summary: '提交发票（价税合计须等于服务商应收）', body: ZSettleRef, response: { 200: zOk } },
    },
    async (req) => {
      await invoice.submitInvoices(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.invoiceSubmitted);
    },
  );

  app.get(
    '/admin/settlements',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '待平台开票的结算单（服务商已提交发票）',
        querystring: zPageQuery(10),
        response: { 200: zEnvelope(zPage(ZSettleView)) },
      },
    },
    async (req) => ok(await invoice.pageIssueQueue(db, req.query.page, req.query.size)),
  );
  exportRoute(app, '/admin/settlements/export', {
    config: staff,
    tags: ['admin'],
    summary: '导出待平台开票的结算单（Excel）',
    querystring: zPageQuery(10),
    name: '待开票结算单',
    columns: ISSUE_QUEUE_EXPORT_COLUMNS,
    rows: () => pagedRows((page, size) => invoice.pageIssueQueue(db, page, size)),
  });
  app.post(
    '/admin/settlements/:id/issue',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '平台向承租方开具发票（记录发票号码与日期）',
        params: z.object({ id: zId }),
        body: ZLessorIssue,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await invoice.issueLessorInvoice(db, actorOf(req), req.params.id, req.body);
      return ok(null, msg.issued);
    },
  );
};
