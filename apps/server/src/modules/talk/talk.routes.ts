import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { MENU } from '@jizu/shared/constants/menu';
import { zCompanyScoped, zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZAdminSuitPage,
  ZAdminSuitQuery,
  ZInquiryId,
  ZInquiryListing,
  ZInquiryPage,
  ZInquiryRow,
  ZInquirySave,
  ZPackageSave,
  ZReceivedQuery,
  ZSentQuery,
  ZSuitAccept,
  ZSuitOptions,
  ZSuitPage,
  ZSuitQuery,
  ZSuitRespond,
  ZSuitRow,
} from '@jizu/shared/schemas/talk';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import * as svc from './talk.service';
import { exportRoute, keysetPages, pagedRows } from '../../platform/export';
import { INQUIRY_EXPORT_COLUMNS, SUIT_EXPORT_COLUMNS } from './talk.export';

const tags = ['talk'];
const send = { access: 'company', menu: MENU.talkSend } as const;
const suit = { access: 'company', menu: MENU.talkSuit } as const;
const receive = { access: 'company', menu: MENU.talkReceive } as const;
const staff = { access: 'staff' } as const;

/** Inquiries (spec/1 §7 Inquiries): online inquiries on listings, road-and-bridge package requests and their offers. */
export const talkRoutes: TModule = (app, deps) => {
  const db = deps.db;
  app.get(
    '/talk/listing/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '在线询价页的设备信息（公开设备）',
        params: z.object({ id: zId }),
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZInquiryListing) },
      },
    },
    async (req) => ok(await svc.inquiryListing(db, req.params.id)),
  );
  app.post(
    '/talk/post',
    {
      config: send,
      schema: {
        tags,
        summary: '在线询价（向设备所属企业发送询价）',
        body: ZInquirySave,
        response: { 200: zEnvelope(ZInquiryRow) },
      },
    },
    async (req) => ok(await svc.createInquiry(db, actorOf(req), companyOf(req), userOf(req).id, req.body), M.talk.sent),
  );
  app.get(
    '/ep/enquiry',
    {
      config: send,
      schema: {
        tags,
        summary: '发出的询价（to_type 1 自选直租，0 路桥套餐）',
        querystring: ZSentQuery,
        response: { 200: zEnvelope(ZInquiryPage) },
      },
    },
    async (req) => ok(await svc.listSent(db, companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/ep/enquiry/export', {
    config: send,
    tags,
    summary: '导出发出的询价（Excel，按当前类型与状态）',
    querystring: ZSentQuery,
    name: '发出的询价',
    columns: INQUIRY_EXPORT_COLUMNS,
    rows: (req, q) => keysetPages((k) => svc.listSent(db, companyOf(req).companyId, { ...q, ...k })),
  });
  app.post(
    '/ep/enquiry',
    {
      config: suit,
      schema: {
        tags,
        summary: '发布路桥套餐需求 {base, equips}',
        body: ZPackageSave,
        response: { 200: zEnvelope(ZInquiryRow) },
      },
    },
    async (req) =>
      ok(await svc.createPackage(db, actorOf(req), companyOf(req), userOf(req).id, req.body), M.talk.published),
  );
  app.get(
    '/talk/receive',
    {
      config: receive,
      schema: { tags, summary: '收到的询价', querystring: ZReceivedQuery, response: { 200: zEnvelope(ZInquiryPage) } },
    },
    async (req) => ok(await svc.listReceived(db, companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/talk/receive/export', {
    config: receive,
    tags,
    summary: '导出收到的询价（Excel，按当前状态）',
    querystring: ZReceivedQuery,
    name: '收到的询价',
    columns: INQUIRY_EXPORT_COLUMNS,
    rows: (req, q) => keysetPages((k) => svc.listReceived(db, companyOf(req).companyId, { ...q, ...k })),
  });
  app.get(
    '/talk/info',
    {
      config: { access: 'company' },
      schema: {
        tags,
        summary: '询价详情（发出或收到的）',
        querystring: ZInquiryId,
        response: { 200: zEnvelope(ZInquiryRow.extend({ offers: z.array(ZSuitRow) })) },
      },
    },
    async (req) => ok(await svc.inquiryDetail(db, companyOf(req), req.query.id)),
  );
  app.post(
    '/talk/complete',
    { config: receive, schema: { tags, summary: '标记询价处理完成', body: ZInquiryId, response: { 200: zOk } } },
    async (req) => {
      await svc.completeInquiry(db, actorOf(req), companyOf(req).companyId, req.body.id);
      return ok(null, M.talk.marked);
    },
  );
  app.get(
    '/ep/suits',
    {
      config: send,
      schema: {
        tags,
        summary: '路桥套餐报价列表（本企业的需求）',
        querystring: ZSuitQuery,
        response: { 200: zEnvelope(ZSuitPage) },
      },
    },
    async (req) => ok(await svc.listSuits(db, companyOf(req).companyId, req.query)),
  );
  app.post(
    '/ep/suits',
    { config: send, schema: { tags, summary: '确认路桥套餐报价', body: ZSuitAccept, response: { 200: zOk } } },
    async (req) => {
      await svc.acceptSuit(db, actorOf(req), companyOf(req).companyId, req.body.id);
      return ok(null, M.talk.accepted);
    },
  );
  app.get(
    '/ep/suits/create',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: '路桥套餐需求表单选项',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZSuitOptions) },
      },
    },
    async () => ok(svc.suitOptions()),
  );

  app.get(
    '/admin/suits',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '路桥套餐需求（0 处理中，1 已完成）',
        querystring: ZAdminSuitQuery,
        response: { 200: zEnvelope(ZAdminSuitPage) },
      },
    },
    async (req) => ok(await svc.pageAdminPackages(db, req.query)),
  );
  exportRoute(app, '/admin/suits/export', {
    config: staff,
    tags: ['admin'],
    summary: '导出路桥套餐需求（Excel，按当前状态）',
    querystring: ZAdminSuitQuery,
    name: '路桥套餐需求',
    columns: SUIT_EXPORT_COLUMNS,
    rows: (_req, q) => pagedRows((page, size) => svc.pageAdminPackages(db, { ...q, page, size })),
  });
  app.post(
    '/admin/suits/:id/respond',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '为路桥套餐需求添加报价',
        params: z.object({ id: zId }),
        body: ZSuitRespond,
        response: { 200: zEnvelope(ZSuitRow) },
      },
    },
    async (req) =>
      ok(await svc.respondPackage(db, actorOf(req), userOf(req).id, req.params.id, req.body), M.talk.responded),
  );
  app.post(
    '/admin/suits/:id/complete',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: '路桥套餐需求标记完成',
        params: z.object({ id: zId }),
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.completePackage(db, actorOf(req), req.params.id);
      return ok(null, M.talk.marked);
    },
  );
};
