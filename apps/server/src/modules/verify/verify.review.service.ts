import { fmt, M } from '@jizu/shared/messages';
import { COMPANY_VERIFY_MACHINE, PERSON_VERIFY_MACHINE, VERIFY_STATUS } from '@jizu/shared/constants/verify';
import { nextStatus } from '@jizu/shared/rules/machine';
import type { TPage } from '@jizu/shared/errors';
import { type TCompanyReviewRow, type TPersonReviewRow, type TReviewQuery } from '@jizu/shared/schemas/verify';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { inTx, type DB, type Executor } from '../../db/client';
import { type Vault } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { applyVerifiedRegister, findVerifiedByRegistNo, setCompanyVerifyStatus } from '../company/company.service';
import { createMessage } from '../message/message.service';
import * as repo from './verify.repo';
import { companyView, reviewCard } from './verify.service';

/** The platform's review of personal and company verification (the admin console). */

export async function listPersonQueue(db: Executor, vault: Vault, q: TReviewQuery): Promise<TPage<TPersonReviewRow>> {
  const { rows, total } = await repo.pagePersons(db, q.status, (q.page - 1) * q.size, q.size);
  return {
    total,
    data: rows.map(({ a, phone }) => ({
      id: a.id,
      user_id: a.userId,
      phone,
      name: a.name,
      card: reviewCard(vault, a),
      card_face: a.cardFace,
      card_back: a.cardBack,
      status: a.status,
      reason: a.reason,
      create_time: shanghaiDateTime(a.createdAt),
      audit_time: shanghaiDateTime(a.reviewedAt),
    })),
  };
}

export async function listCompanyQueue(db: Executor, vault: Vault, q: TReviewQuery): Promise<TPage<TCompanyReviewRow>> {
  const { rows, total } = await repo.pageCompanyAuths(db, q.status, (q.page - 1) * q.size, q.size);
  const data = await Promise.all(
    rows.map(async ({ a, phone }) => ({
      ...(await companyView(db, a)),
      card: reviewCard(vault, a),
      tel: a.tel,
      reason: a.reason,
      company_id: a.companyId,
      user_id: a.userId,
      phone,
    })),
  );
  return { total, data };
}

/** Why a decision found nothing to decide: unknown id (404) or already decided (409). */
async function notDecidable(found: unknown): Promise<never> {
  throw found ? new AppError('VERIFY_REVIEWED') : new AppError('NOT_FOUND');
}

// the decision is compare-and-set on a pending row (repo.decide*): the table's row from pending gives its status
export async function reviewPerson(
  db: DB,
  staffId: number,
  id: number,
  action: 'approve' | 'reject',
  reason = '',
): Promise<void> {
  const to = nextStatus(PERSON_VERIFY_MACHINE, { status: VERIFY_STATUS.pending }, action, 'staff')!;
  try {
    await inTx(db, async (tx) => {
      const row = await repo.decidePerson(tx, id, {
        status: to,
        reason: action === 'reject' ? reason : '',
        reviewerId: staffId,
      });
      if (!row) return notDecidable(await repo.findPerson(tx, id));
      if (action === 'approve') {
        await createMessage(tx, {
          userId: row.userId,
          kind: 'person_auth',
          title: M.verify.personPassTitle,
          content: fmt(M.verify.personPassBody, { name: row.name }),
        });
      } else {
        await createMessage(tx, {
          userId: row.userId,
          kind: 'person_auth',
          title: M.verify.personFailTitle,
          content: fmt(M.verify.personFailBody, { reason }),
        });
      }
    });
  } catch (e) {
    if (repo.uniqueViolation(e, 'person_auths_card_uq')) throw new AppError('VERIFY_CARD_TAKEN');
    throw e;
  }
}

export async function reviewCompany(
  db: DB,
  staffId: number,
  id: number,
  action: 'approve' | 'reject',
  reason = '',
): Promise<void> {
  const to = nextStatus(COMPANY_VERIFY_MACHINE, { status: VERIFY_STATUS.pending }, action, 'staff')!;
  try {
    await inTx(db, async (tx) => {
      const row = await repo.decideCompanyAuth(tx, id, {
        status: to,
        reason: action === 'reject' ? reason : '',
        reviewerId: staffId,
      });
      if (!row) return notDecidable(await repo.findCompanyAuth(tx, id));
      if (action === 'approve') {
        if (await findVerifiedByRegistNo(tx, row.registNo, row.companyId)) throw new AppError('VERIFY_COMPANY_TAKEN');
        await applyVerifiedRegister(tx, row.companyId, {
          name: row.name,
          registNo: row.registNo,
          legal: row.legal,
          province: row.province,
          city: row.city,
          area: row.area,
          address: row.address,
          registeredAssets: row.registeredAssets,
          foundDate: row.foundDate,
          registrant: row.registrant,
          tel: row.tel,
        });
        await createMessage(tx, {
          userId: row.userId,
          kind: 'company_auth',
          title: M.verify.companyPassTitle,
          content: fmt(M.verify.companyPassBody, { name: row.name }),
        });
      } else {
        await setCompanyVerifyStatus(tx, row.companyId, to);
        await createMessage(tx, {
          userId: row.userId,
          kind: 'company_auth',
          title: M.verify.companyFailTitle,
          content: fmt(M.verify.companyFailBody, { name: row.name, reason }),
        });
      }
    });
  } catch (e) {
    if (repo.uniqueViolation(e, 'company_auths_regist_uq')) throw new AppError('VERIFY_COMPANY_TAKEN');
    throw e;
  }
}
