import { M } from '@jizu/shared/messages';
import { zEnvelope } from '@jizu/shared/schemas/common';
import { ZDeviceList, ZDevicesQuery, ZEndDevice, ZEndedDevices, ZEndOtherDevices } from '@jizu/shared/schemas/account';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import * as devices from './devices.service';

/** 登录设备 in the account home's security area: the account's sessions, and ending them. The spec shows no path. */
export const deviceRoutes: TModule = (app, deps) => {
  const tags = ['account'];

  app.get(
    '/index/devices',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '登录设备：本账号有效的登录（设备、浏览器、IP、首次与最近使用时间，current 为当前设备）',
        querystring: ZDevicesQuery,
        response: { 200: zEnvelope(ZDeviceList) },
      },
    },
    async (req) => ok(await devices.listDevices(deps, userOf(req))),
  );

  app.post(
    '/index/devices/logout',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '退出该设备（本账号的另一登录；当前设备请退出登录）',
        body: ZEndDevice,
        response: { 200: zEnvelope(ZEndedDevices) },
      },
    },
    async (req) => ok(await devices.endDevice(deps, userOf(req), req.body.id), M.account.deviceEnded),
  );

  app.post(
    '/index/devices/logoutOthers',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '退出其他设备（保留当前登录）',
        body: ZEndOtherDevices,
        response: { 200: zEnvelope(ZEndedDevices) },
      },
    },
    async (req) => ok(await devices.endOtherDevices(deps, userOf(req)), M.account.othersEnded),
  );
};
