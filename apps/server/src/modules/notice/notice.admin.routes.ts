import { M } from '@jizu/shared/messages';
import { zEnvelope, zOk } from '@jizu/shared/schemas/common';
import {
  NOTICE_STATUS,
  ZAdminNoticePage,
  ZAdminNoticeQuery,
  ZAdminNoticeRow,
  ZAdminNoticeSave,
  ZAdminNoticeStatus,
  ZNoticeIdParam,
} from '@jizu/shared/schemas/notice';
import { ok } from '../../platform/envelope';
import type { TModule } from '../../platform/http';
import {
  adminCreateNotice,
  adminDeleteNotice,
  adminListNotices,
  adminSetNoticeStatus,
  adminUpdateNotice,
} from './notice.service';

/** The admin console's notice editor (platform staff only). */
export const noticeAdminRoutes: TModule = (app, deps) => {
  const tags = ['admin'];
  app.get(
    '/admin/notices',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: '公告列表（含草稿）',
        querystring: ZAdminNoticeQuery,
        response: { 200: zEnvelope(ZAdminNoticePage) },
      },
    },
    async (req) => ok(await adminListNotices(deps.db, req.query)),
  );

  app.post(
    '/admin/notices',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: '新建公告（status 1 发布，0 草稿）',
        body: ZAdminNoticeSave,
        response: { 200: zEnvelope(ZAdminNoticeRow) },
      },
    },
    async (req) =>
      ok(
        await adminCreateNotice(deps.db, req.body),
        req.body.status === NOTICE_STATUS.published ? M.notice.published : M.common.saved,
      ),
  );

  app.put(
    '/admin/notices/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: '编辑公告',
        params: ZNoticeIdParam,
        body: ZAdminNoticeSave,
        response: { 200: zEnvelope(ZAdminNoticeRow) },
      },
    },
    async (req) => ok(await adminUpdateNotice(deps.db, req.params.id, req.body), M.common.saved),
  );

  app.post(
    '/admin/notices/:id/status',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: '发布或下架公告',
        params: ZNoticeIdParam,
        body: ZAdminNoticeStatus,
        response: { 200: zEnvelope(ZAdminNoticeRow) },
      },
    },
    async (req) =>
      ok(
        await adminSetNoticeStatus(deps.db, req.params.id, req.body.status),
        req.body.status === NOTICE_STATUS.published ? M.notice.published : M.notice.unpublished,
      ),
  );

  app.delete(
    '/admin/notices/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: '删除公告', params: ZNoticeIdParam, response: { 200: zOk } },
    },
    async (req) => {
      await adminDeleteNotice(deps.db, req.params.id);
      return ok(null, M.common.deleted);
    },
  );
};
