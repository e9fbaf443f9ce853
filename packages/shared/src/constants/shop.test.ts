import { describe, expect, it } from 'vitest';
import { CASE_STATUS, COVER_STATUS, HONOUR_STATUS, SHOP_STATUS, caseNext, coverActions, coverNext, honourNext, latestShopStartDate, shopActions, shopNext } from './shop';

describe('shop transition tables', () => {
  it('a shop is applied for once, modified back to review, decided by staff only from review', () => {
    expect(shopNext(null, 'apply', 'company')).toBe(SHOP_STATUS.review);
    expect(shopNext(SHOP_STATUS.review, 'apply', 'company')).toBeNull();
    for (const s of [SHOP_STATUS.review, SHOP_STATUS.rejected, SHOP_STATUS.approved]) expect(shopNext(s, 'modify', 'company')).toBe(SHOP_STATUS.review);
    expect(shopNext(SHOP_STATUS.review, 'approve', 'staff')).toBe(SHOP_STATUS.approved);
    expect(shopNext(SHOP_STATUS.review, 'approve', 'company')).toBeNull();
    expect(shopNext(SHOP_STATUS.rejected, 'approve', 'staff')).toBeNull();
    expect(shopActions(SHOP_STATUS.none, 'company')).toEqual(['apply']);
  });

  it('the focus image has its five statuses; cases and honours are reviewed once', () => {
    expect(coverNext(COVER_STATUS.none, 'upload', 'company')).toBe(COVER_STATUS.review);
    expect(coverNext(COVER_STATUS.review, 'reject', 'staff')).toBe(COVER_STATUS.failed);
    expect(coverNext(COVER_STATUS.approved, 'delete', 'company')).toBe(COVER_STATUS.deleted);
    expect(coverActions(COVER_STATUS.none, 'company')).toEqual(['upload']);
    expect(caseNext(null, 'add', 'company')).toBe(CASE_STATUS.review);
    expect(caseNext(CASE_STATUS.approved, 'approve', 'staff')).toBeNull();
    expect(caseNext(CASE_STATUS.deleted, 'delete', 'company')).toBeNull();
    expect(honourNext(HONOUR_STATUS.review, 'approve', 'staff')).toBe(HONOUR_STATUS.approved);
    expect(honourNext(HONOUR_STATUS.approved, 'reject', 'staff')).toBeNull();
  });

  it('the start date is at least 10 days before today', () => {
    expect(latestShopStartDate('2026-03-05')).toBe('2026-02-23');
  });
});
