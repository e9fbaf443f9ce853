import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { zEnvelope } from '@jizu/shared/schemas/common';
import { ok } from '../../platform/envelope';
import type { TModule } from '../../platform/http';

export const healthRoutes: TModule = (app, deps) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: '健康检查', response: { 200: zEnvelope(z.object({ db: z.enum(['pglite', 'postgres']), time: z.string() })) } },
    },
    async () => {
      await deps.db.execute(sql`select 1`);
      return ok({ db: deps.dbKind, time: new Date().toISOString() });
    },
  );
};
