import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zEnvelope, zOk, zPage } from '@jizu/shared/schemas/common';
import { ZAdminPlanSave, ZMemberDetailQuery, ZMemberPayInfo, ZMemberPlan, ZMemberPurchase, ZPayOrder, ZRight, ZRightsQuery } from '@jizu/shared/schemas/payment';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { createPaymentChannel } from '../../platform/payment';
import { adminSavePlan, ensureMemberDefaults, listPlans, listRights, memberPayInfo, purchaseMember, registerMemberHook } from './membership.service';

/** Membership (spec/1 §1, §7): plans, pay info, purchase and the rights list. */
export const membershipRoutes: TModule = async (app, deps) => {
  const channel = createPaymentChannel(deps.config, deps.db);
  registerMemberHook();
  await ensureMemberDefaults(deps.db);

  app.get(
    '/payment/member/plans',
    { config: { access: 'user' }, schema: { tags: ['membership'], summary: '会员等级、价格与权益', response: { 200: zEnvelope(z.array(ZMemberPlan)) } } },
    async () => ok(await listPlans(deps.db)),
  );
  app.get(
    '/payment/detail',
    { config: { access: 'user' }, schema: { tags: ['membership'], summary: '会员支付信息', querystring: ZMemberDetailQuery, response: { 200: zEnvelope(ZMemberPayInfo) } } },
    async (req) => ok(await memberPayInfo(deps.db, userOf(req).id, req.query.level)),
  );
  app.post(
    '/payment/purchase',
    { config: { access: 'user' }, schema: { tags: ['membership'], summary: '购买会员下单', body: ZMemberPurchase, response: { 200: zEnvelope(ZPayOrder) } } },
    async (req) => ok(await purchaseMember(deps.db, channel, userOf(req).id, req.body.company_id ?? null, req.body.recharge_type, req.body.pay_type)),
  );
  app.get(
    '/index/user/rightsList',
    { config: { access: 'user' }, schema: { tags: ['membership'], summary: '我的会员权益', querystring: ZRightsQuery, response: { 200: zEnvelope(zPage(ZRight)) } } },
    async (req) => ok(await listRights(deps.db, userOf(req).id, req.query.page, req.query.size)),
  );
  app.get(
    '/admin/member/plans',
    { config: { access: 'staff' }, schema: { tags: ['admin'], summary: '会员等级设置', response: { 200: zEnvelope(z.array(ZMemberPlan)) } } },
    async () => ok(await listPlans(deps.db)),
  );
  app.post(
    '/admin/member/plan',
    { config: { access: 'staff' }, schema: { tags: ['admin'], summary: '修改会员价格与权益', body: ZAdminPlanSave, response: { 200: zOk } } },
    async (req) => {
      await adminSavePlan(deps.db, req.body);
      return ok(null, M.common.saved);
    },
  );
};
