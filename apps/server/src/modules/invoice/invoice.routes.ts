import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { MENU } from '@jizu/shared/constants/menu';
import { zCompanyScoped, zEnvelope, zOk } from '@jizu/shared/schemas/common';
import { ZAddressId, ZAddressSave, ZInvoiceAddress, ZInvoiceProfile, ZInvoiceSave } from '@jizu/shared/schemas/invoice';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { vaultOf } from '../../platform/crypto';
import * as svc from './invoice.service';

const access = { access: 'company', menu: MENU.companyInvoice } as const;
const tags = ['company-invoice'];

export const invoiceRoutes: TModule = (app, deps) => {
  app.get(
    '/company/invoice/index',
    {
      config: access,
      schema: { tags, summary: '发票信息', querystring: zCompanyScoped, response: { 200: zEnvelope(ZInvoiceProfile) } },
    },
    async (req) => ok(await svc.getInvoiceProfile(deps.db, vaultOf(deps.config), companyOf(req).companyId)),
  );
  app.post(
    '/company/invoice/save',
    {
      config: access,
      schema: { tags, summary: '保存发票信息', body: ZInvoiceSave, response: { 200: zEnvelope(ZInvoiceProfile) } },
    },
    async (req) =>
      ok(
        await svc.saveInvoiceProfile(deps.db, vaultOf(deps.config), companyOf(req).companyId, userOf(req).id, req.body),
        M.common.saved,
      ),
  );
  app.get(
    '/company/invoice/addrlst',
    {
      config: access,
      schema: {
        tags,
        summary: '收货地址列表',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(z.array(ZInvoiceAddress)) },
      },
    },
    async (req) => ok(await svc.listInvoiceAddresses(deps.db, companyOf(req).companyId)),
  );
  app.post(
    '/company/invoice/saveAddr',
    {
      config: access,
      schema: {
        tags,
        summary: '保存收货地址',
        body: ZAddressSave,
        response: { 200: zEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok(await svc.saveInvoiceAddress(deps.db, companyOf(req).companyId, req.body), M.common.saved),
  );
  app.post(
    '/company/invoice/setDefaultAddr',
    { config: access, schema: { tags, summary: '设为默认地址', body: ZAddressId, response: { 200: zOk } } },
    async (req) => {
      await svc.setDefaultInvoiceAddress(deps.db, companyOf(req).companyId, req.body.id);
      return ok(null, M.invoice.defaultSet);
    },
  );
  app.delete(
    '/company/invoice/delAddr',
    { config: access, schema: { tags, summary: '删除收货地址', body: ZAddressId, response: { 200: zOk } } },
    async (req) => {
      await svc.deleteInvoiceAddress(deps.db, companyOf(req).companyId, req.body.id);
      return ok(null, M.common.deleted);
    },
  );
};
