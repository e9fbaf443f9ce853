import { zEnvelope } from '@jizu/shared/schemas/common';
import { ZPublicSettings } from '@jizu/shared/schemas/settings';
import { ok } from '../../platform/envelope';
import type { TModule } from '../../platform/http';

/** Settings the pages read before or without login (the hotline on the scan pages and the site footer, the map). */
export const settingsRoutes: TModule = (app, deps) => {
  app.get(
    '/settings/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: '公开设置（客服热线、地图）',
        response: { 200: zEnvelope(ZPublicSettings) },
      },
    },
    async () => {
      const amap = deps.config.amap;
      return ok({
        service_hotline: deps.config.serviceHotline,
        amap: amap ? { key: amap.key, security_code: amap.securityCode } : null,
      });
    },
  );
};
