import { z } from 'zod';
import { zEnvelope } from '@jizu/shared/schemas/common';
import {
  ZAreaQuery,
  ZCategory,
  ZGroup,
  ZProduct,
  ZRegionIdParam,
  ZRegionCentre,
  ZRegionOption,
  ZTaxonomyIdParam,
} from '@jizu/shared/schemas/region';
import { ok } from '../../platform/envelope';
import type { TModule } from '../../platform/http';
import {
  listEquipmentCategories,
  listEquipmentGroups,
  listEquipmentProducts,
  listRegionOptions,
} from './region.service';
import { regionCentre } from './region.centre';

/** Reference data changes only with a release: let browsers and proxies keep it a while. */
const CACHE = 'public, max-age=3600';

export const regionRoutes: TModule = (app, deps) => {
  const options = zEnvelope(z.array(ZRegionOption));

  app.get(
    '/v1/city/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['region'],
        summary: '地区选项：下级地区（1 为省份）',
        params: ZRegionIdParam,
        response: { 200: options },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return ok(await listRegionOptions(deps.db, req.params.id));
    },
  );

  app.get(
    '/v1/city/:id/centre',
    {
      config: { access: 'public' },
      schema: {
        tags: ['region'],
        summary: '地区中心点（GCJ-02；未配置地图时表单按所选区县中心记录位置）',
        params: ZRegionIdParam,
        response: { 200: zEnvelope(ZRegionCentre.nullable()) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return ok(regionCentre(req.params.id));
    },
  );

  app.get(
    '/index/area',
    {
      config: { access: 'public' },
      schema: {
        tags: ['region'],
        summary: '地区选项（按上级 pid，1 为省份）',
        querystring: ZAreaQuery,
        response: { 200: options },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return ok(await listRegionOptions(deps.db, req.query.pid));
    },
  );

  app.get(
    '/v1/etype',
    {
      config: { access: 'public' },
      schema: { tags: ['region'], summary: '设备大类', response: { 200: zEnvelope(z.array(ZCategory)) } },
    },
    async (_req, reply) => {
      reply.header('cache-control', CACHE);
      return ok(await listEquipmentCategories(deps.db));
    },
  );

  app.get(
    '/v1/egroup/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['region'],
        summary: '设备分组（按大类 id）',
        params: ZTaxonomyIdParam,
        response: { 200: zEnvelope(z.array(ZGroup)) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return ok(await listEquipmentGroups(deps.db, req.params.id));
    },
  );

  app.get(
    '/v1/epro/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['region'],
        summary: '设备产品（按分组 id），含规格参数、属性与计租单位',
        params: ZTaxonomyIdParam,
        response: { 200: zEnvelope(z.array(ZProduct)) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return ok(await listEquipmentProducts(deps.db, req.params.id));
    },
  );
};
