import { z } from 'zod';
import { MENU } from '@jizu/shared/constants/menu';
import { offer as msg_offer } from '@jizu/shared/messages/offer';
import { zCompanyScoped, zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZOfferByBidQuery,
  ZOfferCheck,
  ZOfferCheckQuery,
  ZOfferForm,
  ZOfferIdQuery,
  ZOfferPage,
  ZOfferQuery,
  ZOfferSave,
  ZOfferView,
  ZOfferWithBidding,
} from '@jizu/shared/schemas/offer';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import * as svc from './offer.service';
import { exportRoute, keysetPages } from '../../platform/export';
import { OFFER_EXPORT_COLUMNS } from './bidding.export';

const tags = ['offer'];
const response = { access: 'company', menu: MENU.response } as const;
const zSaved = zEnvelope(z.object({ id: z.number().int() }));

/**
 * The provider's responses to bidding projects (spec/2 §7 "Provider responses") and the quote view. A quote's prices
 * are sealed: only the quoting company, the project owner and staff ever read them (offer.service).
 */
export const offerRoutes: TModule = (app, deps) => {
  const d: svc.TOfferDeps = { db: deps.db, publicUrl: deps.config.publicUrl };
  app.get(
    '/ep/offer',
    {
      config: response,
      schema: {
        tags,
        summary: '本企业的竞价响应（status -1 全部，1–6）',
        querystring: ZOfferQuery,
        response: { 200: zEnvelope(ZOfferPage) },
      },
    },
    async (req) => ok(await svc.listOffers(deps.db, companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/ep/offer/export', {
    config: response,
    tags,
    summary: '导出本企业的竞价响应（Excel，按当前筛选条件）',
    querystring: ZOfferQuery,
    name: '竞价响应',
    columns: OFFER_EXPORT_COLUMNS,
    rows: (req, q) => keysetPages((k) => svc.listOffers(deps.db, companyOf(req).companyId, { ...q, ...k })),
  });
  app.get(
    '/ep/offer/create',
    {
      config: response,
      schema: {
        tags,
        summary: '响应表单（id 为竞价项目 id）：项目与可报价的设备',
        querystring: ZOfferIdQuery,
        response: { 200: zEnvelope(ZOfferForm) },
      },
    },
    async (req) => ok(await svc.createForm(d, companyOf(req), req.query.id)),
  );
  app.get(
    '/ep/check_offer',
    {
      config: response,
      schema: {
        tags,
        summary: '检查设备行（rid）是否可由本企业报价',
        querystring: ZOfferCheckQuery,
        response: { 200: zEnvelope(ZOfferCheck) },
      },
    },
    async (req) => {
      await svc.checkLine(deps.db, companyOf(req), req.query.rid);
      return ok({ status: 1, msg: '' });
    },
  );
  app.post(
    '/ep/offer',
    {
      config: response,
      schema: { tags, summary: '提交竞价响应（报价）', body: ZOfferSave, response: { 200: zSaved } },
    },
    async (req) =>
      ok(await svc.createOffer(deps.db, actorOf(req), companyOf(req), userOf(req).id, req.body), msg_offer.saved),
  );
  app.get(
    '/ep/offer/detail',
    {
      config: response,
      schema: {
        tags,
        summary: '本企业对某竞价项目（bid）的响应与项目',
        querystring: ZOfferByBidQuery,
        response: { 200: zEnvelope(ZOfferWithBidding) },
      },
    },
    async (req) => ok(await svc.offerWithBidding(d, companyOf(req), { bid: req.query.bid })),
  );
  app.get(
    '/ep/offer/:id',
    {
      config: response,
      schema: {
        tags,
        summary: '本企业的响应（id 为响应 id；或 ?bid= 竞价项目 id）与项目',
        params: z.object({ id: zId }),
        querystring: ZOfferByBidQuery,
        response: { 200: zEnvelope(ZOfferWithBidding) },
      },
    },
    async (req) => ok(await svc.offerWithBidding(d, companyOf(req), { id: req.params.id })),
  );
  app.get(
    '/ep/offer/:id/edit',
    {
      config: response,
      schema: {
        tags,
        summary: '修改报价表单',
        params: z.object({ id: zId }),
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(ZOfferForm) },
      },
    },
    async (req) => ok(await svc.editForm(d, companyOf(req), req.params.id)),
  );
  app.put(
    '/ep/offer/:id',
    {
      config: response,
      schema: {
        tags,
        summary: '修改报价（仅响应中且未过截止时间）',
        params: z.object({ id: zId }),
        body: ZOfferSave,
        response: { 200: zSaved },
      },
    },
    async (req) =>
      ok(
        await svc.updateOffer(deps.db, actorOf(req), companyOf(req), userOf(req).id, req.params.id, req.body),
        msg_offer.changed,
      ),
  );
  app.delete(
    '/ep/offer/:id',
    {
      config: response,
      schema: {
        tags,
        summary: '撤回响应（1 → 6，之后不能再次响应该项目）',
        params: z.object({ id: zId }),
        querystring: zCompanyScoped,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.withdrawOffer(deps.db, actorOf(req), companyOf(req), req.params.id);
      return ok(null, msg_offer.withdrawn);
    },
  );
  app.get(
    '/rent/bidding/offer',
    {
      config: { access: 'company' },
      schema: {
        tags,
        summary: '查看报价（/rent/see）：项目发布方（竞价管理）或报价企业（竞价响应）',
        querystring: ZOfferIdQuery,
        response: { 200: zEnvelope(ZOfferView) },
      },
    },
    async (req) => ok(await svc.offerView(d, { ctx: companyOf(req) }, req.query.id)),
  );
  app.get(
    '/admin/offer/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: '查看报价（平台）',
        params: z.object({ id: zId }),
        response: { 200: zEnvelope(ZOfferView) },
      },
    },
    async (req) => ok(await svc.offerView(d, { staff: true }, req.params.id)),
  );
};
