import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import { ZCompanyReviewPage, ZPersonReviewPage, ZReject, ZReviewQuery } from '@jizu/shared/schemas/verify';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { vaultOf } from '../../platform/crypto';
import * as review from './verify.review.service';

const zIdParam = z.object({ id: zId });

/** The admin console's review queues of personal and company verification (platform staff only). */
export const verifyAdminRoutes: TModule = (app, deps) => {
  app.get(
    '/admin/verify/person',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '个人认证审核列表（status 3 待审核）',
        querystring: ZReviewQuery,
        response: { 200: zEnvelope(ZPersonReviewPage) },
      },
    },
    async (req) => ok(await review.listPersonQueue(deps.db, vaultOf(deps.config), req.query)),
  );
  app.post(
    '/admin/verify/person/:id/approve',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '个人认证通过', params: zIdParam, response: { 200: zOk } },
    },
    async (req) =>
      ok(
        await review.reviewPerson(deps.db, userOf(req).id, req.params.id, 'approve').then(() => null),
        M.verify.approved,
      ),
  );
  app.post(
    '/admin/verify/person/:id/reject',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '个人认证驳回（须填原因）',
        params: zIdParam,
        body: ZReject,
        response: { 200: zOk },
      },
    },
    async (req) =>
      ok(
        await review.reviewPerson(deps.db, userOf(req).id, req.params.id, 'reject', req.body.reason).then(() => null),
        M.verify.rejected,
      ),
  );

  app.get(
    '/admin/verify/company',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '企业认证审核列表（status 3 待审核）',
        querystring: ZReviewQuery,
        response: { 200: zEnvelope(ZCompanyReviewPage) },
      },
    },
    async (req) => ok(await review.listCompanyQueue(deps.db, vaultOf(deps.config), req.query)),
  );
  app.post(
    '/admin/verify/company/:id/approve',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '企业认证通过（写入企业工商信息）',
        params: zIdParam,
        response: { 200: zOk },
      },
    },
    async (req) =>
      ok(
        await review.reviewCompany(deps.db, userOf(req).id, req.params.id, 'approve').then(() => null),
        M.verify.approved,
      ),
  );
  app.post(
    '/admin/verify/company/:id/reject',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '企业认证驳回（须填原因）',
        params: zIdParam,
        body: ZReject,
        response: { 200: zOk },
      },
    },
    async (req) =>
      ok(
        await review.reviewCompany(deps.db, userOf(req).id, req.params.id, 'reject', req.body.reason).then(() => null),
        M.verify.rejected,
      ),
  );
};
