import { zEnvelope } from '@jizu/shared/schemas/common';
import { ZNoticeDetail, ZNoticeIdParam, ZNoticePage, ZNoticeQuery } from '@jizu/shared/schemas/notice';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { listNotices, readNotice } from './notice.service';

/** The dashboard's notices (spec/1 §7: paths not shown; ours, in the /index style). */
export const noticeRoutes: TModule = (app, deps) => {
  app.get(
    '/index/notice',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notice'],
        summary: '平台公告列表（state 0 未读，1 已读，不传为全部；最新在前）',
        querystring: ZNoticeQuery,
        response: { 200: zEnvelope(ZNoticePage) },
      },
    },
    async (req) => ok(await listNotices(deps.db, userOf(req).id, req.query)),
  );

  app.get(
    '/index/notice/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notice'],
        summary: '公告详情（打开即记为已读）',
        params: ZNoticeIdParam,
        response: { 200: zEnvelope(ZNoticeDetail) },
      },
    },
    async (req) => ok(await readNotice(deps.db, userOf(req).id, req.params.id)),
  );
};
