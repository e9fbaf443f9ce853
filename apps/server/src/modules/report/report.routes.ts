import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zCompanyScoped, zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZAdminReportPage,
  ZAdminReportQuery,
  ZReportAdd,
  ZReportHandle,
  ZReportPage,
  ZReportQuery,
  ZReportRow,
  ZReportTypes,
} from '@jizu/shared/schemas/report';
import { ok } from '../../platform/envelope';
import { requestedCompanyId, userOf } from '../../platform/access';
import { resolveCompanyCtx } from '../../platform/company-context';
import type { TModule } from '../../platform/http';
import { exportRoute, pagedRows } from '../../platform/export';
import { actorOf } from '../audit/audit.service';
import * as svc from './report.service';
import { REPORT_QUEUE_EXPORT_COLUMNS } from './report.export';

const tags = ['report'];
const user = { access: 'user' } as const;

/** Reports (spec/1 §7 GET /index/report/lst; the rest: paths not shown) and the console's handling. */
export const reportRoutes: TModule = (app, deps) => {
  const db = deps.db;
  app.get(
    '/index/report/types',
    {
      config: { access: 'public' },
      schema: { tags, summary: '举报类型', querystring: zCompanyScoped, response: { 200: zEnvelope(ZReportTypes) } },
    },
    async () => ok(svc.reportTypes()),
  );
  app.post(
    '/index/report/add',
    {
      config: user,
      schema: {
        tags,
        summary: '举报公开的设备（type 0）或店铺（type 1）',
        body: ZReportAdd,
        response: { 200: zEnvelope(ZReportRow) },
      },
    },
    async (req) => {
      const wanted = requestedCompanyId(req);
      const ctx = wanted && wanted > 0 ? await resolveCompanyCtx(db, userOf(req).id, wanted) : null;
      return ok(
        await svc.addReport(db, actorOf(req), userOf(req).id, ctx?.companyId ?? null, req.body),
        M.report.submitted,
      );
    },
  );
  app.get(
    '/index/report/lst',
    {
      config: user,
      schema: { tags, summary: '我的举报', querystring: ZReportQuery, response: { 200: zEnvelope(ZReportPage) } },
    },
    async (req) => ok(await svc.listOwnReports(db, userOf(req).id, req.query)),
  );
  app.get(
    '/admin/reports',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '举报处理队列（0 待处理，1 已处理，2 已驳回）',
        querystring: ZAdminReportQuery,
        response: { 200: zEnvelope(ZAdminReportPage) },
      },
    },
    async (req) => ok(await svc.pageReportQueue(db, req.query)),
  );
  exportRoute(app, '/admin/reports/export', {
    config: { access: 'staff' },
    tags: ['admin'],
    summary: '导出举报处理队列（Excel，按当前状态）',
    querystring: ZAdminReportQuery,
    name: '举报处理',
    columns: REPORT_QUEUE_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => svc.pageReportQueue(db, { ...q, page, size })),
  });
  app.post(
    '/admin/reports/:id/handle',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '处理举报（status 1 已处理，2 驳回）并告知举报人',
        params: z.object({ id: zId }),
        body: ZReportHandle,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.handleReport(db, actorOf(req), userOf(req).id, req.params.id, req.body);
      return ok(null, M.common.ok);
    },
  );
};
