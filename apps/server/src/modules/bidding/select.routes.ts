import { z } from 'zod';
import QRCode from 'qrcode';
import { MENU } from '@jizu/shared/constants/menu';
import { bidding as msg_bidding } from '@jizu/shared/messages/bidding';
import { zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import { ZBiddingId } from '@jizu/shared/schemas/bidding';
import {
  ZAllocationSave,
  ZBiddingDetail,
  ZCompare,
  ZCreateOrderPre,
  ZDeselect,
  ZPreSelect,
  ZPreSelectQuery,
  ZQuoteQuery,
  ZQuoteRow,
} from '@jizu/shared/schemas/selection';
import { ok } from '../../platform/envelope';
import { companyOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import { requirePublicBidding } from './bidding.access';
import { biddingWebUrl } from './bidding.view';
import { biddingReportPdf, reportFilename } from './report.service';
import * as compare from './select.compare.service';
import * as orders from './select.orders.service';
import * as svc from './select.service';
import { exportRoute } from '../../platform/export';
import { QUOTE_EXPORT_COLUMNS } from './bidding.export';

const tags = ['bidding'];
const owner = { access: 'company', menu: MENU.rentCompete } as const;

/**
 * The tenant's side of a project after cut-off (spec/2 §2 item 2, §7): the detail, quote tables sorted on the server,
 * the comparison, allocations, the confirmation and the draft orders (the 1001 flow), the QR code and the result
 * report. Only the owner company (another company's id answers 404); quote prices are the owner's to see.
 */
export const selectRoutes: TModule = (app, deps) => {
  const db = deps.db;
  const publicUrl = deps.config.publicUrl;
  app.get(
    '/rent/bidding/detail',
    {
      config: owner,
      schema: {
        tags,
        summary: '竞价详情（承租方）：项目、设备、操作、二维码、操作记录、订单',
        querystring: ZBiddingId,
        response: { 200: zEnvelope(ZBiddingDetail) },
      },
    },
    async (req) => ok(await svc.biddingDetail(db, publicUrl, companyOf(req).companyId, req.query.id)),
  );
  app.get(
    '/rent/bidding/reqlst',
    {
      config: owner,
      schema: {
        tags,
        summary: '报价列表（分项：rid 为设备行；综合：不传 rid）；sortName price|tax_total|turnover',
        querystring: ZQuoteQuery,
        response: { 200: zEnvelope(z.object({ data: z.array(ZQuoteRow), total: z.number() })) },
      },
    },
    async (req) => ok(await compare.quoteTable(db, companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/rent/bidding/reqlst/export', {
    config: owner,
    tags,
    summary: '导出报价列表（Excel，按当前设备行与排序）',
    querystring: ZQuoteQuery,
    name: '报价列表',
    columns: QUOTE_EXPORT_COLUMNS,
    rows: async function* (req, q) {
      yield (await compare.quoteTable(db, companyOf(req).companyId, q)).data;
    },
  });
  app.get(
    '/rent/bidding/compare',
    {
      config: owner,
      schema: {
        tags,
        summary: '报价对比（设备 × 服务商，标出每行最低含税单价）',
        querystring: ZBiddingId,
        response: { 200: zEnvelope(ZCompare) },
      },
    },
    async (req) => ok(await compare.compareQuotes(db, companyOf(req).companyId, req.query.id)),
  );
  app.get(
    '/rent/bidding/select',
    {
      config: owner,
      schema: {
        tags,
        summary: '选择服务商前：剩余可分配数量（balance）与默认分配',
        querystring: ZPreSelectQuery,
        response: { 200: zEnvelope(ZPreSelect) },
      },
    },
    async (req) => ok(await svc.preSelect(db, companyOf(req).companyId, req.query)),
  );
  app.post(
    '/rent/bidding/offerSave',
    {
      config: owner,
      schema: {
        tags,
        summary: '保存分配（分项：id 为报价行、allot_num 0 至剩余；综合：id 为响应）',
        body: ZAllocationSave,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.saveAllocation(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg_bidding.selected);
    },
  );
  app.post(
    '/rent/bidding/deselect',
    { config: owner, schema: { tags, summary: '取消选择', body: ZDeselect, response: { 200: zOk } } },
    async (req) => {
      await svc.deselect(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg_bidding.deselected);
    },
  );
  app.post(
    '/rent/bidding/commit',
    {
      config: owner,
      schema: {
        tags,
        summary: '确认选择前的检查（返回确认框文字）',
        body: ZBiddingId,
        response: { 200: zEnvelope(z.object({ text: z.string() })) },
      },
    },
    async (req) => ok(await svc.commitCheck(db, companyOf(req).companyId, req.body.id)),
  );
  app.post(
    '/rent/bidding/confirm',
    {
      config: owner,
      schema: { tags, summary: '确认选择（已截止 → 已完成）', body: ZBiddingId, response: { 200: zOk } },
    },
    async (req) => {
      await svc.confirmSelection(db, actorOf(req), companyOf(req).companyId, req.body.id);
      return ok(null, msg_bidding.confirmed);
    },
  );
  app.post(
    '/rent/bidding/createOrderPre',
    {
      config: owner,
      schema: {
        tags,
        summary: '生成订单前：code 1001 时显示 msg 确认后再调用 createOrder',
        body: ZBiddingId,
        response: { 200: zEnvelope(ZCreateOrderPre) },
      },
    },
    async (req) => ok(await orders.createOrderPre(db, companyOf(req).companyId, req.body.id)),
  );
  app.post(
    '/rent/bidding/createOrder',
    {
      config: owner,
      schema: {
        tags,
        summary: '为中选服务商生成租赁订单草稿（幂等）',
        body: ZBiddingId,
        response: { 200: zEnvelope(z.object({ orders: z.array(z.object({ id: z.number(), sn: z.string() })) })) },
      },
    },
    async (req) =>
      ok(await orders.createOrders(db, actorOf(req), companyOf(req).companyId, req.body.id), msg_bidding.ordersCreated),
  );
  app.get(
    '/rent/bidding/exportReportPdf',
    { config: owner, schema: { tags, summary: '下载竞价结果报告（PDF，已完成的项目）', querystring: ZBiddingId } },
    async (req, reply) => {
      const { pdf, bidding } = await biddingReportPdf(db, companyOf(req).companyId, req.query.id);
      const name = reportFilename(bidding);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="report-${bidding.sn}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  app.get(
    '/rent/bidding/qrcode',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '竞价项目二维码（PNG，指向公开页 web_url）',
        querystring: z.object({ id: zId, download: z.coerce.number().int().optional() }),
      },
    },
    async (req, reply) => {
      const b = await requirePublicBidding(db, req.query.id);
      const png = await QRCode.toBuffer(biddingWebUrl(publicUrl, b.id), { width: 360, margin: 2 });
      if (req.query.download) reply.header('content-disposition', `attachment; filename="bidding-${b.sn}.png"`);
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=3600').send(png);
    },
  );
};
