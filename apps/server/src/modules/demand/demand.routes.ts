import { z } from 'zod';
import { MENU } from '@jizu/shared/constants/menu';
import { SITE } from '@jizu/shared/constants/site';
import { demand as msg_demand, demandRules } from '@jizu/shared/messages/demand';
import { zCompanyScoped, zEnvelope, zId, zIntIn, zOk, zPage, zPageQuery } from '@jizu/shared/schemas/common';
import {
  ZDemandHallPage,
  ZDemandHallQuery,
  ZDemandOp,
  ZDemandPage,
  ZDemandPublic,
  ZDemandQuery,
  ZDemandRow,
  ZDemandSave,
} from '@jizu/shared/schemas/demand';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import { registerSiteMeta, registerSitemapSource } from '../market/site-meta';
import * as hall from './demand.hall.service';
import * as review from './demand.review.service';
import * as svc from './demand.service';
import { exportRoute, pagedRows } from '../../platform/export';
import { DEMAND_REVIEW_EXPORT_COLUMNS } from './demand.export';

const tags = ['demand'];
const owner = { access: 'company', menu: MENU.rentDemand } as const;
const staff = { access: 'staff' } as const;
const params = z.object({ id: zId });
const ZReview = z
  .object({
    action: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(200, { error: demandRules.reasonTooLong }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: demandRules.reasonRequired });
  });
const ZAdminQueueQuery = zPageQuery(10).extend({ state: zIntIn(-1, 3).default(0) });
const ZAdminRow = ZDemandRow.extend({ company_name: z.string(), contacts: z.string(), tel: z.string() });

/** Quick demands (spec/2 §7 "Quick demands"): the company's own, the admin's review, the public demand hall. */
export const demandRoutes: TModule = (app, deps) => {
  const db = deps.db;
  registerSiteMeta(SITE.demands, async () => ({
    title: '需求大厅 - 机租通',
    description: '承租方发布的工程机械快速租赁需求：按地区、设备类型查找，登录后联系需求方。',
  }));
  registerSiteMeta('/site/demand/:id', async (d, p) => {
    const id = Number(p.id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const v = await hall.publicDemand(d, id, false).catch(() => null);
    return (
      v && {
        title: `求租${v.eq_name} ${v.num}台 - ${v.region_v} - 需求大厅 - 机租通`,
        description: v.remark.slice(0, 120),
      }
    );
  });
  registerSitemapSource('demands', async (d) => [
    { path: SITE.demands },
    ...(await hall.sitemapDemands(d, 5000)).map((r) => ({
      path: SITE.demand(r.id),
      lastmod: new Date(r.at).toISOString().slice(0, 10),
    })),
  ]);

  app.get(
    '/demand/demand',
    {
      config: owner,
      schema: {
        tags,
        summary: '快速需求列表（state -1 全部，0–3；地区、设备类型）',
        querystring: ZDemandQuery,
        response: { 200: zEnvelope(ZDemandPage) },
      },
    },
    async (req) => ok(await svc.listDemands(db, companyOf(req).companyId, req.query)),
  );
  app.post(
    '/demand/demand',
    {
      config: owner,
      schema: {
        tags,
        summary: '发布快速需求（进入审核）',
        body: ZDemandSave,
        response: { 200: zEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      const u = userOf(req);
      return ok(
        await svc.createDemand(
          db,
          actorOf(req),
          companyOf(req).companyId,
          { id: u.id, phone: u.phone, name: u.username },
          req.body,
        ),
        msg_demand.published,
      );
    },
  );
  app.get(
    '/demand/demand/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: '快速需求详情',
        params,
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZDemandRow) },
      },
    },
    async (req) => ok(await svc.getDemand(db, companyOf(req).companyId, req.params.id)),
  );
  app.put(
    '/demand/demand/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: '修改快速需求（重新审核），或 {op: "close"} 关闭',
        params,
        body: z.union([ZDemandOp, ZDemandSave]),
        response: { 200: zOk },
      },
    },
    async (req) => {
      if ('op' in req.body) {
        await svc.closeDemand(db, actorOf(req), companyOf(req).companyId, req.params.id);
        return ok(null, msg_demand.closed);
      }
      await svc.updateDemand(db, actorOf(req), companyOf(req).companyId, req.params.id, req.body);
      return ok(null, msg_demand.changed);
    },
  );
  app.delete(
    '/demand/demand/:id',
    { config: owner, schema: { tags, summary: '删除快速需求', params, response: { 200: zOk } } },
    async (req) => {
      await svc.deleteDemand(db, actorOf(req), companyOf(req).companyId, req.params.id);
      return ok(null, msg_demand.deleted);
    },
  );

  app.get(
    '/admin/demands',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '快速需求审核队列',
        querystring: ZAdminQueueQuery,
        response: { 200: zEnvelope(zPage(ZAdminRow)) },
      },
    },
    async (req) => ok(await review.pageReviewQueue(db, req.query.state, req.query.page, req.query.size)),
  );
  exportRoute(app, '/admin/demands/export', {
    config: staff,
    tags: ['admin'],
    summary: '导出快速需求审核队列（Excel，按当前状态）',
    querystring: ZAdminQueueQuery,
    name: '需求审核',
    columns: DEMAND_REVIEW_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => review.pageReviewQueue(db, q.state, page, size)),
  });
  app.post(
    '/admin/demands/:id/review',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '审核快速需求（结果以系统消息通知发布人）',
        params,
        body: ZReview,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await review.reviewDemand(db, actorOf(req), req.params.id, req.body.action, req.body.reason);
      return ok(null, msg_demand.operated);
    },
  );

  app.get(
    '/site/demand',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '需求大厅：审核通过且在有效期内的需求',
        querystring: ZDemandHallQuery,
        response: { 200: zEnvelope(ZDemandHallPage) },
      },
    },
    async (req) => ok(await hall.pageHall(db, req.query)),
  );
  app.get(
    '/site/demand/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '需求公开页（登录用户可见联系方式）',
        params,
        response: { 200: zEnvelope(ZDemandPublic) },
      },
    },
    async (req) => ok(await hall.publicDemand(db, req.params.id, !!req.user)),
  );
};
