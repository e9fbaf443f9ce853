import { M } from '@jizu/shared/messages';
import { zEnvelope, zOk } from '@jizu/shared/schemas/common';
import { ZSmsSent } from '@jizu/shared/schemas/auth';
import {
  ZChangedMobile,
  ZChangeMobile,
  ZChangePassword,
  ZCheckOldMobile,
  ZNewMobileSms,
  ZOldMobileSms,
  ZSaveAvatar,
  ZSavedAvatar,
  ZSavedNickname,
  ZSaveNickname,
} from '@jizu/shared/schemas/account';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import { clientIp, type TModule } from '../../platform/http';
import * as account from './account.service';

/** The dashboard's security settings: nickname, password, phone and avatar of the logged-in user. */
export const accountRoutes: TModule = (app, deps) => {
  const tags = ['account'];

  app.post(
    '/index/saveNickname',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '修改昵称（仅可修改一次）',
        body: ZSaveNickname,
        response: { 200: zEnvelope(ZSavedNickname) },
      },
    },
    async (req) => ok(await account.saveNickname(deps, userOf(req).id, req.body.nick_name), M.common.modified),
  );

  app.post(
    '/index/passwd',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '修改密码（旧密码 + 新密码；成功后其他设备上的登录失效）',
        body: ZChangePassword,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await account.changePassword(deps, userOf(req), req.body);
      return ok(null, M.common.modified);
    },
  );

  app.post(
    '/sms/oldMobile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '更换手机号：向原手机号发送验证码',
        body: ZOldMobileSms,
        response: { 200: zEnvelope(ZSmsSent) },
      },
    },
    async (req) => ok(await account.sendOldMobileCode(deps, userOf(req), clientIp(req)), M.auth.smsSent),
  );

  app.post(
    '/index/checkOldMobile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '更换手机号第一步：校验原手机验证码（不消耗）',
        body: ZCheckOldMobile,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await account.checkOldMobileCode(deps, userOf(req), req.body.code);
      return ok(null, M.account.codeOk);
    },
  );

  app.post(
    '/sms/newMobile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '更换手机号：向新手机号发送验证码（新号码不得已注册）',
        body: ZNewMobileSms,
        response: { 200: zEnvelope(ZSmsSent) },
      },
    },
    async (req) =>
      ok(await account.sendNewMobileCode(deps, userOf(req), req.body.phone, clientIp(req)), M.auth.smsSent),
  );

  app.post(
    '/index/changeMobile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '更换手机号（code 原手机验证码，vcode 新手机验证码）',
        body: ZChangeMobile,
        response: { 200: zEnvelope(ZChangedMobile) },
      },
    },
    async (req) => ok(await account.changeMobile(deps, userOf(req), req.body), M.common.modified),
  );

  app.post(
    '/index/saveAvatar',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '保存头像（先经 /api/index/upload/avatar 上传）',
        body: ZSaveAvatar,
        response: { 200: zEnvelope(ZSavedAvatar) },
      },
    },
    async (req) => ok(await account.saveAvatar(deps, userOf(req).id, req.body.avatar), M.common.modified),
  );
};
