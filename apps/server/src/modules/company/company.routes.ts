import { zEnvelope } from '@jizu/shared/schemas/common';
import { ZCompanyInfo } from '@jizu/shared/schemas/company';
import { MENU } from '@jizu/shared/constants/menu';
import { zCompanyScoped } from '@jizu/shared/schemas/common';
import { ok } from '../../platform/envelope';
import { companyOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { getCompanyInfo } from './company.service';

export const companyRoutes: TModule = (app, deps) => {
  app.get(
    '/company/info',
    {
      config: { access: 'company', menu: MENU.companyInfo },
      schema: {
        tags: ['company'],
        summary: '企业信息',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZCompanyInfo) },
      },
    },
    async (req) => ok(await getCompanyInfo(deps.db, companyOf(req).companyId)),
  );
};
