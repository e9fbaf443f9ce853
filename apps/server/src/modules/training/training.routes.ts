import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zEnvelope, zOk, zPage } from '@jizu/shared/schemas/common';
import { ZOrderQuery, ZPayOrder } from '@jizu/shared/schemas/payment';
import {
  ZAdminEnrolQuery,
  ZAdminEnrolRow,
  ZAdminMajor,
  ZAdminMajorSave,
  ZAdminMajorStatus,
  ZApplyCreate,
  ZEnrolParams,
  ZEnrolQuery,
  ZEnrolRow,
  ZTrainingApply,
  ZTrainingPurchase,
  ZTrainingRepay,
} from '@jizu/shared/schemas/training';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import { vaultOf } from '../../platform/crypto';
import type { TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import * as svc from './training.service';

const tags = ['training'];
/** Training is the user's own (not a company's): any logged-in user, verified for enrolling (checked in the service). */
const user = { access: 'user' } as const;
const staff = { access: 'staff' } as const;

/** Training enrolment and payment (spec/3 §2 "Training enrolment", §4 "Training payment", §7 Recruit module). */
export const trainingRoutes: TModule = (app, deps) => {
  const db = deps.db;
  const vault = vaultOf(deps.config);
  const channel = deps.payments;
  svc.registerTrainingHook();
  const settle = (req: { log: Parameters<typeof svc.purchase>[3]['log'] }) => ({ channel, log: req.log });

  app.get(
    '/recruit/applyo/create',
    {
      config: user,
      schema: {
        tags,
        summary: '培训报名初始数据：上线的培训专业、报名人（个人认证后）、支付方式',
        response: { 200: zEnvelope(ZApplyCreate) },
      },
    },
    async (req) => ok(await svc.applyCreate(db, vault, userOf(req).id)),
  );
  app.post(
    '/recruit/applyo',
    {
      config: user,
      schema: {
        tags,
        summary: '培训报名并下单（需个人认证），data 为支付订单号 order_sn',
        body: ZTrainingApply,
        response: { 200: zEnvelope(z.string()) },
      },
    },
    async (req) =>
      ok(
        await svc.applyTraining(db, vault, channel, { ...actorOf(req), userId: userOf(req).id }, req.body),
        M.training.applied,
      ),
  );
  app.get(
    '/recruit/applyo',
    {
      config: user,
      schema: {
        tags,
        summary: '我的培训报名（报名费列表）',
        querystring: ZEnrolQuery,
        response: { 200: zEnvelope(zPage(ZEnrolRow)) },
      },
    },
    async (req) => ok(await svc.listMyEnrolments(db, userOf(req).id, req.query.page, req.query.size)),
  );
  app.post(
    '/recruit/applyo/:id/pay',
    {
      config: user,
      schema: {
        tags,
        summary: '未缴费的报名重新支付（原订单未关闭时返回原订单）',
        params: ZEnrolParams,
        body: ZTrainingRepay,
        response: { 200: zEnvelope(z.string()) },
      },
    },
    async (req) =>
      ok(await svc.repayEnrolment(db, channel, userOf(req).id, req.params.id, req.body.pay_name, settle(req))),
  );
  app.get(
    '/recruit/purchase',
    {
      config: user,
      schema: {
        tags,
        summary: '培训订单支付数据（扫码页参数或自动提交的表单）',
        querystring: ZOrderQuery,
        response: { 200: zEnvelope(ZTrainingPurchase) },
      },
    },
    async (req) => ok(await svc.purchase(db, userOf(req).id, req.query.order_sn, settle(req))),
  );
  app.get(
    '/recruit/query',
    {
      config: user,
      schema: {
        tags,
        summary: '培训订单支付状态（扫码页每2秒查询）',
        querystring: ZOrderQuery,
        response: { 200: zEnvelope(ZPayOrder) },
      },
    },
    async (req) => ok(await svc.queryTraining(db, userOf(req).id, req.query.order_sn, settle(req))),
  );

  // the console
  app.get(
    '/admin/training/majors',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '培训专业（全部，含已缴费人数）',
        response: { 200: zEnvelope(z.array(ZAdminMajor)) },
      },
    },
    async () => ok(await svc.adminListMajors(db)),
  );
  app.post(
    '/admin/training/major',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '新增或修改培训专业',
        body: ZAdminMajorSave,
        response: { 200: zEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) =>
      ok(
        { id: await svc.adminSaveMajor(db, actorOf(req), req.body) },
        req.body.id ? M.common.modified : M.common.added,
      ),
  );
  app.post(
    '/admin/training/major/status',
    {
      config: staff,
      schema: { tags: ['admin'], summary: '培训专业上线或下线', body: ZAdminMajorStatus, response: { 200: zOk } },
    },
    async (req) => {
      await svc.adminSetMajorStatus(db, actorOf(req), req.body.id, req.body.status);
      return ok(null, M.common.ok);
    },
  );
  app.get(
    '/admin/training/enrolments',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '培训报名（按专业、缴费状态、手机号）',
        querystring: ZAdminEnrolQuery,
        response: { 200: zEnvelope(zPage(ZAdminEnrolRow)) },
      },
    },
    async (req) => ok(await svc.adminListEnrolments(db, req.query)),
  );
};
