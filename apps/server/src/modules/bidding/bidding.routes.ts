import { z } from 'zod';
import { MENU } from '@jizu/shared/constants/menu';
import { SITE } from '@jizu/shared/constants/site';
import { bidding as msg_bidding } from '@jizu/shared/messages/bidding';
import { zCompanyScoped, zEnvelope, zId, zIntIn, zOk, zPage, zPageQuery } from '@jizu/shared/schemas/common';
import { ZBiddingBase, ZBiddingOptions } from '@jizu/shared/schemas/biddingView';
import { ZAuditEntry } from '@jizu/shared/schemas/equipment';
import {
  ZBiddingClose,
  ZBiddingId,
  ZBiddingListQuery,
  ZBiddingPage,
  ZBiddingReview,
  ZBiddingSave,
  ZBiddingTotalSave,
  ZHallPage,
  ZHallQuery,
} from '@jizu/shared/schemas/bidding';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import { registerSiteMeta, registerSitemapSource } from '../market/site-meta';
import * as hall from './bidding.hall.service';
import * as review from './bidding.review.service';
import * as svc from './bidding.service';
import { exportRoute, keysetPages, pagedRows } from '../../platform/export';
import { BIDDING_EXPORT_COLUMNS, BIDDING_REVIEW_EXPORT_COLUMNS } from './bidding.export';

const tags = ['bidding'];
const owner = { access: 'company', menu: MENU.rentCompete } as const;
const staff = { access: 'staff' } as const;
const zSaved = zEnvelope(z.object({ id: z.number().int() }));
const zHistory = z.array(ZAuditEntry);
const ZAdminRow = z.object({
  id: z.number(),
  sn: z.string(),
  name: z.string(),
  company_name: z.string(),
  classify_v: z.string(),
  status: z.number(),
  status_v: z.string(),
  end_time: z.string(),
  create_time: z.string(),
  devices: z.string(),
  reason: z.string(),
});
const SITEMAP_BIDDINGS = 5000;
const ZAdminQueueQuery = zPageQuery(10).extend({ status: zIntIn(-1, 6).default(5) });

/**
 * Bidding projects (spec/2 §7 "Bidding"): publishing (itemised and comprehensive), the tenant's list, early cut-off
 * and closing; the admin's review; the public bidding hall. Selection and the detail are in select.routes.ts, the
 * providers' responses in offer.routes.ts.
 */
export const biddingRoutes: TModule = (app, deps) => {
  const db = deps.db;
  const publicUrl = deps.config.publicUrl;

  registerSiteMeta(SITE.biddings, async () => ({
    title: '竞价大厅 - 机租通',
    description: '正在响应中的工程机械租赁竞价项目：按地区、设备类型查找项目，在线报价。',
  }));
  registerSiteMeta('/site/bidding/:id', async (d, params) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const meta = await hall.biddingMeta(d, id);
    return meta && { title: `${meta.title} - 竞价大厅 - 机租通`, description: meta.description };
  });
  registerSitemapSource('biddings', async (d) => [
    { path: SITE.biddings },
    ...(await hall.sitemapBiddings(d, SITEMAP_BIDDINGS)).map((r) => ({
      path: SITE.bidding(r.id),
      lastmod: new Date(r.at).toISOString().slice(0, 10),
    })),
  ]);

  app.get(
    '/rent/bidding/add',
    {
      config: owner,
      schema: {
        tags,
        summary: '发布竞价表单选项（企业名称前缀、名称可用长度、选项）',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZBiddingOptions) },
      },
    },
    async (req) => ok(svc.biddingOptions(companyOf(req))),
  );
  app.post(
    '/rent/bidding/save',
    {
      config: owner,
      schema: {
        tags,
        summary: '发布分项竞价（新项目进入审核；带 id 为驳回后重新提交）',
        body: ZBiddingSave,
        response: { 200: zSaved },
      },
    },
    async (req) =>
      ok(await svc.saveItemised(db, actorOf(req), companyOf(req), userOf(req).id, req.body), msg_bidding.published),
  );
  app.post(
    '/rent/bidding/saveTotal',
    {
      config: owner,
      schema: {
        tags,
        summary: '发布综合竞价（新项目进入审核；带 id 为驳回后重新提交）',
        body: ZBiddingTotalSave,
        response: { 200: zSaved },
      },
    },
    async (req) =>
      ok(await svc.saveTotal(db, actorOf(req), companyOf(req), userOf(req).id, req.body), msg_bidding.published),
  );
  app.get(
    '/rent/bidding/lst',
    {
      config: owner,
      schema: {
        tags,
        summary: '竞价管理列表（status -1 全部，1–6；编号、名称、设备、地址、发布与截止日期）',
        querystring: ZBiddingListQuery,
        response: { 200: zEnvelope(ZBiddingPage) },
      },
    },
    async (req) => ok(await svc.listBiddings(db, companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/rent/bidding/export', {
    config: owner,
    tags,
    summary: '导出竞价管理列表（Excel，按当前筛选条件）',
    querystring: ZBiddingListQuery,
    name: '竞价项目',
    columns: BIDDING_EXPORT_COLUMNS,
    rows: (req, q) => keysetPages((k) => svc.listBiddings(db, companyOf(req).companyId, { ...q, ...k })),
  });
  app.get(
    '/rent/bidding/detailStatus',
    {
      config: owner,
      schema: {
        tags,
        summary: '竞价项目当前状态',
        querystring: ZBiddingId,
        response: { 200: zEnvelope(z.object({ status: z.number().int() })) },
      },
    },
    async (req) => ok(await svc.biddingStatus(db, companyOf(req).companyId, req.query.id)),
  );
  app.post(
    '/rent/bidding/close',
    { config: owner, schema: { tags, summary: '关闭竞价（需填写原因）', body: ZBiddingClose, response: { 200: zOk } } },
    async (req) => {
      await svc.closeBidding(db, actorOf(req), companyOf(req).companyId, req.body.id, req.body.reason);
      return ok(null, msg_bidding.closed);
    },
  );
  app.post(
    '/rent/bidding/advance',
    {
      config: owner,
      schema: { tags, summary: '提前截止（响应中且至少一家服务商响应）', body: ZBiddingId, response: { 200: zOk } },
    },
    async (req) => {
      await svc.advanceBidding(db, actorOf(req), companyOf(req).companyId, req.body.id);
      return ok(null, msg_bidding.operated);
    },
  );

  app.get(
    '/admin/biddings',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '竞价项目审核队列（status 5 待审核，1 已通过，6 未通过，-1 全部）',
        querystring: ZAdminQueueQuery,
        response: { 200: zEnvelope(zPage(ZAdminRow)) },
      },
    },
    async (req) => ok(await review.pageReviewQueue(db, req.query.status, req.query.page, req.query.size)),
  );
  exportRoute(app, '/admin/biddings/export', {
    config: staff,
    tags: ['admin'],
    summary: '导出竞价项目审核队列（Excel，按当前状态）',
    querystring: ZAdminQueueQuery,
    name: '竞价审核',
    columns: BIDDING_REVIEW_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => review.pageReviewQueue(db, q.status, page, size)),
  });
  app.get(
    '/admin/biddings/:id',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '竞价项目详情与操作记录',
        params: z.object({ id: zId }),
        response: { 200: zEnvelope(ZBiddingBase.extend({ history: zHistory })) },
      },
    },
    async (req) => ok(await review.adminBiddingDetail(db, publicUrl, req.params.id)),
  );
  app.post(
    '/admin/biddings/:id/review',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '审核竞价项目（通过 / 驳回并说明原因，结果以系统消息通知发布人）',
        params: z.object({ id: zId }),
        body: ZBiddingReview,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await review.reviewBidding(db, actorOf(req), req.params.id, req.body.action, req.body.reason);
      return ok(null, msg_bidding.operated);
    },
  );

  app.get(
    '/site/bidding',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '竞价大厅：响应中的项目（关键词、设备类型、地区）',
        querystring: ZHallQuery,
        response: { 200: zEnvelope(ZHallPage) },
      },
    },
    async (req) => ok(await hall.pageHall(db, req.query)),
  );
  app.get(
    '/site/bidding/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '竞价项目公开页（web_url、二维码指向此页）',
        params: z.object({ id: zId }),
        response: { 200: zEnvelope(ZBiddingBase.extend({ respond_url: z.string() })) },
      },
    },
    async (req) => ok(await hall.publicBidding(db, publicUrl, req.params.id)),
  );
};
