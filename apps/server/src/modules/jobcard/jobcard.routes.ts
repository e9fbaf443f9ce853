import { z } from 'zod';
import { optionName } from '@jizu/shared/constants/recruit';
import { SITE } from '@jizu/shared/constants/site';
import { jobcardTexts as J, recruit as R } from '@jizu/shared/messages/recruit';
import { zEnvelope, zId, zOk, zPage } from '@jizu/shared/schemas/common';
import {
  ZCardAdminQuery,
  ZCardAdminRow,
  ZCardListQuery,
  ZCardPut,
  ZCardReview,
  ZJobCardPage,
  ZJobCardPublic,
  ZJobCardRow,
  ZJobCardSave,
  ZJobHallPage,
  ZJobHallQuery,
} from '@jizu/shared/schemas/jobcard';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { exportRoute, pagedRows } from '../../platform/export';
import { actorOf } from '../audit/audit.service';
import { registerSiteMeta, registerSitemapSource } from '../market/site-meta';
import { registerLabourTarget } from '../recruit/labour';
import * as svc from './jobcard.service';
import { CARD_REVIEW_EXPORT_COLUMNS } from './jobcard.export';

const tags = ['jobcard'];
const user = { access: 'user' } as const;
const staff = { access: 'staff' } as const;
const params = z.object({ id: zId });
const BRAND = '机手大厅 - 机租通';

/**
 * Job cards (spec/3 §7 "Recruit module": GET/POST /recruit/card, GET /recruit/card/{id}/edit, PUT /recruit/card/{id}):
 * the user's own, the console's review, the public operators' hall (SITE.jobs) and card pages (SITE.job(id)).
 */
export const jobcardRoutes: TModule = (app, deps) => {
  const db = deps.db;
  registerLabourTarget('card', svc.loadCardTargets);
  registerSiteMeta(SITE.jobs, async (_d, _p, query) => {
    const cat = optionName('category', Number(query.category));
    return cat
      ? {
          title: `${cat}机手求职 - ${BRAND}`,
          description: `持证${cat}机手的求职卡：驾龄、所在地区、资格证书与工作经历，登录认证后可直接联系机手。`,
        }
      : {
          title: BRAND,
          description:
            '工程机械机手求职卡：挖掘机、装载机、起重机等机手的驾龄、所在地区、资格证书与工作经历，按类别和地区查找。',
        };
  });
  registerSiteMeta(
    '/site/job/:id',
    async (d, p) => {
      const id = Number(p.id);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const v = await svc.publicCard(d, id).catch(() => null);
      return (
        v && {
          title: `${v.resume_category_v}机手求职 · 驾龄${v.resume_driving_age_v} · ${v.region_v} - ${BRAND}`,
          description: v.content.slice(0, 120),
        }
      );
    },
    { title: `${J.cardGoneTitle} - ${BRAND}`, description: J.cardGone },
  );
  registerSitemapSource('jobcards', async (d) => [
    { path: SITE.jobs },
    ...(await svc.sitemapCards(d, 5000)).map((r) => ({
      path: SITE.job(r.id),
      lastmod: new Date(r.at).toISOString().slice(0, 10),
    })),
  ]);

  app.get(
    '/recruit/card',
    {
      config: user,
      schema: {
        tags,
        summary: '我的求职卡（type my 当前，history 历史）',
        querystring: ZCardListQuery,
        response: { 200: zEnvelope(ZJobCardPage) },
      },
    },
    async (req) => ok(await svc.listCards(db, userOf(req).id, req.query)),
  );
  app.post(
    '/recruit/card',
    {
      config: user,
      schema: {
        tags,
        summary: '发布求职卡（需个人认证；进入审核）',
        body: ZJobCardSave,
        response: { 200: zEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (req) => ok(await svc.createCard(deps, actorOf(req), userOf(req).id, req.body), R.submitted),
  );
  app.get(
    '/recruit/card/:id/edit',
    {
      config: user,
      schema: { tags, summary: '求职卡详情（编辑用）', params, response: { 200: zEnvelope(ZJobCardRow) } },
    },
    async (req) => ok(await svc.getOwnCard(db, userOf(req).id, req.params.id)),
  );
  app.put(
    '/recruit/card/:id',
    {
      config: user,
      schema: {
        tags,
        summary: '修改求职卡（重新审核）；{type: "end", sta: 3|4} 结束；{type: "republish"} 重新发布',
        params,
        body: ZCardPut,
        response: { 200: zOk },
      },
    },
    async (req) => {
      const b = req.body;
      const me = userOf(req).id;
      if (b.type === 'end') {
        await svc.endCard(db, actorOf(req), me, req.params.id, b.sta);
        return ok(null, R.stateChanged);
      }
      if (b.type === 'republish') {
        await svc.republishCard(db, actorOf(req), me, req.params.id);
        return ok(null, J.republished);
      }
      await svc.updateCard(deps, actorOf(req), me, req.params.id, b);
      return ok(null, R.changed);
    },
  );

  app.get(
    '/admin/job-cards',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '求职卡审核队列（status 0 全部；类别、关键词）',
        querystring: ZCardAdminQuery,
        response: { 200: zEnvelope(zPage(ZCardAdminRow)) },
      },
    },
    async (req) => ok(await svc.pageReviewQueue(db, req.query)),
  );
  exportRoute(app, '/admin/job-cards/export', {
    config: staff,
    tags: ['admin'],
    summary: '导出求职卡审核队列（Excel，按当前状态、类别、关键词）',
    querystring: ZCardAdminQuery,
    name: '求职卡审核',
    columns: CARD_REVIEW_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => svc.pageReviewQueue(db, { ...q, page, size })),
  });
  app.post(
    '/admin/job-cards/:id/review',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '审核求职卡（结果以系统消息通知机手）',
        params,
        body: ZCardReview,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.reviewCard(db, actorOf(req), req.params.id, req.body.action, req.body.reason);
      return ok(null, R.operated);
    },
  );

  app.get(
    '/site/job',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '机手大厅：审核通过、求职中的求职卡（类别、地区）',
        querystring: ZJobHallQuery,
        response: { 200: zEnvelope(ZJobHallPage) },
      },
    },
    async (req) => ok(await svc.pageHall(db, req.query)),
  );
  app.get(
    '/site/job/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '求职卡公开页（电话经 POST /site/labour/phone 查看）',
        params,
        response: { 200: zEnvelope(ZJobCardPublic) },
      },
    },
    async (req) => ok(await svc.publicCard(db, req.params.id)),
  );
};
