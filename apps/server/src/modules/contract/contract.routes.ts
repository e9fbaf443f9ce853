import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTRACT_LIMITS } from '@jizu/shared/constants/contract';
import { MENU } from '@jizu/shared/constants/menu';
import { contract as msg } from '@jizu/shared/messages/contract';
import { fmt, M } from '@jizu/shared/messages';
import { zEnvelope, zId, zOk } from '@jizu/shared/schemas/common';
import {
  ZContractInfo,
  ZContractListQuery,
  ZContractPage,
  ZContractSave,
  ZContractSign,
  ZContractSms,
  ZContractVoid,
  ZVerifyResult,
} from '@jizu/shared/schemas/contract';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { clientIp, type TModule } from '../../platform/http';
import { actorOf } from '../audit/audit.service';
import * as svc from './contract.service';
import { exportRoute, pagedRows } from '../../platform/export';
import { CONTRACT_EXPORT_COLUMNS } from './contract.export';

const tags = ['contract'];
const tenant = { access: 'company', menu: MENU.rentOrder } as const;
const provider = { access: 'company', menu: MENU.leaseOrder } as const;
const ZFile = z.object({
  company_id: zId.optional(),
  order_id: zId,
  id: zId,
  download: z.coerce.number().int().optional(),
});

/**
 * Order contracts (spec/2 §7 Contracts): the tenant's list, upload form and void under /rent/contract; the
 * provider's list, signing code and signature under /ep; the files for both sides; the public /site/verify.
 * ct_sendmsg and ct_sign change state (a code sent, a contract signed), so they are POST here where the spec's
 * client used GET: a GET must never act on a cookie alone.
 */
export const contractRoutes: TModule = (app, deps) => {
  const db = deps.db;
  const sendFile = (reply: FastifyReply, f: { bytes: Buffer; filename: string }, download: boolean) =>
    reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `${download ? 'attachment' : 'inline'}; filename="contract.pdf"; filename*=UTF-8''${encodeURIComponent(f.filename)}`,
      )
      .send(f.bytes);

  app.get(
    '/rent/contract/lst',
    {
      config: tenant,
      schema: {
        tags,
        summary: '订单的合同列表（id 为订单 id；status -1 全部，0 待签署，1 已生效，2 已作废）',
        querystring: ZContractListQuery,
        response: { 200: zEnvelope(ZContractPage) },
      },
    },
    async (req) => ok(await svc.listContracts(db, 'tenant', companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/rent/contract/export', {
    config: tenant,
    tags,
    summary: '导出订单的合同列表（Excel，按当前状态筛选）',
    querystring: ZContractListQuery,
    name: '合同',
    columns: CONTRACT_EXPORT_COLUMNS,
    rows: (req, q) =>
      pagedRows((page, size) => svc.listContracts(db, 'tenant', companyOf(req).companyId, { ...q, page, size })),
  });
  app.get(
    '/rent/contract/info',
    {
      config: tenant,
      schema: {
        tags,
        summary: '上传合同表单：订单信息与本企业审核通过的印章',
        querystring: z.object({ company_id: zId.optional(), id: zId }),
        response: { 200: zEnvelope(ZContractInfo) },
      },
    },
    async (req) => ok(await svc.contractInfo(db, companyOf(req).companyId, req.query.id)),
  );
  app.post(
    '/rent/contract/save',
    {
      config: tenant,
      schema: {
        tags,
        summary: '上传合同（PDF 不超过10M；编号、名称不超过40字；日期在10天内且不晚于今天；印章或企业名称）',
        body: ZContractSave,
        response: { 200: zEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (req) =>
      ok(await svc.saveContract(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body), msg.saved),
  );
  app.post(
    '/rent/contract/cancel',
    {
      config: tenant,
      schema: {
        tags,
        summary: `作废待签署的合同（confirm 须为“${CONTRACT_LIMITS.voidWord}”）`,
        body: ZContractVoid,
        response: { 200: zOk },
      },
    },
    async (req) => {
      await svc.voidContract(db, actorOf(req), companyOf(req).companyId, req.body);
      return ok(null, msg.voided);
    },
  );
  app.get(
    '/rent/contract/file',
    { config: tenant, schema: { tags, summary: '合同文件（已签署的为签署后的文件）', querystring: ZFile } },
    async (req, reply) =>
      sendFile(
        reply,
        await svc.contractFile(deps, 'tenant', companyOf(req).companyId, req.query.order_id, req.query.id),
        req.query.download === 1,
      ),
  );

  app.get(
    '/ep/contract',
    {
      config: provider,
      schema: {
        tags,
        summary: '服务商：订单的合同列表（id 为订单 id）',
        querystring: ZContractListQuery,
        response: { 200: zEnvelope(ZContractPage) },
      },
    },
    async (req) => ok(await svc.listContracts(db, 'provider', companyOf(req).companyId, req.query)),
  );
  exportRoute(app, '/ep/contract/export', {
    config: provider,
    tags,
    summary: '服务商：导出订单的合同列表（Excel）',
    querystring: ZContractListQuery,
    name: '合同',
    columns: CONTRACT_EXPORT_COLUMNS,
    rows: (req, q) =>
      pagedRows((page, size) => svc.listContracts(db, 'provider', companyOf(req).companyId, { ...q, page, size })),
  });
  app.post(
    '/ep/ct_sendmsg',
    {
      config: provider,
      schema: {
        tags,
        summary: '发送签署验证码至企业管理员手机（60秒后可重发）',
        body: ZContractSms,
        response: { 200: zEnvelope(z.object({ resend_in: z.number(), phone: z.string() })) },
      },
    },
    async (req) => ok(await svc.sendSignCode(deps, companyOf(req).companyId, req.body, clientIp(req)), msg.smsSent),
  );
  app.post(
    '/ep/ct_sign',
    {
      config: provider,
      schema: {
        tags,
        summary: '以短信验证码签署合同（盖章、签署人与时间、证书与过程记录页，记录 SHA-256）',
        body: ZContractSign,
        response: { 200: zEnvelope(z.object({ id: z.number(), sha256: z.string() })) },
      },
    },
    async (req) =>
      ok(await svc.signContract(deps, actorOf(req), companyOf(req).companyId, userOf(req).id, req.body), msg.signed),
  );
  app.get(
    '/ep/contract/file',
    { config: provider, schema: { tags, summary: '服务商：合同文件', querystring: ZFile } },
    async (req, reply) =>
      sendFile(
        reply,
        await svc.contractFile(deps, 'provider', companyOf(req).companyId, req.query.order_id, req.query.id),
        req.query.download === 1,
      ),
  );

  app.post(
    '/site/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '合同验真：上传 PDF（multipart 字段 file，不超过10M），返回是否为本平台签署且未被修改',
        consumes: ['multipart/form-data'],
        response: { 200: zEnvelope(ZVerifyResult) },
      },
    },
    async (req: FastifyRequest) => {
      if (!req.isMultipart()) throw new AppError('UPLOAD_NO_FILE');
      let bytes: Buffer | null = null;
      try {
        for await (const part of req.parts({
          limits: { fileSize: CONTRACT_LIMITS.pdfMaxMb * 1024 * 1024, files: 1, fields: 5, fieldSize: 100 },
        })) {
          if (part.type === 'file') bytes = await part.toBuffer();
        }
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('UPLOAD_TOO_LARGE', fmt(M.upload.tooLarge, { n: `${CONTRACT_LIMITS.pdfMaxMb}M` }));
        if (e instanceof AppError) throw e;
        throw new AppError('BAD_MULTIPART');
      }
      if (!bytes?.length) throw new AppError('UPLOAD_NO_FILE');
      return ok(await svc.verifyContractPdf(db, bytes));
    },
  );
};
