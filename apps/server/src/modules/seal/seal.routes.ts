import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { MENU } from '@jizu/shared/constants/menu';
import { zCompanyScoped, zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import { sealReturnAction } from '@jizu/shared/constants/seal';
import { ZAdminSealQuery, ZAdminSeals, ZSeal, ZSealId, ZSealReject, ZSealSave } from '@jizu/shared/schemas/seal';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { exportRoute, pagedRows } from '../../platform/export';
import { registerHandover } from '../member/handover';
import { reassignSeals } from './seal.repo';
import * as svc from './seal.service';
import { SEAL_REVIEW_EXPORT_COLUMNS } from './seal.export';

const access = { access: 'company', menu: MENU.companySign } as const;
const tags = ['company-seal'];

export const sealRoutes: TModule = (app, deps) => {
  // the seals a deleted member submitted are the hand-over person's from then on
  registerHandover('seals', (tx, h) => reassignSeals(tx, h.companyId, h.fromUserId, h.toUserId));

  app.get(
    '/company/signet/lst',
    {
      config: access,
      schema: { tags, summary: '印章列表', querystring: zCompanyScoped, response: { 200: zEnvelope(z.array(ZSeal)) } },
    },
    async (req) => ok(await svc.listCompanySeals(deps.db, companyOf(req).companyId)),
  );
  app.post(
    '/company/signet/save',
    {
      config: access,
      schema: { tags, summary: '添加印章（提交审核）', body: ZSealSave, response: { 200: zEnvelope(ZSeal) } },
    },
    async (req) => ok(await svc.addSeal(deps, companyOf(req).companyId, userOf(req).id, req.body), M.seal.submitted),
  );
  app.post(
    '/company/signet/del',
    { config: access, schema: { tags, summary: '删除印章', body: ZSealId, response: { 200: zOk } } },
    async (req) => {
      await svc.deleteSeal(deps.db, companyOf(req).companyId, req.body.id);
      return ok(null, M.common.deleted);
    },
  );

  app.get(
    '/admin/seals',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '印章审核列表',
        querystring: ZAdminSealQuery,
        response: { 200: zEnvelope(ZAdminSeals) },
      },
    },
    async (req) => ok(await svc.pageSealReviews(deps.db, req.query.status, req.query.page, req.query.size)),
  );
  exportRoute(app, '/admin/seals/export', {
    config: { access: 'staff' },
    tags: ['admin'],
    summary: '导出印章审核列表（Excel，按当前状态）',
    querystring: ZAdminSealQuery,
    name: '印章审核',
    columns: SEAL_REVIEW_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => svc.pageSealReviews(deps.db, q.status, page, size)),
  });
  // the console's review queue contract (admin/VerifyReview.tsx): approve, or reject with a reason and the kind of
  // return (status 1002 image, the default, or 1003 details)
  app.post(
    '/admin/seals/:id/approve',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '印章审核通过', params: z.object({ id: zId }), response: { 200: zOk } },
    },
    async (req) => {
      await svc.reviewSeal(deps.db, req.params.id, userOf(req).id, 'approve', '');
      return ok(null, M.common.ok);
    },
  );
  app.post(
    '/admin/seals/:id/reject',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '印章审核退回（status 1002 图片不合格，缺省；1003 信息不符）',
        params: z.object({ id: zId }),
        body: ZSealReject,
        response: { 200: zOk },
      },
    },
    async (req) => {
      // the schema admits only returned statuses, so the action is always found
      await svc.reviewSeal(deps.db, req.params.id, userOf(req).id, sealReturnAction(req.body.status)!, req.body.reason);
      return ok(null, M.common.ok);
    },
  );
};
