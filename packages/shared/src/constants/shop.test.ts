import { describe, expect, it } from 'vitest';
import { actionsOf, nextStatus } from '../rules/machine';
import {
  CASE_MACHINE,
  CASE_STATUS,
  COVER_MACHINE,
  COVER_STATUS,
  HONOUR_MACHINE,
  HONOUR_STATUS,
  SHOP_MACHINE,
  SHOP_STATUS,
} from './shop';

const at = (status: number | null) => ({ status });

describe('shop transition tables', () => {
  it('a shop is applied for once, modified back to review, decided by staff only from review', () => {
    expect(nextStatus(SHOP_MACHINE, at(null), 'apply', 'company')).toBe(SHOP_STATUS.review);
    expect(nextStatus(SHOP_MACHINE, at(SHOP_STATUS.review), 'apply', 'company')).toBeNull();
    for (const s of [SHOP_STATUS.review, SHOP_STATUS.rejected, SHOP_STATUS.approved])
      expect(nextStatus(SHOP_MACHINE, at(s), 'modify', 'company')).toBe(SHOP_STATUS.review);
    expect(nextStatus(SHOP_MACHINE, at(SHOP_STATUS.review), 'approve', 'staff')).toBe(SHOP_STATUS.approved);
    expect(nextStatus(SHOP_MACHINE, at(SHOP_STATUS.review), 'approve', 'company')).toBeNull();
    expect(nextStatus(SHOP_MACHINE, at(SHOP_STATUS.rejected), 'approve', 'staff')).toBeNull();
    expect(actionsOf(SHOP_MACHINE, at(SHOP_STATUS.none), 'company')).toEqual(['apply']);
  });

  it('the focus image has its five statuses; cases and honours are reviewed once', () => {
    expect(nextStatus(COVER_MACHINE, at(COVER_STATUS.none), 'upload', 'company')).toBe(COVER_STATUS.review);
    expect(nextStatus(COVER_MACHINE, at(COVER_STATUS.review), 'reject', 'staff')).toBe(COVER_STATUS.failed);
    expect(nextStatus(COVER_MACHINE, at(COVER_STATUS.approved), 'delete', 'company')).toBe(COVER_STATUS.deleted);
    expect(actionsOf(COVER_MACHINE, at(COVER_STATUS.none), 'company')).toEqual(['upload']);
    expect(nextStatus(CASE_MACHINE, at(null), 'add', 'company')).toBe(CASE_STATUS.review);
    expect(nextStatus(CASE_MACHINE, at(CASE_STATUS.approved), 'approve', 'staff')).toBeNull();
    expect(nextStatus(CASE_MACHINE, at(CASE_STATUS.deleted), 'delete', 'company')).toBeNull();
    expect(nextStatus(HONOUR_MACHINE, at(HONOUR_STATUS.review), 'approve', 'staff')).toBe(HONOUR_STATUS.approved);
    expect(nextStatus(HONOUR_MACHINE, at(HONOUR_STATUS.approved), 'reject', 'staff')).toBeNull();
  });
});
