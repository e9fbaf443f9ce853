import { describe, expect, it } from 'vitest';
import { actionsOf, nextStatus } from '../rules/machine';
import {
  isSealInReview,
  isSealUsable,
  SEAL_MACHINE,
  SEAL_RETURNED,
  SEAL_RETURNS,
  SEAL_STATUS,
  SEAL_STATUS_TEXT,
  sealReturnAction,
} from './seal';

const sealNext = (
  status: number | null,
  action: 'submit' | 'approve' | 'returnImage' | 'returnInfo',
  who: 'company' | 'staff',
) => nextStatus(SEAL_MACHINE, { status }, action, who);
import { ZAdminSealQuery, ZSealReject } from '../schemas/seal';

describe('seal status as a transition table (spec/1 §4)', () => {
  it('a company submits a new seal for review; staff pass it or return it for the image or the details, once', () => {
    expect(SEAL_STATUS).toEqual({ review: 1000, passed: 1001, imageReturned: 1002, infoReturned: 1003 });
    expect(sealNext(null, 'submit', 'company')).toBe(1000);
    expect(sealNext(1000, 'approve', 'staff')).toBe(1001);
    expect(sealNext(1000, 'returnImage', 'staff')).toBe(1002);
    expect(sealNext(1000, 'returnInfo', 'staff')).toBe(1003);
    // decided seals are final; a company never decides; staff never submit
    for (const from of [1001, 1002, 1003])
      for (const a of ['approve', 'returnImage', 'returnInfo'] as const) expect(sealNext(from, a, 'staff')).toBeNull();
    expect(sealNext(1000, 'approve', 'company')).toBeNull();
    expect(sealNext(null, 'submit', 'staff')).toBeNull();
    expect(sealNext(1000, 'submit', 'company')).toBeNull();
    // every status reached by the table has a label
    for (const t of SEAL_MACHINE.rows) expect(SEAL_STATUS_TEXT[t.to as number]).toBeTruthy();
  });

  it('the kinds of return, the review queue actions and usability come from the table', () => {
    expect(SEAL_RETURNS).toEqual([
      { action: 'returnImage', status: 1002 },
      { action: 'returnInfo', status: 1003 },
    ]);
    expect(SEAL_RETURNED).toEqual([1002, 1003]);
    expect(sealReturnAction(1003)).toBe('returnInfo');
    expect(sealReturnAction(1001)).toBeNull();
    expect(actionsOf(SEAL_MACHINE, { status: 1000 }, 'staff')).toEqual(['approve', 'returnImage', 'returnInfo']);
    expect(actionsOf(SEAL_MACHINE, { status: 1001 }, 'staff')).toEqual([]);
    expect([1000, 1001, 1002, 1003].map(isSealInReview)).toEqual([true, false, false, false]);
    expect([1000, 1001, 1002, 1003].map(isSealUsable)).toEqual([false, true, false, false]);
  });

  it('the reject body takes only a kind of return (1002 by default); the queue only known statuses', () => {
    expect(ZSealReject.parse({ reason: '不清晰' })).toEqual({ status: 1002, reason: '不清晰' });
    expect(ZSealReject.parse({ status: '1003', reason: '不符' }).status).toBe(1003);
    for (const status of [1000, 1001, 1004]) {
      const r = ZSealReject.safeParse({ status, reason: 'x' });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('请选择退回类型');
    }
    expect(ZAdminSealQuery.parse({}).status).toBe(1000);
    expect(ZAdminSealQuery.safeParse({ status: 999 }).success).toBe(false);
  });
});
