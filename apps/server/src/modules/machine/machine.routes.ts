import { z } from 'zod';
import { MENU } from '@jizu/shared/constants/menu';
import { machine as msg } from '@jizu/shared/messages/machine';
import { zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZInspectionAck,
  ZMachineEnter,
  ZMachineExit,
  ZMachineId,
  ZMachineListQuery,
  ZMachinePage,
} from '@jizu/shared/schemas/machine';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import { type TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import * as svc from './machine.service';
import { acknowledgeInspection } from './machine.inspect.service';
import { exportRoute, pagedRows } from '../../platform/export';
import { MACHINE_EXPORT_COLUMNS } from './machine.export';

const tags = ['machine'];
const tenant = { access: 'company', menu: MENU.rentOrder } as const;
const provider = { access: 'company', menu: MENU.leaseOrder } as const;
const ZDevice = z.object({ id: z.number(), name: z.string(), spec: z.string(), cover: z.string() });

/**
 * Machines on site (spec/2 §7 Machinery): the provider's list, entry choices, entry, exit and delete under /ep; the
 * tenant's read-only list (path not shown in the spec: /rent/order/eplst, in the same style).
 */
export const machineRoutes: TModule = (app, deps) => {
  const db = deps.db;
  app.get(
    '/rent/order/eplst',
    {
      config: tenant,
      schema: {
        tags,
        summary: '承租方：订单的进退场设备（只读；id 为订单 id，status -1 全部，0 施工中，1 已退场）',
        querystring: ZMachineListQuery,
        response: { 200: zEnvelope(ZMachinePage) },
      },
    },
    async (req) => ok(await svc.listMachines(db, 'tenant', companyOf(req).companyId, req.query)),
  );
  app.post(
    '/rent/order/ep_ack',
    {
      config: tenant,
      schema: {
        tags,
        summary: '承租方：确认（ack 1）或对进场（kind 0）/退场（kind 1）验收提出异议（ack 2，须填说明），每项验收一次',
        body: ZInspectionAck,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await acknowledgeInspection(db, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body);
      return ok(null, req.body.ack === 1 ? msg.confirmed : msg.disputed);
    },
  );
  exportRoute(app, '/rent/order/eplst/export', {
    config: tenant,
    tags,
    summary: '承租方：导出订单的进退场设备（Excel，按当前状态筛选）',
    querystring: ZMachineListQuery,
    name: '进退场设备',
    columns: MACHINE_EXPORT_COLUMNS,
    rows: (req, q) =>
      pagedRows((page, size) => svc.listMachines(db, 'tenant', companyOf(req).companyId, { ...q, page, size })),
  });
  app.get(
    '/ep/ct_eplst',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商：订单的进退场设备',
        querystring: ZMachineListQuery,
        response: { 200: zEnvelope(ZMachinePage) },
      },
    },
    async (req) => ok(await svc.listMachines(db, 'provider', companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/ep/ct_eplst/export', {
    config: provider,
    tags,
    summary: '服务商：导出订单的进退场设备（Excel）',
    querystring: ZMachineListQuery,
    name: '进退场设备',
    columns: MACHINE_EXPORT_COLUMNS,
    rows: (req, q) =>
      pagedRows((page, size) => svc.listMachines(db, 'provider', companyOf(req).companyId, { ...q, page, size })),
  });
  app.get(
    '/ep/ct_epok',
    {
      config: provider,
      schema: {
        tags,
        summary: '可进场的设备：本企业审核通过且未在其他订单施工中的设备',
        querystring: z.object({ company_id: zId.optional(), id: zId }),
        response: { 200: zEnvelope(z.array(ZDevice)) },
      },
    },
    async (req) => ok(await svc.enterableDevices(db, companyOf(req).companyId, req.query.id)),
  );
  app.post(
    '/ep/ct_epin',
    {
      config: provider,
      schema: {
        tags,
        summary: '设备进场（进场日期不晚于今天；可填小时表读数、照片、油量（0–8，八分之一格）、损伤（描述与照片））',
        body: ZMachineEnter,
        response: { 200: zEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (req) =>
      ok(await svc.enterMachine(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body), msg.entered),
  );
  app.post(
    '/ep/ct_epout',
    {
      config: provider,
      schema: {
        tags,
        summary: '设备退场（退场日期不早于进场、不晚于今天；小时表不低于进场读数；油量、损伤同进场）',
        body: ZMachineExit,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.exitMachine(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body);
      return ok(null, msg.exited);
    },
  );
  app.post(
    '/ep/ct_epdel',
    {
      config: provider,
      schema: { tags, summary: '从订单中删除施工中的设备', body: ZMachineId, response: { 200: zOk } },
    },
    async (req) => {
      await svc.deleteMachine(db, actorOf(req), companyOf(req).companyId, req.body.id);
      return ok(null, msg.deleted);
    },
  );
};
