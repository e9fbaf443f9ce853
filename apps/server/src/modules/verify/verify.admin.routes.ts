import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import { ZCompanyReviewPage, ZPersonReviewPage, ZReject, ZReviewQuery } from '@jizu/shared/schemas/verify';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { vaultOf } from '../../platform/crypto';
import * as review from './verify.review.service';
import { exportRoute, pagedRows } from '../../platform/export';
import { COMPANY_REVIEW_EXPORT_COLUMNS, PERSON_REVIEW_EXPORT_COLUMNS } from './verify.export';

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
  exportRoute(app, '/admin/verify/person/export', {
    config: { access: 'staff' },
    tags: ['admin'],
    summary: '导出个人认证审核列表（Excel，按当前状态；不含证件号码与照片）',
    querystring: ZReviewQuery,
    name: '个人认证审核',
    columns: PERSON_REVIEW_EXPORT_COLUMNS,
    rows: (_req, q) =>
      pagedRows((page, size) => review.listPersonQueue(deps.db, vaultOf(deps.config), { ...q, page, size })),
  });
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
  exportRoute(app, '/admin/verify/company/export', {
    config: { access: 'staff' },
    tags: ['admin'],
    summary: '导出企业认证审核列表（Excel，按当前状态；不含证件号码与照片）',
    querystring: ZReviewQuery,
    name: '企业认证审核',
    columns: COMPANY_REVIEW_EXPORT_COLUMNS,
    rows: (_req, q) =>
      pagedRows((page, size) => review.listCompanyQueue(deps.db, vaultOf(deps.config), { ...q, page, size })),
  });
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
