import { z } from 'zod';
import { MENU } from '@jizu/shared/constants/menu';
import { M } from '@jizu/shared/messages';
import { zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZAdminReviewPage,
  ZAdminReviewQuery,
  ZOrderReviews,
  ZProviderReviewAdd,
  ZReviewHide,
  ZReviewOrderQuery,
  ZReviewScoreCards,
  ZReviewScoresQuery,
  ZShopReviews,
  ZShopReviewsQuery,
  ZTenantReviewAdd,
} from '@jizu/shared/schemas/review';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { exportRoute, pagedRows } from '../../platform/export';
import { actorOf } from '../audit/audit.service';
import * as svc from './review.service';
import { REVIEW_EXPORT_COLUMNS } from './review.export';

const tags = ['review'];
type TSideAccess = { access: 'company'; menu: number };
const tenant: TSideAccess = { access: 'company', menu: MENU.rentOrder };
const provider: TSideAccess = { access: 'company', menu: MENU.leaseOrder };

/**
 * Reviews after an order (issue 29 §2; paths not shown in the spec): each side of a completed order reviews the other
 * under its order area (/rent/order for the tenant with 租入订单, /ep/order for the provider with 租出订单); the public
 * pages read the averages; the console hides a review with a reason.
 */
export const reviewRoutes: TModule = (app, deps) => {
  const db = deps.db;
  for (const [who, base, cfg, body] of [
    ['tenant', '/rent/order/review', tenant, ZTenantReviewAdd],
    ['provider', '/ep/order/review', provider, ZProviderReviewAdd],
  ] as const) {
    app.get(
      base,
      {
        config: cfg,
        schema: {
          tags,
          summary:
            who === 'tenant'
              ? '订单评价（承租方：我的评价、服务商的评价，双方均评价或评价期结束后公开）'
              : '订单评价（服务商：我的评价、承租方的评价，双方均评价或评价期结束后公开）',
          querystring: ZReviewOrderQuery,
          response: { 200: zEnvelope(ZOrderReviews) },
        },
      },
      async (req) => ok(await svc.orderReviews(db, who, companyOf(req).companyId, req.query.id)),
    );
    app.post(
      base,
      {
        config: cfg,
        schema: {
          tags,
          summary:
            who === 'tenant'
              ? '评价服务商（设备状况、准时进场、服务沟通 1–5星，订单完成后30天内一次）'
              : '评价承租方（付款及时、现场配合 1–5星，订单完成后30天内一次）',
          body,
          response: { 200: zOk },
        },
      },
      async (req) => {
        const a = (
          who === 'tenant'
            ? { side: who, v: req.body as z.infer<typeof ZTenantReviewAdd> }
            : { side: who, v: req.body as z.infer<typeof ZProviderReviewAdd> }
        ) as Parameters<typeof svc.addReview>[4];
        await svc.addReview(db, actorOf(req), companyOf(req).companyId, userOf(req).id, a);
        return ok(null, M.review.submitted);
      },
    );
  }

  app.get(
    '/site/review/shop',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: '服务商的公开评价（各项平均分、评价数、最新评价）',
        querystring: ZShopReviewsQuery,
        response: { 200: zEnvelope(ZShopReviews) },
      },
    },
    async (req) => ok(await svc.shopReviews(db, req.query.company_id)),
  );
  app.get(
    '/site/review/scores',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: '多家公司的评价平均分（ids 逗号分隔；role provider 服务商 / tenant 承租方）',
        querystring: ZReviewScoresQuery,
        response: { 200: zEnvelope(ZReviewScoreCards) },
      },
    },
    async (req) => ok(await svc.scoreCards(db, req.query.ids, req.query.role)),
  );

  app.get(
    '/admin/reviews',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '订单评价（status -1 全部，0 展示中，1 已隐藏）',
        querystring: ZAdminReviewQuery,
        response: { 200: zEnvelope(ZAdminReviewPage) },
      },
    },
    async (req) => ok(await svc.pageAdminReviews(db, req.query)),
  );
  exportRoute(app, '/admin/reviews/export', {
    config: { access: 'staff' },
    tags: ['admin'],
    summary: '导出订单评价（Excel，按当前状态）',
    querystring: ZAdminReviewQuery,
    name: '订单评价',
    columns: REVIEW_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => svc.pageAdminReviews(db, { ...q, page, size })),
  });
  app.post(
    '/admin/reviews/:id/hide',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '隐藏评价（须填写原因，并通知评价人）',
        params: z.object({ id: zId }),
        body: ZReviewHide,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.hideReview(db, actorOf(req), userOf(req).id, req.params.id, req.body.reason);
      return ok(null, M.review.hidden);
    },
  );
};
