import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zEnvelope } from '@jizu/shared/schemas/common';
import { ZMessageDel, ZMessageListQuery, ZMessagePage, ZMessageRead, ZMessageRow } from '@jizu/shared/schemas/message';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { deleteMessages, listMessages, readMessage } from './message.service';

/** The user's system-message inbox (spec/3 § System messages). Messages belong to the user, in every company. */
export const messageRoutes: TModule = (app, deps) => {
  app.get(
    '/index/message/lst',
    {
      config: { access: 'user' },
      schema: {
        tags: ['message'],
        summary: '系统消息列表（state 0 未读，1 已读；每页 15 条）',
        querystring: ZMessageListQuery,
        response: { 200: zEnvelope(ZMessagePage) },
      },
    },
    async (req) => ok(await listMessages(deps.db, userOf(req).id, req.query)),
  );

  app.post(
    '/index/message/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['message'],
        summary: '打开消息（标记已读）',
        body: ZMessageRead,
        response: { 200: zEnvelope(ZMessageRow) },
      },
    },
    async (req) => ok(await readMessage(deps.db, userOf(req).id, req.body.id), M.message.read),
  );

  app.post(
    '/index/message/del',
    {
      config: { access: 'user' },
      schema: {
        tags: ['message'],
        summary: '删除消息（id 为单个或数组）',
        body: ZMessageDel,
        response: { 200: zEnvelope(z.object({ deleted: z.number().int() })) },
      },
    },
    async (req) => ok(await deleteMessages(deps.db, userOf(req).id, req.body.id), M.message.deleted),
  );
};
