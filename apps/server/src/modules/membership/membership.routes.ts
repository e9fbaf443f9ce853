import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zEnvelope, zOk, zPage } from '@jizu/shared/schemas/common';
import {
  ZAdminPlanSave,
  ZMemberDetailQuery,
  ZMemberPayInfo,
  ZMemberPlan,
  ZMemberPurchase,
  ZPayOrder,
  ZRight,
  ZRightsQuery,
} from '@jizu/shared/schemas/payment';
import {
  ZNameplateQuery,
  ZRightsEq,
  ZRightsEqInfo,
  ZRightsEqInfoBody,
  ZRightsEqQuery,
  ZRightsEqSave,
  ZRightsProject,
} from '@jizu/shared/schemas/rights';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import { actorOf } from '../audit/audit.service';
import { bindDevice, bindingInfo, listBindableDevices, listBindableProjects, nameplatePng } from './rights.service';
import type { TModule } from '../../platform/http';
import {
  adminSavePlan,
  ensureMemberDefaults,
  listPlans,
  listRights,
  memberPayInfo,
  purchaseMember,
  registerMemberHook,
} from './membership.service';

/** Membership (spec/1 §1, §7): plans, pay info, purchase and the rights list. */
export const membershipRoutes: TModule = async (app, deps) => {
  const channel = deps.payments;
  registerMemberHook();
  await ensureMemberDefaults(deps.db);

  app.get(
    '/payment/member/plans',
    {
      config: { access: 'user' },
      schema: {
        tags: ['membership'],
        summary: '会员等级、价格与权益',
        response: { 200: zEnvelope(z.array(ZMemberPlan)) },
      },
    },
    async () => ok(await listPlans(deps.db)),
  );
  app.get(
    '/payment/detail',
    {
      config: { access: 'user' },
      schema: {
        tags: ['membership'],
        summary: '会员支付信息',
        querystring: ZMemberDetailQuery,
        response: { 200: zEnvelope(ZMemberPayInfo) },
      },
    },
    async (req) => ok(await memberPayInfo(deps.db, userOf(req).id, req.query.level)),
  );
  app.post(
    '/payment/purchase',
    {
      config: { access: 'user' },
      schema: {
        tags: ['membership'],
        summary: '购买会员下单',
        body: ZMemberPurchase,
        response: { 200: zEnvelope(ZPayOrder) },
      },
    },
    async (req) =>
      ok(
        await purchaseMember(
          deps.db,
          channel,
          userOf(req).id,
          req.body.company_id ?? null,
          req.body.recharge_type,
          req.body.pay_type,
        ),
      ),
  );
  app.get(
    '/index/user/rightsList',
    {
      config: { access: 'user' },
      schema: {
        tags: ['membership'],
        summary: '我的会员权益',
        querystring: ZRightsQuery,
        response: { 200: zEnvelope(zPage(ZRight)) },
      },
    },
    async (req) => ok(await listRights(deps.db, userOf(req).id, req.query.page, req.query.size)),
  );
  // device rights of AAA members (spec/1 §3 Device bind, §6, §7)
  app.get(
    '/index/user/rightsEqlst',
    {
      config: { access: 'company' },
      schema: {
        tags: ['membership'],
        summary: '可绑定的设备（本企业审核通过的设备）',
        querystring: ZRightsEqQuery,
        response: { 200: zEnvelope(zPage(ZRightsEq)) },
      },
    },
    async (req) => ok(await listBindableDevices(deps.db, companyOf(req).companyId, req.query.page, req.query.size)),
  );
  app.get(
    '/index/user/projectLst',
    {
      config: { access: 'company' },
      schema: {
        tags: ['membership'],
        summary: '可绑定的项目（项目模块上线前为空）',
        querystring: ZRightsEqQuery.pick({ company_id: true }),
        response: { 200: zEnvelope(z.array(ZRightsProject)) },
      },
    },
    async () => ok(await listBindableProjects()),
  );
  app.post(
    '/index/user/rightsEqSave',
    {
      config: { access: 'company' },
      schema: {
        tags: ['membership'],
        summary: '权益绑定设备（仅AAA会员，绑定后不可更改）',
        body: ZRightsEqSave,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await bindDevice(deps.db, actorOf(req), userOf(req).id, companyOf(req).companyId, req.body);
      return ok(null, M.rights.bound);
    },
  );
  app.post(
    '/index/user/rightsEqInfo',
    {
      config: { access: 'user' },
      schema: {
        tags: ['membership'],
        summary: '权益已绑定的设备',
        body: ZRightsEqInfoBody,
        response: { 200: zEnvelope(ZRightsEqInfo) },
      },
    },
    async (req) => ok(await bindingInfo(deps.db, userOf(req).id, req.body.id)),
  );
  app.get(
    '/index/user/nameplate',
    {
      config: { access: 'user' },
      schema: { tags: ['membership'], summary: '下载设备铭牌（PNG，仅AAA会员本人）', querystring: ZNameplateQuery },
    },
    async (req, reply) => {
      const { png, filename } = await nameplatePng(deps, userOf(req).id, req.query.id);
      const disposition = req.query.inline ? 'inline' : 'attachment';
      return reply
        .header('content-type', 'image/png')
        .header(
          'content-disposition',
          `${disposition}; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(png);
    },
  );
  app.get(
    '/admin/member/plans',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '会员等级设置', response: { 200: zEnvelope(z.array(ZMemberPlan)) } },
    },
    async () => ok(await listPlans(deps.db)),
  );
  app.post(
    '/admin/member/plan',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '修改会员价格与权益', body: ZAdminPlanSave, response: { 200: zOk } },
    },
    async (req) => {
      await adminSavePlan(deps.db, req.body);
      return ok(null, M.common.saved);
    },
  );
};
