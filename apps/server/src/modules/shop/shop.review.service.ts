import { fmt, M } from '@jizu/shared/messages';
import {
  SHOP_COMPANY_CATEGORIES,
  SHOP_EMPLOYEE_NUMBERS,
  optionName,
  type TCaseAction,
  type TCoverAction,
  type THonourAction,
  type TShopAction,
  CASE_MACHINE,
  COVER_MACHINE,
  HONOUR_MACHINE,
  SHOP_MACHINE,
} from '@jizu/shared/constants/shop';
import { nextStatus } from '@jizu/shared/rules/machine';
import type { TAdminCaseRow, TAdminCoverRow, TAdminHonourRow, TAdminShopRow } from '@jizu/shared/schemas/shop';
import { inTx, type DB, type Executor, type Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { mainAccountUserIds } from '../company/company.repo';
import { createMessage } from '../message/message.service';
import * as repo from './shop.repo';
import { businessNames, type TPage } from './shop.service';

/** The platform's review queues of shops, focus images, cases and honours (the admin console, spec/1 §7). */

/** Tells the shop company's main accounts about a decision (with the reason when rejected). */
async function tell(tx: Tx, companyId: number, title: string, content: string) {
  for (const userId of new Set(await mainAccountUserIds(tx, companyId)))
    await createMessage(tx, { userId, title, content, kind: 'shop' });
}

export async function pageShopQueue(
  db: Executor,
  status: number,
  page: number,
  size: number,
): Promise<TPage<TAdminShopRow>> {
  const { rows, total } = await repo.pageShops(db, status, (page - 1) * size, size, 'status');
  return {
    data: rows.map(({ shop: s, companyName }) => ({
      id: s.id,
      status: s.status,
      reason: s.reason,
      company_name: companyName,
      shop_name: s.shopName,
      create_time: shanghaiDateTime(s.submittedAt),
      company_logo: s.companyLogo,
      company_category_v: optionName(SHOP_COMPANY_CATEGORIES, s.companyCategory),
      main_business_v: businessNames(s.mainBusiness),
      main_product: s.mainProduct,
      service_area: s.serviceArea,
      start_date: s.startDate,
      product_number: s.productNumber,
      employee_number_v: optionName(SHOP_EMPLOYEE_NUMBERS, s.employeeNumber),
      company_desc: s.companyDesc,
    })),
    total,
  };
}

export async function reviewShop(
  db: DB,
  actor: TActor,
  id: number,
  action: Extract<TShopAction, 'approve' | 'reject'>,
  reason: string,
): Promise<void> {
  const s = await repo.findShop(db, id);
  if (!s) return notFound();
  const to = nextStatus(SHOP_MACHINE, { status: s.status }, action, 'staff');
  if (to === null) throw new AppError('SHOP_REVIEWED');
  const ok = action === 'approve';
  await inTx(db, async (tx) => {
    const r = await repo.setShopStatus(tx, id, s.status, {
      status: to,
      reason: ok ? '' : reason,
      reviewerId: actor.userId,
      reviewedAt: new Date(),
    });
    if (!r) throw new AppError('SHOP_REVIEWED');
    await recordAudit(tx, actor, { entity: 'shop', entityId: id, action, from: s.status, to, reason });
    const vars = { name: s.shopName, reason };
    await tell(
      tx,
      s.companyId,
      ok ? M.shop.shopApprovedTitle : M.shop.shopRejectedTitle,
      fmt(ok ? M.shop.shopApprovedBody : M.shop.shopRejectedBody, vars),
    );
  });
}

export async function pageCoverQueue(
  db: Executor,
  status: number,
  page: number,
  size: number,
): Promise<TPage<TAdminCoverRow>> {
  const { rows, total } = await repo.pageShops(db, status, (page - 1) * size, size, 'cover');
  return {
    data: rows.map(({ shop: s, companyName }) => ({
      id: s.id,
      status: s.coverStatus,
      reason: s.coverReason,
      company_name: companyName,
      shop_name: s.shopName,
      create_time: shanghaiDateTime(s.coverAt),
      shop_cover: s.shopCover,
    })),
    total,
  };
}

export async function reviewCover(
  db: DB,
  actor: TActor,
  shopId: number,
  action: Extract<TCoverAction, 'approve' | 'reject'>,
  reason: string,
): Promise<void> {
  const s = await repo.findShop(db, shopId);
  if (!s) return notFound();
  const to = nextStatus(COVER_MACHINE, { status: s.coverStatus }, action, 'staff');
  if (to === null) throw new AppError('SHOP_REVIEWED');
  const ok = action === 'approve';
  await inTx(db, async (tx) => {
    if (!(await repo.setCoverStatus(tx, shopId, s.coverStatus, { coverStatus: to, coverReason: ok ? '' : reason })))
      throw new AppError('SHOP_REVIEWED');
    await recordAudit(tx, actor, { entity: 'shop_cover', entityId: shopId, action, from: s.coverStatus, to, reason });
    const vars = { name: s.shopName, reason };
    await tell(
      tx,
      s.companyId,
      ok ? M.shop.coverApprovedTitle : M.shop.coverRejectedTitle,
      fmt(ok ? M.shop.coverApprovedBody : M.shop.coverRejectedBody, vars),
    );
  });
}

export async function pageCaseQueue(
  db: Executor,
  status: number,
  page: number,
  size: number,
): Promise<TPage<TAdminCaseRow>> {
  const { rows, total } = await repo.pageCaseQueue(db, status, (page - 1) * size, size);
  return {
    data: rows.map(({ c, shopName, companyName }) => ({
      id: c.id,
      status: c.status,
      reason: c.reason,
      company_name: companyName,
      shop_name: shopName,
      create_time: shanghaiDateTime(c.createdAt),
      title: c.title,
      cover: c.cover,
      content: c.content,
    })),
    total,
  };
}

export async function reviewCase(
  db: DB,
  actor: TActor,
  id: number,
  action: Extract<TCaseAction, 'approve' | 'reject'>,
  reason: string,
): Promise<void> {
  const found = await repo.findAnyCase(db, id);
  if (!found) return notFound();
  const { c } = found;
  const to = nextStatus(CASE_MACHINE, { status: c.status }, action, 'staff');
  if (to === null) throw new AppError('SHOP_REVIEWED');
  const ok = action === 'approve';
  await inTx(db, async (tx) => {
    if (
      !(await repo.setCaseStatus(tx, id, c.status, {
        status: to,
        reason: ok ? '' : reason,
        reviewerId: actor.userId,
        reviewedAt: new Date(),
      }))
    )
      throw new AppError('SHOP_REVIEWED');
    await recordAudit(tx, actor, { entity: 'shop_case', entityId: id, action, from: c.status, to, reason });
    const vars = { name: found.shopName, title: c.title, reason };
    await tell(
      tx,
      c.companyId,
      ok ? M.shop.caseApprovedTitle : M.shop.caseRejectedTitle,
      fmt(ok ? M.shop.caseApprovedBody : M.shop.caseRejectedBody, vars),
    );
  });
}

export async function pageHonourQueue(
  db: Executor,
  status: number,
  page: number,
  size: number,
): Promise<TPage<TAdminHonourRow>> {
  const { rows, total } = await repo.pageHonourQueue(db, status, (page - 1) * size, size);
  return {
    data: rows.map(({ h, shopName, companyName }) => ({
      id: h.id,
      status: h.status,
      reason: h.reason,
      company_name: companyName,
      shop_name: shopName,
      create_time: shanghaiDateTime(h.createdAt),
      name: h.name,
      img: h.img,
    })),
    total,
  };
}

export async function reviewHonour(
  db: DB,
  actor: TActor,
  id: number,
  action: Extract<THonourAction, 'approve' | 'reject'>,
  reason: string,
): Promise<void> {
  const found = await repo.findAnyHonour(db, id);
  if (!found) return notFound();
  const { h } = found;
  const to = nextStatus(HONOUR_MACHINE, { status: h.status }, action, 'staff');
  if (to === null) throw new AppError('SHOP_REVIEWED');
  const ok = action === 'approve';
  await inTx(db, async (tx) => {
    if (
      !(await repo.setHonourStatus(tx, id, h.status, {
        status: to,
        reason: ok ? '' : reason,
        reviewerId: actor.userId,
        reviewedAt: new Date(),
      }))
    )
      throw new AppError('SHOP_REVIEWED');
    await recordAudit(tx, actor, { entity: 'shop_honour', entityId: id, action, from: h.status, to, reason });
    const vars = { name: found.shopName, title: h.name, reason };
    await tell(
      tx,
      h.companyId,
      ok ? M.shop.honourApprovedTitle : M.shop.honourRejectedTitle,
      fmt(ok ? M.shop.honourApprovedBody : M.shop.honourRejectedBody, vars),
    );
  });
}
