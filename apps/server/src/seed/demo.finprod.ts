import type { DB } from '../db/client';
import { applyFinance, applyFinanceProductDecision } from '../modules/finprod/finprod.service';
import { SandboxFinance } from '../platform/finance';
import type { TDemoAreaCtx } from './demo';

/**
 * The supply-chain finance product's applications of the two other demo providers (both advanced verified, neither
 * open): one waits at the partner (审核中, its deadline FINPROD_REVIEW_DAYS ahead), one was refused with the partner's
 * reason (未通过, it may apply again). The console's /admin/finance-products lists both; the demo provider's product
 * is open already (demo.ts).
 */
export async function seedFinanceProductDemo(ctx: TDemoAreaCtx) {
  const { tx, config, users, companies: co } = ctx;
  const db = tx as unknown as DB; // the services open their own transaction: a savepoint inside the demo's
  const finance = new SandboxFinance({
    secret: config.finance.secret,
    publicUrl: config.publicUrl,
    callbackBase: config.finance.callbackBase,
  });
  const deps = { db, finance, config };
  const apply = async (companyId: number, userId: number) => {
    const { url } = await applyFinance(deps, { userId, companyId, ip: '127.0.0.1' }, companyId, userId);
    return url.split('/').pop() as string;
  };
  await apply(co.provider2, users.provider2);
  const refused = await apply(co.provider3, users.provider3);
  await applyFinanceProductDecision(db, {
    no: refused,
    result: 'REFUSE',
    reason: '近一年经营流水不足，请补充近12个月对公银行流水后重新申请',
  });
}
