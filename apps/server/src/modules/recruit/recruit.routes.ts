import { z } from 'zod';
import { MENU } from '@jizu/shared/constants/menu';
import { OPTIONS, optionName } from '@jizu/shared/constants/recruit';
import { SITE } from '@jizu/shared/constants/site';
import { hireUi, recruit as msg_recruit } from '@jizu/shared/messages/recruit';
import { zCompanyScoped, zEnvelope, zId, zOk, zPage } from '@jizu/shared/schemas/common';
import { ZLabourCenter, ZOption, ZOptionsQuery } from '@jizu/shared/schemas/labour';
import {
  ZHireHallPage,
  ZHireHallQuery,
  ZHirePhone,
  ZHirePublic,
  ZRecruitAdminQuery,
  ZRecruitAdminRow,
  ZRecruitChange,
  ZRecruitPage,
  ZRecruitQuery,
  ZRecruitReview,
  ZRecruitRow,
  ZRecruitSave,
} from '@jizu/shared/schemas/recruit';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import { clientIp, type TModule } from '../../platform/http';
import { exportRoute, pagedRows } from '../../platform/export';
import { actorOf } from '../audit/audit.service';
import { registerSiteMeta, registerSitemapSource } from '../market/site-meta';
import { isPersonVerified } from '../verify/verify.service';
import { registerLabourTarget } from './labour';
import { labourCenter } from './center.service';
import * as hire from './recruit.service';
import { RECRUIT_REVIEW_EXPORT_COLUMNS } from './recruit.export';

const tags = ['recruit'];
const owner = { access: 'company', menu: MENU.recruit } as const;
const staff = { access: 'staff' } as const;
const params = z.object({ id: zId });

/** The labour area's calls (spec/3 §7 Recruit module). */
export const recruitRoutes: TModule = (app, deps) => {
  const db = deps.db;
  app.get(
    '/recruit/options',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '选项字典：type=category 机械类别，type=dage 驾龄',
        querystring: ZOptionsQuery,
        response: { 200: zEnvelope(z.array(ZOption)) },
      },
    },
    async (req) => ok([...OPTIONS[req.query.type]]),
  );
  app.get(
    '/recruit/center',
    {
      config: { access: 'company' },
      schema: {
        tags,
        summary: '劳务中心：会员、求职卡、招聘需求（当前企业）、培训报名、收到的评论',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZLabourCenter) },
      },
    },
    async (req) => ok(await labourCenter(db, userOf(req).id, companyOf(req))),
  );
  app.get(
    '/recruit/check_person_auth',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '是否已个人认证（data 1 已认证，0 未认证）',
        response: { 200: zEnvelope(z.number().int()) },
      },
    },
    async (req) => ok((await isPersonVerified(db, userOf(req).id)) ? 1 : 0),
  );

  // Hiring demands (招聘需求): the company's own, the console's review, the public hiring hall.
  registerLabourTarget('recruit', hire.loadLabourRecruits);
  registerSiteMeta(SITE.hires, async (_d, _p, q) => {
    const cat = optionName('category', Number(q.resume_category));
    return {
      title: `${cat ? `${cat}机手招聘 - ` : ''}${hireUi.hallTitle} - 机租通`,
      description: `${hireUi.hallSubtitle}：按机械类别、地区查找${cat || '工程机械'}机手招聘，完成个人认证后可联系招聘单位。`,
    };
  });
  registerSiteMeta(
    '/site/hire/:id',
    async (d, p) => {
      const id = Number(p.id);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const v = await hire.publicRecruit(d, id).catch(() => null);
      return (
        v && {
          title: `招聘${v.category_v}机手 - ${v.province_v}${v.city_v} - ${v.salary_v} - ${hireUi.hallTitle} - 机租通`,
          description:
            `${v.company_v}招聘${v.category_v}机手，工期${v.working_days}天，${v.salary_v}。${v.content}`.slice(0, 150),
        }
      );
    },
    { title: `${msg_recruit.hireGoneTitle} - ${hireUi.hallTitle} - 机租通`, description: msg_recruit.hireGone },
  );
  registerSitemapSource('hires', async (d) => [
    { path: SITE.hires },
    ...(await hire.sitemapRecruits(d, 5000)).map((r) => ({
      path: SITE.hire(r.id),
      lastmod: new Date(r.at).toISOString().slice(0, 10),
    })),
  ]);

  app.get(
    '/recruit/recruit',
    {
      config: owner,
      schema: {
        tags,
        summary: '招聘需求列表（audit_status 0 全部、1–5；机械类别 resume_category；招聘地区关键词 address）',
        querystring: ZRecruitQuery,
        response: { 200: zEnvelope(ZRecruitPage) },
      },
    },
    async (req) => ok(await hire.listRecruits(db, companyOf(req).companyId, req.query)),
  );
  app.post(
    '/recruit/recruit',
    {
      config: owner,
      schema: {
        tags,
        summary: '发布招聘需求（须个人认证；进入审核）',
        body: ZRecruitSave,
        response: { 200: zEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) =>
      ok(
        await hire.createRecruit(db, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body),
        msg_recruit.submitted,
      ),
  );
  app.get(
    '/recruit/recruit/:id/edit',
    {
      config: owner,
      schema: {
        tags,
        summary: '招聘需求详情（编辑表单）',
        params,
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZRecruitRow) },
      },
    },
    async (req) => ok(await hire.getRecruit(db, companyOf(req).companyId, req.params.id)),
  );
  app.put(
    '/recruit/recruit/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: '修改招聘需求（待审核、审核失败时；重新审核），或 {type: "end", sta: 3|4} 结束招聘中的需求',
        params,
        body: ZRecruitChange,
        response: { 200: zOk },
      },
    },
    async (req) => {
      const b = req.body;
      if (b.type === 'end') {
        await hire.endRecruit(db, actorOf(req), companyOf(req).companyId, req.params.id, b.sta as 3 | 4);
        return ok(null, msg_recruit.stateChanged);
      }
      await hire.updateRecruit(db, actorOf(req), companyOf(req).companyId, userOf(req).id, req.params.id, b);
      return ok(null, msg_recruit.changed);
    },
  );
  app.delete(
    '/recruit/recruit/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: '删除招聘需求（待审核、审核失败时）',
        params,
        querystring: zCompanyScoped,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await hire.deleteRecruit(db, actorOf(req), companyOf(req).companyId, req.params.id);
      return ok(null, msg_recruit.deleted);
    },
  );
  app.post(
    '/recruit/recruit/:id/phone',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '查看招聘方电话（须个人认证；每次查看都会记录，限频）',
        params,
        response: { 200: zEnvelope(ZHirePhone) },
      },
    },
    async (req) => ok(await hire.revealPhone(deps, userOf(req).id, req.params.id, clientIp(req))),
  );

  app.get(
    '/admin/recruits',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '招聘需求审核队列（状态、机械类别、关键词）',
        querystring: ZRecruitAdminQuery,
        response: { 200: zEnvelope(zPage(ZRecruitAdminRow)) },
      },
    },
    async (req) => ok(await hire.pageReviewQueue(db, req.query)),
  );
  exportRoute(app, '/admin/recruits/export', {
    config: staff,
    tags: ['admin'],
    summary: '导出招聘需求审核队列（Excel，按当前状态、机械类别、关键词）',
    querystring: ZRecruitAdminQuery,
    name: '招聘审核',
    columns: RECRUIT_REVIEW_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => hire.pageReviewQueue(db, { ...q, page, size })),
  });
  app.post(
    '/admin/recruits/:id/review',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '审核招聘需求：通过（招聘中）或驳回（审核失败，须填原因）；结果以系统消息通知发布人',
        params,
        body: ZRecruitReview,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await hire.reviewRecruit(db, actorOf(req), req.params.id, req.body.action, req.body.reason);
      return ok(null, msg_recruit.operated);
    },
  );

  app.get(
    '/site/hire',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '招聘大厅：招聘中的需求（机械类别、省、市）',
        querystring: ZHireHallQuery,
        response: { 200: zEnvelope(ZHireHallPage) },
      },
    },
    async (req) => ok(await hire.pageHall(db, req.query)),
  );
  app.get(
    '/site/hire/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '招聘需求公开页（招聘中、招聘成功）',
        params,
        response: { 200: zEnvelope(ZHirePublic) },
      },
    },
    async (req) => ok(await hire.publicRecruit(db, req.params.id)),
  );
};
