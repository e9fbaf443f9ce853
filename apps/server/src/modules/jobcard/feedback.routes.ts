import { z } from 'zod';
import { jobcardTexts as J, recruit as R } from '@jizu/shared/messages/recruit';
import { zEnvelope, zId, zOk, zPage } from '@jizu/shared/schemas/common';
import {
  ZAdminCommentQuery,
  ZAdminCommentRemove,
  ZAdminCommentRow,
  ZCommentListQuery,
  ZCommentPage,
  ZCommentSave,
  ZLabourStat,
  ZCardPhone,
  ZLabourTarget,
  ZLikeBody,
  ZTargetCommentPage,
  ZTargetCommentQuery,
} from '@jizu/shared/schemas/jobcard';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import { clientIp, type TModule } from '../../platform/http';
import { exportRoute, pagedRows } from '../../platform/export';
import { actorOf } from '../audit/audit.service';
import * as svc from './feedback.service';
import { LABOUR_COMMENT_EXPORT_COLUMNS } from './jobcard.export';

const tags = ['labour-feedback'];
const user = { access: 'user' } as const;
const pub = { access: 'public' } as const;
const params = z.object({ id: zId });
const ZCounters = z.object({ browse_num: z.number().int(), comment_num: z.number().int(), like_num: z.number().int() });

/**
 * Comments, likes, browses and phone reveals of job cards and hiring demands (spec/3 §7: GET /recruit/comment,
 * DELETE /recruit/comment/{id}; the rest are the public pages' calls, paths in the same style).
 */
export const feedbackRoutes: TModule = (app, deps) => {
  const db = deps.db;
  app.get(
    '/recruit/comment',
    {
      config: user,
      schema: {
        tags,
        summary: '我的评论：type receive 收到的，publish 我发表的',
        querystring: ZCommentListQuery,
        response: { 200: zEnvelope(ZCommentPage) },
      },
    },
    async (req) => ok(await svc.listMyComments(db, userOf(req).id, req.query)),
  );
  app.post(
    '/recruit/comment',
    {
      config: user,
      schema: {
        tags,
        summary: '评论公开的求职卡或招聘需求（type card|recruit）',
        body: ZCommentSave,
        response: { 200: zEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (req) => ok(await svc.addComment(db, actorOf(req), userOf(req).id, req.body), R.commented),
  );
  app.delete(
    '/recruit/comment/:id',
    {
      config: user,
      schema: {
        tags,
        summary: '删除评论（评论人，或被评论的求职卡、招聘需求的发布人）',
        params,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.deleteComment(db, actorOf(req), userOf(req).id, req.params.id);
      return ok(null, R.deleted);
    },
  );
  app.post(
    '/recruit/like',
    {
      config: user,
      schema: {
        tags,
        summary: '点赞（like true）或取消点赞（false）；每人每条一次',
        body: ZLikeBody,
        response: { 200: zEnvelope(z.object({ liked: z.boolean(), like_num: z.number().int() })) },
      },
    },
    async (req) => {
      const r = await svc.setLike(db, userOf(req).id, req.body);
      return ok(r, req.body.like ? R.liked : J.unliked);
    },
  );

  app.get(
    '/site/labour/comment',
    {
      config: pub,
      schema: {
        tags,
        summary: '公开页的评论列表（mine 标出自己的）',
        querystring: ZTargetCommentQuery,
        response: { 200: zEnvelope(ZTargetCommentPage) },
      },
    },
    async (req) => ok(await svc.listTargetComments(db, req.query, req.user?.id ?? null)),
  );
  app.get(
    '/site/labour/stat',
    {
      config: pub,
      schema: {
        tags,
        summary: '浏览、评论、点赞数与本人是否已点赞',
        querystring: ZLabourTarget,
        response: { 200: zEnvelope(ZLabourStat) },
      },
    },
    async (req) => ok(await svc.targetStat(db, req.query.type, req.query.id, req.user?.id ?? null)),
  );
  app.post(
    '/site/labour/view',
    {
      config: pub,
      schema: {
        tags,
        summary: '记录一次浏览（每位访客每天计一次，发布人本人不计，同一地址每小时限量）',
        body: ZLabourTarget,
        response: { 200: zEnvelope(ZCounters) },
      },
    },
    async (req) =>
      ok(
        await svc.recordBrowse(deps, req.body.type, req.body.id, {
          key: svc.viewerKey(req.user?.id ?? null, clientIp(req), String(req.headers['user-agent'] ?? '')),
          ip: clientIp(req),
        }),
      ),
  );
  app.post(
    '/site/labour/phone',
    {
      config: user,
      schema: {
        tags,
        summary: '查看机手电话（需个人认证；每次查看都有记录，限频；招聘方电话见 /recruit/recruit/{id}/phone）',
        body: ZCardPhone,
        response: { 200: zEnvelope(z.object({ phone: z.string() })) },
      },
    },
    async (req) => ok(await svc.revealPhone(deps, userOf(req).id, clientIp(req), req.body.type, req.body.id)),
  );

  app.get(
    '/admin/labour/comments',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '劳务评论列表（最新在前）',
        querystring: ZAdminCommentQuery,
        response: { 200: zEnvelope(zPage(ZAdminCommentRow)) },
      },
    },
    async (req) => ok(await svc.pageAllComments(db, req.query)),
  );
  exportRoute(app, '/admin/labour/comments/export', {
    config: { access: 'staff' },
    tags: ['admin'],
    summary: '导出劳务评论列表（Excel，按评论对象）',
    querystring: ZAdminCommentQuery,
    name: '机手评价',
    columns: LABOUR_COMMENT_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => svc.pageAllComments(db, { ...q, page, size })),
  });
  app.post(
    '/admin/labour/comments/:id/remove',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '移除评论（记入审计，通知评论人）',
        params,
        body: ZAdminCommentRemove,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.removeComment(db, actorOf(req), req.params.id, req.body.reason);
      return ok(null, R.deleted);
    },
  );
};
