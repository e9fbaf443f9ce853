import { zCompanyScoped, zEnvelope } from '@jizu/shared/schemas/common';
import { ZMenu, ZUserInfo } from '@jizu/shared/schemas/index';
import { ok } from '../../platform/envelope';
import { companyOf, requestedCompanyId, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { getUserInfo, menuFor } from './index.service';

/** The dashboard's /index/* calls of the account and company context (staff calls are in the staff module). */
export const indexRoutes: TModule = (app, deps) => {
  app.get(
    '/index/info',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: '账户信息',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZUserInfo) },
      },
    },
    async (req) => ok(await getUserInfo(deps.db, userOf(req).id, requestedCompanyId(req))),
  );

  app.get(
    '/index/menu',
    {
      config: { access: 'company' },
      schema: {
        tags: ['account'],
        summary: '左侧菜单',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZMenu) },
      },
    },
    async (req) => ok(menuFor(companyOf(req))),
  );
};
