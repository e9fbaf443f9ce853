import { z } from 'zod';
import { OPTIONS } from '@jizu/shared/constants/recruit';
import { zEnvelope } from '@jizu/shared/schemas/common';
import { ZOption, ZOptionsQuery } from '@jizu/shared/schemas/labour';
import { ok } from '../../platform/envelope';
import { userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { isPersonVerified } from '../verify/verify.service';

const tags = ['recruit'];

/** The labour area's shared calls (spec/3 §7 Recruit module): option dictionaries and the personal-verification check. */
export const recruitRoutes: TModule = (app, deps) => {
  const db = deps.db;
  app.get('/recruit/options', { config: { access: 'public' }, schema: { tags, summary: '选项字典：type=category 机械类别，type=dage 驾龄', querystring: ZOptionsQuery, response: { 200: zEnvelope(z.array(ZOption)) } } }, async (req) =>
    ok([...OPTIONS[req.query.type]]),
  );
  app.get('/recruit/check_person_auth', { config: { access: 'user' }, schema: { tags, summary: '是否已个人认证（data 1 已认证，0 未认证）', response: { 200: zEnvelope(z.number().int()) } } }, async (req) =>
    ok((await isPersonVerified(db, userOf(req).id)) ? 1 : 0),
  );
};
