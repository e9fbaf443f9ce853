import { FIN_MACHINE, FIN_STATUS_TEXT } from '@jizu/shared/constants/orderpay';
import { statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import { bpToPercentText, fenToYuanText } from '@jizu/shared/rules/money';
import type { TFinNotify } from '@jizu/shared/schemas/orderpay';
import { inTx, type DB } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { SandboxFinance } from '../../platform/finance';
import { PLATFORM_ACTOR, recordAudit } from '../audit/audit.service';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { findCompanyNames } from '../company/company.service';
import { findOrderById, recordOrderEvent } from '../order/order.service';
import * as repo from './orderpay.repo';
import { AUDIT_FIN, move } from './orderpay.service';

/** The finance partner's side of a financing: its signed callbacks, and the local sandbox partner's pages. */

const finAction = { APPROVED: 'approved', REFUSED: 'refused', LOANED: 'loaned' } as const;

/**
 * POST /ep/orderpayment/notify: the partner's signed callback. Forged or late: refused. The amounts must be the
 * application's. A callback whose step already happened (a replay, a retry) finds the status moved and changes
 * nothing; it is acknowledged with the current status. A loan books the ledger under the application number and
 * completes the payment.
 */
export async function handleFinanceNotify(deps: Pick<TDeps, 'db' | 'finance'>, n: TFinNotify) {
  if (!deps.finance.checkNotify(n)) throw new AppError('PAY_FIN_BAD_SIGNATURE');
  return applyFinanceEvent(deps.db, n);
}

/** A partner's step whose signature was verified (or, for demo data, taken as the partner's). */
export async function applyFinanceEvent(db: DB, n: Omit<TFinNotify, 'sign' | 'ts'>) {
  const deps = { db };
  const first = await repo.findFinancingByNo(deps.db, n.order_no);
  if (!first) throw new AppError('PAY_FIN_NOT_FOUND');
  if (n.amount !== first.applyAmount || n.interest !== first.interest) throw new AppError('PAY_FIN_AMOUNT');
  const o = (await findOrderById(deps.db, first.orderId))!;
  return inTx(deps.db, async (tx) => {
    const f = (await repo.lockFinancingByNo(tx, n.order_no))!;
    const t = transitionOf(FIN_MACHINE, f, n.event, 'finance');
    if (!t) return { status: f.status };
    const to = statusAfter(t, f.status);
    const real = f.applyAmount - f.interest;
    const row = await repo.updateFinancing(tx, f, {
      status: to,
      ...(n.event === 'LOANED' ? { realPayAmount: real, payDate: shanghaiDay() } : {}),
    });
    if (!row) return { status: f.status };
    await recordAudit(tx, PLATFORM_ACTOR, {
      entity: AUDIT_FIN,
      entityId: f.id,
      action: finAction[n.event],
      from: f.status,
      to,
      reason: f.orderNo,
    });
    const p = (await repo.lockPayment(tx, f.paymentId))!;
    if (n.event === 'LOANED') {
      const flow = await repo.insertFlow(tx, {
        paymentId: p.id,
        kind: 'loan',
        amount: f.applyAmount,
        bizKey: `loan:${f.orderNo}`,
        paidDate: shanghaiDay(),
      });
      if (!flow) return { status: row.status };
      // the payment's own move writes the loan to the order's timeline (pay_loan)
      await move(
        tx,
        PLATFORM_ACTOR,
        o,
        p.id,
        'loan',
        'finance',
        (x) => ({
          providerPaid: x.providerPaid + f.applyAmount,
          providerReceived: x.providerReceived + real,
          doneAt: new Date(),
        }),
        () => `${f.orderNo} 放款 ${fenToYuanText(real)}元`,
      );
      return { status: row.status };
    }
    await recordOrderEvent(tx, PLATFORM_ACTOR, o, `fin_${finAction[n.event]}`, `${p.sn} ${f.orderNo}`);
    return { status: row.status };
  });
}

function sandboxOf(deps: Pick<TDeps, 'finance'>): SandboxFinance {
  if (!(deps.finance instanceof SandboxFinance)) throw new AppError('PAY_FIN_NOT_FOUND');
  return deps.finance;
}

/** GET /finance/sandbox/:no: the sandbox partner's page of an application (public, by its unguessable number). */
export async function sandboxApplication(deps: Pick<TDeps, 'db' | 'finance'>, no: string) {
  sandboxOf(deps);
  const f = await repo.findFinancingByNo(deps.db, no);
  if (!f) throw new AppError('PAY_FIN_NOT_FOUND');
  const [p, names] = await Promise.all([
    repo.findPaymentById(deps.db, f.paymentId),
    findCompanyNames(deps.db, [f.providerCompanyId]),
  ]);
  const o = await findOrderById(deps.db, f.orderId);
  return {
    order_no: f.orderNo,
    applicant: names.get(f.providerCompanyId) ?? '',
    project_name: o?.projectName ?? '',
    payment_sn: p?.sn ?? '',
    cash_date: p?.cashDate ?? '',
    apply_amount_v: fenToYuanText(f.applyAmount),
    rate_v: bpToPercentText(f.rateBp),
    interest_v: fenToYuanText(f.interest),
    real_v: fenToYuanText(f.applyAmount - f.interest),
    status: f.status,
    status_v: FIN_STATUS_TEXT[f.status] ?? '',
  };
}

/** POST /finance/sandbox/:no/act: the person at the partner approves, refuses, or signs (the partner then pays out). */
export async function sandboxAct(
  deps: Pick<TDeps, 'db' | 'finance'>,
  no: string,
  action: 'approve' | 'refuse' | 'sign',
) {
  const sb = sandboxOf(deps);
  const f = await repo.findFinancingByNo(deps.db, no);
  if (!f) throw new AppError('PAY_FIN_NOT_FOUND');
  const event = action === 'approve' ? 'APPROVED' : action === 'refuse' ? 'REFUSED' : 'LOANED';
  if (!transitionOf(FIN_MACHINE, f, event, 'finance')) throw new AppError('PAY_STATE');
  const res = await sb.notify(no, event, f.applyAmount, f.interest);
  if (res.status !== 200) throw new AppError('INTERNAL');
  return sandboxApplication(deps, no);
}
