import { zEnvelope } from '@jizu/shared/schemas/common';
import { ZAdminOverview, ZAdminUsers, ZAdminUsersQuery } from '@jizu/shared/schemas/admin';
import { ok } from '../../platform/envelope';
import type { TModule } from '../../platform/http';
import { getOverview, listUsers } from './admin.service';

/** The admin console's API (platform staff only). */
export const adminRoutes: TModule = (app, deps) => {
  app.get(
    '/admin/overview',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '管理后台概览', response: { 200: zEnvelope(ZAdminOverview) } },
    },
    async () => ok(await getOverview(deps.db)),
  );

  app.get(
    '/admin/users',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '用户列表',
        querystring: ZAdminUsersQuery,
        response: { 200: zEnvelope(ZAdminUsers) },
      },
    },
    async (req) => ok(await listUsers(deps.db, req.query)),
  );
};
