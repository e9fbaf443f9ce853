import { z } from 'zod';
import { M } from '@jizu/shared/messages';
import { MENU } from '@jizu/shared/constants/menu';
import { zCompanyScoped, zEnvelope, zOk } from '@jizu/shared/schemas/common';
import { ZBankCard, ZBankId, ZBankSave } from '@jizu/shared/schemas/bank';
import { ok } from '../../platform/envelope';
import { companyOf, userOf } from '../../platform/access';
import type { TModule } from '../../platform/http';
import { vaultOf } from '../../platform/crypto';
import { registerHandover } from '../member/handover';
import { reassignCards } from './bank.repo';
import { addBankCard, deleteBankCard, listBankCards, setDefaultBankCard } from './bank.service';

const access = { access: 'company', menu: MENU.companyBank } as const;
const tags = ['company-bank'];

export const bankRoutes: TModule = (app, deps) => {
  // the cards a deleted member added are the hand-over person's from then on
  registerHandover('bank_cards', (tx, h) => reassignCards(tx, h.companyId, h.fromUserId, h.toUserId));
  app.get(
    '/company/bank/lst',
    {
      config: access,
      schema: {
        tags,
        summary: '银行卡列表',
        querystring: zCompanyScoped,
        response: { 200: zEnvelope(z.array(ZBankCard)) },
      },
    },
    async (req) => ok(await listBankCards(deps.db, vaultOf(deps.config), companyOf(req).companyId)),
  );
  app.post(
    '/company/bank/save',
    {
      config: access,
      schema: { tags, summary: '添加银行卡', body: ZBankSave, response: { 200: zEnvelope(ZBankCard) } },
    },
    async (req) =>
      ok(
        await addBankCard(deps.db, vaultOf(deps.config), companyOf(req).companyId, userOf(req).id, req.body),
        M.common.added,
      ),
  );
  app.post(
    '/company/bank/default',
    { config: access, schema: { tags, summary: '设为默认银行卡', body: ZBankId, response: { 200: zOk } } },
    async (req) => {
      await setDefaultBankCard(deps.db, companyOf(req).companyId, req.body.id);
      return ok(null, M.bank.defaultSet);
    },
  );
  app.post(
    '/company/bank/del',
    { config: access, schema: { tags, summary: '删除银行卡', body: ZBankId, response: { 200: zOk } } },
    async (req) => {
      await deleteBankCard(deps.db, companyOf(req).companyId, req.body.id);
      return ok(null, M.common.deleted);
    },
  );
};
