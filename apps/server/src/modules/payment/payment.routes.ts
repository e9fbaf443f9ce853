import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { ERRORS, STATUS } from '@jizu/shared/errors';
import { PAY_TYPE_LABEL } from '@jizu/shared/constants/payment';
import { zEnvelope, zOk, zPage } from '@jizu/shared/schemas/common';
import {
  ZAdminIdBody,
  ZAdminPackage,
  ZAdminPackageSave,
  ZAdminPaymentDetail,
  ZAdminPaymentQuery,
  ZAdminPaymentRow,
  ZCoinSetting,
  ZGoldList,
  ZGoldPurchase,
  ZOrderQuery,
  ZPayOrder,
  ZSandboxInfo,
  ZSandboxParams,
} from '@jizu/shared/schemas/payment';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import { clientIp, type TModule } from '../../platform/http';
import { exportRoute, pagedRows } from '../../platform/export';
import { AppError } from '../../platform/errors';
import type { TNotifyOutcome } from '../../platform/payment';
import { getSandboxInfo, handleNotify, paySandbox, queryOrder } from './payment.service';
import { listPayments, paymentDetail } from './payment.admin.service';
import { PAYMENT_EXPORT_COLUMNS } from './payment.export';
import {
  adminDeletePackage,
  adminListPackages,
  adminSavePackage,
  adminSaveSetting,
  ensureCoinDefaults,
  getCoinSetting,
  listGold,
  purchaseGold,
  registerCoinHook,
} from './coin.service';

/** Payments (the QR page, the channels' notifies, the sandbox payer) and coin purchase (spec/1 §7). */
export const paymentRoutes: TModule = async (app, deps) => {
  const channels = deps.payments;
  const sandbox = channels.sandbox;
  registerCoinHook();
  if (deps.config.production && deps.config.payment.devSecret)
    app.log.warn('PAY_SANDBOX_SECRET is the development default: set a secret of your own');
  if (deps.config.production && channels.sandboxTypes.length) {
    app.log.warn(
      { payTypes: channels.sandboxTypes },
      'these pay types are served by the sandbox channel, whose page lets anyone "pay": set PAY_CHANNEL (README § Payment channels)',
    );
  }
  await ensureCoinDefaults(deps.db);
  /** The sandbox sends its notify to this server's own address (or PAY_NOTIFY_URL), like a channel from outside. */
  const notifyUrl = () => {
    if (deps.config.payment.notifyUrl) return deps.config.payment.notifyUrl;
    const a = app.server.address() as AddressInfo | string | null;
    const port = a && typeof a === 'object' ? a.port : deps.config.port;
    return `http://127.0.0.1:${port}/api/pay/notify/${sandbox.name}`;
  };

  app.get(
    '/payment/gold/lst',
    {
      config: { access: 'user' },
      schema: { tags: ['payment'], summary: '金币套餐', response: { 200: zEnvelope(ZGoldList) } },
    },
    async (req) => ok(await listGold(deps.db, userOf(req).id)),
  );

  app.post(
    '/payment/gold/purchase',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payment'],
        summary: '购买金币下单（status 201：套餐已变更）',
        body: ZGoldPurchase,
        response: { 200: zEnvelope(ZPayOrder.nullable()) },
      },
    },
    async (req) => {
      const order = await purchaseGold(deps.db, channels, userOf(req).id, req.body.company_id ?? null, req.body);
      if (!order) return { status: STATUS.PACKAGE_CHANGED, msg: M.payment.packageChanged, data: null };
      return ok(order);
    },
  );

  app.get(
    '/payment/gold/queryOrder',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payment'],
        summary: '金币订单状态',
        querystring: ZOrderQuery,
        response: { 200: zEnvelope(ZPayOrder) },
      },
    },
    async (req) =>
      ok(
        await queryOrder(deps.db, userOf(req).id, req.query.order_sn, ['coin'], new Date(), {
          channel: channels,
          log: req.log,
        }),
      ),
  );

  app.get(
    '/payment/query',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payment'],
        summary: '支付订单状态',
        querystring: ZOrderQuery,
        response: { 200: zEnvelope(ZPayOrder) },
      },
    },
    async (req) =>
      ok(
        await queryOrder(deps.db, userOf(req).id, req.query.order_sn, null, new Date(), {
          channel: channels,
          log: req.log,
        }),
      ),
  );

  app.post(
    `/pay/notify/${sandbox.name}`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['payment'],
        summary: '支付渠道回调（签名校验）',
        body: z.record(z.string(), z.unknown()),
        response: { 200: zEnvelope(z.object({ result: z.string() })) },
      },
    },
    async (req) => ok({ result: await handleNotify(deps.db, sandbox, { body: req.body }, clientIp(req), req.log) }),
  );

  // The real channels sign the exact bytes they post (WeChat Pay: JSON, Alipay: a form), and each wants its own
  // answer: their notify routes take the raw body, in a scope of their own so that no other route's parsing changes.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    for (const ch of channels.real) {
      const reply = ch.notifyReply?.bind(ch);
      if (!reply) throw new Error(`payment channel ${ch.name} has no notify answer`);
      raw.post(
        `/pay/notify/${ch.name}`,
        {
          config: { access: 'public' },
          schema: {
            tags: ['payment'],
            summary: `${ch.name === 'wechat' ? PAY_TYPE_LABEL.wx : PAY_TYPE_LABEL.alipay}支付结果通知（原始报文验签；应答按渠道约定：微信 204 / 支付宝 success）`,
          },
        },
        async (req, res) => {
          let outcome: TNotifyOutcome;
          try {
            await handleNotify(
              deps.db,
              ch,
              { body: null, raw: Buffer.isBuffer(req.body) ? req.body : undefined, headers: req.headers },
              clientIp(req),
              req.log,
            );
            outcome = { ok: true };
          } catch (e) {
            if (!(e instanceof AppError)) req.log.error({ err: e, channel: ch.name }, 'payment notify failed');
            // the channel posts it again later: a database away for a moment loses nothing
            outcome =
              e instanceof AppError
                ? { ok: false, http: e.http, message: e.message }
                : { ok: false, http: 500, message: ERRORS.INTERNAL.msg };
          }
          const a = reply(outcome);
          res.code(a.status);
          if (a.contentType) res.type(a.contentType);
          return a.body ? res.send(a.body) : res.send();
        },
      );
    }
  });

  app.get(
    '/pay/sandbox/:no',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payment'],
        summary: '沙箱支付页：订单信息',
        params: ZSandboxParams,
        response: { 200: zEnvelope(ZSandboxInfo) },
      },
    },
    async (req) => ok(await getSandboxInfo(deps.db, req.params.no)),
  );

  app.post(
    '/pay/sandbox/:no/pay',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payment'],
        summary: '沙箱支付页：确认支付（发送签名回调）',
        params: ZSandboxParams,
        response: { 200: zEnvelope(ZSandboxInfo) },
      },
    },
    async (req) => ok(await paySandbox(deps.db, sandbox, req.params.no, notifyUrl()), M.payment.paid),
  );

  // admin console
  app.get(
    '/admin/coin/packages',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '金币套餐（全部）',
        response: { 200: zEnvelope(z.object({ list: z.array(ZAdminPackage), setting: ZCoinSetting })) },
      },
    },
    async () => ok({ list: await adminListPackages(deps.db), setting: await getCoinSetting(deps.db) }),
  );
  app.post(
    '/admin/coin/package',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '新增或修改金币套餐',
        body: ZAdminPackageSave,
        response: { 200: zEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok({ id: await adminSavePackage(deps.db, req.body) }, M.common.saved),
  );
  app.post(
    '/admin/coin/package/del',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '删除金币套餐', body: ZAdminIdBody, response: { 200: zOk } },
    },
    async (req) => {
      await adminDeletePackage(deps.db, req.body.id);
      return ok(null, M.common.deleted);
    },
  );
  app.post(
    '/admin/coin/setting',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: '金币兑换比例与赠送积分', body: ZCoinSetting, response: { 200: zOk } },
    },
    async (req) => {
      await adminSaveSetting(deps.db, req.body);
      return ok(null, M.common.saved);
    },
  );
  app.get(
    '/admin/payments',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '支付订单列表',
        querystring: ZAdminPaymentQuery,
        response: { 200: zEnvelope(zPage(ZAdminPaymentRow)) },
      },
    },
    async (req) => ok(await listPayments(deps.db, req.query, new Date(), { channel: channels, log: req.log })),
  );
  exportRoute(app, '/admin/payments/export', {
    config: { access: 'staff' },
    tags: ['admin'],
    summary: '导出支付订单列表（Excel，按当前状态、类型、订单编号、手机号）',
    querystring: ZAdminPaymentQuery,
    name: '支付订单',
    columns: PAYMENT_EXPORT_COLUMNS,
    rows: (req, q) =>
      pagedRows((page, size) =>
        listPayments(deps.db, { ...q, page, size }, new Date(), { channel: channels, log: req.log }),
      ),
  });
  app.get(
    '/admin/payments/:order_sn',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '支付订单详情（渠道提交、回调日志）',
        params: z.object({ order_sn: z.string().max(40) }),
        response: { 200: zEnvelope(ZAdminPaymentDetail) },
      },
    },
    async (req) =>
      ok(await paymentDetail(deps.db, req.params.order_sn, new Date(), { channel: channels, log: req.log })),
  );
};
