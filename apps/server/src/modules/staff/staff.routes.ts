import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zEnvelope } from '@jizu/shared/schemas/common';
import { ZMyStaff, ZStaffChange, ZStaffQuery, ZStaffRow } from '@jizu/shared/schemas/staff';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { changeMyStaff, getMyStaff, listStaff } from './staff.service';

export const staffRoutes: TModule = (app, deps) => {
  app.get(
    '/index/staff',
    {
      config: { access: 'user' },
      schema: {
        tags: ['staff'],
        summary: '我的专属客服（未分配时自动分配）',
        querystring: ZStaffQuery,
        response: { 200: zEnvelope(ZMyStaff.nullable()) },
      },
    },
    async (req) => ok(await getMyStaff(deps.db, userOf(req).id)),
  );

  app.get(
    '/index/staff_list',
    {
      config: { access: 'user' },
      schema: { tags: ['staff'], summary: '可选客服列表', response: { 200: zEnvelope(z.array(ZStaffRow)) } },
    },
    async () => ok(await listStaff(deps.db)),
  );

  app.post(
    '/index/staff',
    {
      config: { access: 'user' },
      schema: { tags: ['staff'], summary: '更换专属客服', body: ZStaffChange, response: { 200: zEnvelope(ZMyStaff) } },
    },
    async (req) => ok(await changeMyStaff(deps.db, userOf(req).id, req.body.staff_id), M.staff.changed),
  );
};
