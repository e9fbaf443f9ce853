import { describe, expect, it } from 'vitest';
import { checkPastDate, latestPastDate, pastDateLate } from './pastDate';

describe('the date rule: not later than about 10 days before today (spec/1 §5, spec/2 §5)', () => {
  // 2026-03-05 00:30 in Shanghai is still 2026-03-04 in UTC: the day counts in Shanghai.
  const now = Date.parse('2026-03-04T16:30:00Z');

  it('the latest allowed day is today in Shanghai minus 10 days', () => {
    expect(latestPastDate(now)).toBe('2026-02-23');
  });

  it('passes that day and any earlier one, refuses the next with the one message', () => {
    expect(checkPastDate('2026-02-23', '合同日期', now)).toBeNull();
    expect(checkPastDate('2001-01-01', '结算日期', now)).toBeNull();
    expect(checkPastDate('2026-02-24', '合同日期', now)).toBe('合同日期不能晚于2026-02-23');
    expect(checkPastDate('2026-03-05', '出厂日期', now)).toBe('出厂日期不能晚于2026-02-23');
    expect(pastDateLate('成立日期', '2026-02-23')).toBe('成立日期不能晚于2026-02-23');
  });
});
