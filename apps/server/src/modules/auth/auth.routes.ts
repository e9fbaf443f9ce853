import type { FastifyReply, FastifyRequest } from 'fastify';
import { M } from '@jizu/shared/messages';
import { zEnvelope, zOk } from '@jizu/shared/schemas/common';
import { ZAuthResult, ZLogin, ZRegister, ZSmsSend, ZSmsSent } from '@jizu/shared/schemas/auth';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import { clientIp, type TModule } from '../../platform/http';
import { clearSessionCookies, cookieOptsOf, setSessionCookies } from '../../platform/session';
import type { TDeps } from '../../platform/deps';
import * as auth from './auth.service';

const client = (req: FastifyRequest): auth.TClient => ({
  ip: clientIp(req),
  userAgent: String(req.headers['user-agent'] ?? ''),
});

function setSessionCookie(deps: TDeps, reply: FastifyReply, token: string) {
  setSessionCookies(reply, token, cookieOptsOf(deps.config));
}

export const authRoutes: TModule = (app, deps) => {
  app.post(
    '/auth/sms',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: '发送短信验证码（注册、登录、找回密码）',
        body: ZSmsSend,
        response: { 200: zEnvelope(ZSmsSent) },
      },
    },
    async (req) => ok(await auth.requestSmsCode(deps, req.body.phone, req.body.scene, clientIp(req)), M.auth.smsSent),
  );

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: '注册', body: ZRegister, response: { 200: zEnvelope(ZAuthResult) } },
    },
    async (req, reply) => {
      const result = await auth.register(deps, req.body, client(req));
      setSessionCookie(deps, reply, result.token);
      return ok(result, M.auth.registered);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: '登录（密码或短信验证码）',
        body: ZLogin,
        response: { 200: zEnvelope(ZAuthResult) },
      },
    },
    async (req, reply) => {
      const result = await auth.login(deps, req.body, client(req));
      setSessionCookie(deps, reply, result.token);
      return ok(result, M.auth.loggedIn);
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: 'user' }, schema: { tags: ['auth'], summary: '退出登录', response: { 200: zOk } } },
    async (req, reply) => {
      await auth.logout(deps.db, userOf(req).sessionId);
      clearSessionCookies(reply, deps.config.production);
      return ok(null, M.auth.loggedOut);
    },
  );
};
