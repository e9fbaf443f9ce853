import { M } from '@jizu/shared/messages';
import { zEnvelope } from '@jizu/shared/schemas/common';
import {
  ZConvertBody,
  ZConvertResult,
  ZConvertRule,
  ZLedgerPage,
  ZLedgerQuery,
  ZPointSettings,
  ZSignResult,
  ZSignRule,
  ZSignState,
  ZSignWeekDays,
  ZTypeList,
} from '@jizu/shared/schemas/points';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import * as svc from './points.service';

/** Beans and coins of the logged-in user (spec/1 §7 /index/score/*): they belong to the user, not a company. */
export const pointsRoutes: TModule = (app, deps) => {
  const tags = ['points'];
  app.get(
    '/index/score/peas',
    {
      config: { access: 'user' },
      schema: { tags, summary: '积分明细', querystring: ZLedgerQuery, response: { 200: zEnvelope(ZLedgerPage) } },
    },
    async (req) => ok(await svc.listLedger(deps.db, userOf(req).id, 'peas', req.query)),
  );
  app.get(
    '/index/score/gold',
    {
      config: { access: 'user' },
      schema: { tags, summary: '金币明细', querystring: ZLedgerQuery, response: { 200: zEnvelope(ZLedgerPage) } },
    },
    async (req) => ok(await svc.listLedger(deps.db, userOf(req).id, 'gold', req.query)),
  );
  app.get(
    '/index/score/typeLst',
    { config: { access: 'user' }, schema: { tags, summary: '明细类型', response: { 200: zEnvelope(ZTypeList) } } },
    async () => ok(svc.typeList()),
  );
  app.get(
    '/index/score/signState',
    {
      config: { access: 'user' },
      schema: { tags, summary: '今日签到状态与连续签到天数', response: { 200: zEnvelope(ZSignState) } },
    },
    async (req) => ok(await svc.signState(deps.db, userOf(req).id)),
  );
  app.get(
    '/index/score/signWeekDays',
    {
      config: { access: 'user' },
      schema: { tags, summary: '本周签到情况', response: { 200: zEnvelope(ZSignWeekDays) } },
    },
    async (req) => ok(await svc.signWeekDays(deps.db, userOf(req).id)),
  );
  app.get(
    '/index/score/signRule',
    { config: { access: 'user' }, schema: { tags, summary: '签到奖励规则', response: { 200: zEnvelope(ZSignRule) } } },
    async () => ok(await svc.signRule(deps.db)),
  );
  app.post(
    '/index/score/signIn',
    { config: { access: 'user' }, schema: { tags, summary: '每日签到', response: { 200: zEnvelope(ZSignResult) } } },
    async (req) => ok(await svc.signIn(deps.db, userOf(req).id), M.points.signed),
  );
  app.get(
    '/index/score/convertRule',
    {
      config: { access: 'user' },
      schema: { tags, summary: '积分兑换金币规则', response: { 200: zEnvelope(ZConvertRule) } },
    },
    async (req) => ok(await svc.convertRule(deps.db, userOf(req).id)),
  );
  app.post(
    '/index/score/convert',
    {
      config: { access: 'user' },
      schema: { tags, summary: '积分兑换金币', body: ZConvertBody, response: { 200: zEnvelope(ZConvertResult) } },
    },
    async (req) => ok(await svc.convert(deps.db, userOf(req).id, req.body), M.points.converted),
  );

  // admin console
  app.get(
    '/admin/points/settings',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '积分设置（签到奖励、兑换比例）',
        response: { 200: zEnvelope(ZPointSettings) },
      },
    },
    async () => ok(await svc.getPointSettings(deps.db)),
  );
  app.post(
    '/admin/points/settings',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '保存积分设置',
        body: ZPointSettings,
        response: { 200: zEnvelope(ZPointSettings) },
      },
    },
    async (req) => ok(await svc.savePointSettings(deps.db, userOf(req).id, req.body), M.points.settingsSaved),
  );
};
