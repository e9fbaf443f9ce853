import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { MENU } from '@jizu/shared/constants/menu';
import { ZSmsSent } from '@jizu/shared/schemas/auth';
import { zCompanyScoped, zEnvelope, zOk } from '@jizu/shared/schemas/common';
import {
  ZMemberAdd,
  ZMemberDel,
  ZMemberOn,
  ZMemberRow,
  ZMemberSave,
  ZMemberSms,
  ZPrivilegeQuery,
  ZPrivilegeSave,
  ZPrivMenu,
} from '@jizu/shared/schemas/member';
import { ok } from '../../platform/envelope';
import { companyOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import * as svc from './member.service';

const tags = ['company-member'];
/** members with the grant may look; only the main account changes anything (spec/1 §6) */
const view = { access: 'company', menu: MENU.companyUser } as const;
const manage = { access: 'main', menu: MENU.companyUser } as const;
const privilege = { access: 'main', menu: MENU.companyAuth } as const;

export const memberRoutes: TModule = (app, deps) => {
  app.get(
    '/company/user/lst',
    {
      config: view,
      schema: {
        tags,
        summary: '企业成员列表',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(z.array(ZMemberRow)) },
      },
    },
    async (req) => ok(await svc.listCompanyMembers(deps.db, companyOf(req).companyId)),
  );
  app.post(
    '/company/user/sms',
    {
      config: manage,
      schema: { tags, summary: '向待添加成员发送验证码', body: ZMemberSms, response: { 200: zEnvelope(ZSmsSent) } },
    },
    async (req) => ok(await svc.sendMemberSms(deps, companyOf(req).companyId, req.body.phone, req.ip), M.auth.smsSent),
  );
  app.post(
    '/company/user/add',
    {
      config: manage,
      schema: {
        tags,
        summary: '添加成员',
        body: ZMemberAdd,
        response: { 200: zEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok(await svc.addCompanyMember(deps, companyOf(req).companyId, req.body), M.common.added),
  );
  app.post(
    '/company/user/save',
    { config: manage, schema: { tags, summary: '修改成员', body: ZMemberSave, response: { 200: zOk } } },
    async (req) => {
      await svc.saveCompanyMember(deps.db, companyOf(req).companyId, req.body);
      return ok(null, M.common.modified);
    },
  );
  app.post(
    '/company/user/on',
    { config: manage, schema: { tags, summary: '启用或停用成员', body: ZMemberOn, response: { 200: zOk } } },
    async (req) => {
      await svc.toggleCompanyMember(deps.db, companyOf(req).companyId, req.body.id, req.body.status);
      return ok(null, req.body.status === 1 ? M.member.enabled : M.member.disabled);
    },
  );
  app.post(
    '/company/user/del',
    {
      config: manage,
      schema: { tags, summary: '删除成员（交接给其他成员）', body: ZMemberDel, response: { 200: zOk } },
    },
    async (req) => {
      await svc.deleteCompanyMember(deps.db, companyOf(req).companyId, req.body.id, req.body.handover_id);
      return ok(null, M.common.deleted);
    },
  );
  app.get(
    '/company/privilege/lst',
    {
      config: privilege,
      schema: {
        tags,
        summary: '成员权限树',
        querystring: ZPrivilegeQuery,
        response: { 200: zEnvelope(z.array(ZPrivMenu)) },
      },
    },
    async (req) => ok(await svc.privilegeTree(deps.db, companyOf(req).companyId, req.query.member_id)),
  );
  app.post(
    '/company/privilege/save',
    { config: privilege, schema: { tags, summary: '保存成员权限', body: ZPrivilegeSave, response: { 200: zOk } } },
    async (req) => {
      await svc.savePrivileges(deps.db, companyOf(req).companyId, req.body.member_id, req.body.menu_id);
      return ok(null, M.common.saved);
    },
  );
};
