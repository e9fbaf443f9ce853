import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { zCompanyScoped, zEnvelope } from '@jizu/shared/schemas/common';
import { ZSmsSent } from '@jizu/shared/schemas/auth';
import {
  ZAuthCompany,
  ZAuthPerson,
  ZAuthSms,
  ZSandboxDecide,
  ZSandboxOrder,
  ZSaveAuth,
  ZSaveAuthCompany,
  ZSuperAuthResult,
  ZVerifyNotify,
} from '@jizu/shared/schemas/verify';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import { clientIp, type TModule } from '../../platform/http';
import { CERTIFICATE_FILENAME, certificateTemplate } from './certificate';
import * as verify from './verify.service';

const zNo = z.object({ no: z.string().regex(/^[A-Za-z0-9]{8,40}$/, { error: M.verify.sandboxNotFound }) });

/** Personal, company and advanced verification of the user centre (spec/1 §3–§5, §7). */
export const verifyRoutes: TModule = (app, deps) => {
  app.post(
    '/sms/authSms',
    {
      config: { access: 'user' },
      schema: {
        tags: ['verify'],
        summary: '认证短信验证码（phone 缺省为本人手机号）',
        body: ZAuthSms,
        response: { 200: zEnvelope(ZSmsSent) },
      },
    },
    async (req) => ok(await verify.sendAuthSms(deps, userOf(req), req.body.phone, clientIp(req)), M.auth.smsSent),
  );

  app.get(
    '/index/auth',
    {
      config: { access: 'user' },
      schema: {
        tags: ['verify'],
        summary: '个人认证（当前状态与最近一次提交）',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZAuthPerson) },
      },
    },
    async (req) => ok(await verify.getPersonAuth(deps.db, userOf(req).id)),
  );

  app.post(
    '/index/saveAuth',
    {
      config: { access: 'user' },
      schema: { tags: ['verify'], summary: '提交个人认证', body: ZSaveAuth, response: { 200: zEnvelope(ZAuthPerson) } },
    },
    async (req) => ok(await verify.submitPersonAuth(deps, userOf(req), req.body), M.verify.submitted),
  );

  app.get(
    '/index/authCompany',
    {
      config: { access: 'company' },
      schema: {
        tags: ['verify'],
        summary: '企业认证（最近一次提交；未提交过为 []）',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(z.union([ZAuthCompany, z.array(z.never())])) },
      },
    },
    async (req) => ok(await verify.getCompanyAuth(deps.db, companyOf(req))),
  );

  app.post(
    '/index/saveAuthCompany',
    {
      config: { access: 'main' },
      schema: {
        tags: ['verify'],
        summary: '提交企业认证（主账号）',
        body: ZSaveAuthCompany,
        response: { 200: zEnvelope(ZAuthCompany) },
      },
    },
    async (req) =>
      ok(await verify.submitCompanyAuth(deps, userOf(req), companyOf(req).companyId, req.body), M.verify.submitted),
  );

  app.get(
    '/index/download/certificate',
    { config: { access: 'user' }, schema: { tags: ['verify'], summary: '企业认证授权委托书模板（PDF）' } },
    async (_req, reply) => {
      const pdf = await certificateTemplate();
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="certificate.pdf"; filename*=UTF-8''${encodeURIComponent(CERTIFICATE_FILENAME)}`,
        )
        .header('cache-control', 'private, max-age=3600')
        .send(pdf);
    },
  );

  app.post(
    '/index/superAuth',
    {
      config: { access: 'main' },
      schema: {
        tags: ['verify'],
        summary: '发起第三方高级认证（返回在新窗口打开的地址）',
        body: zCompanyScoped,
        response: { 200: zEnvelope(ZSuperAuthResult) },
      },
    },
    async (req) => ok(await verify.startAdvancedAuth(deps, userOf(req), companyOf(req).companyId)),
  );

  // The provider's side: its signed callback, and the sandbox provider's own page (public, by the unguessable no).
  app.post(
    '/index/superAuth/notify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['verify'],
        summary: '高级认证结果回调（HMAC 签名）',
        body: ZVerifyNotify,
        response: { 200: zEnvelope(z.object({ state: z.string() })) },
      },
    },
    async (req) => ok(await verify.handleVerifyNotify(deps, req.body)),
  );

  app.get(
    '/verify/sandbox/:no',
    {
      config: { access: 'public' },
      schema: {
        tags: ['verify'],
        summary: '沙箱认证页：认证单',
        params: zNo,
        response: { 200: zEnvelope(ZSandboxOrder) },
      },
    },
    async (req) => ok(await verify.getSandboxOrder(deps, req.params.no)),
  );

  app.post(
    '/verify/sandbox/:no/decide',
    {
      config: { access: 'public' },
      schema: {
        tags: ['verify'],
        summary: '沙箱认证页：给出结果（以签名回调通知服务端）',
        params: zNo,
        body: ZSandboxDecide,
        response: { 200: zEnvelope(ZSandboxOrder) },
      },
    },
    async (req) => ok(await verify.decideSandboxOrder(deps, req.params.no, req.body.result, req.body.reason)),
  );
};
