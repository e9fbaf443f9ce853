import { common } from '../messages/common';
import { fmt } from '../messages/fmt';
import { shanghaiDay } from './datetime';

/**
 * The one date rule of spec/1 §5 and spec/2 §5: a manufacture date, a shop's start date, a company's founding date, a
 * contract's date and a settlement's date must not be later than about 10 days before today. Read one way for all
 * five: the latest allowed day is today (Asia/Shanghai) minus PAST_DATE_MIN_AGE_DAYS, any day up to it passes.
 */
export const PAST_DATE_MIN_AGE_DAYS = 10;

/** The latest allowed day, yyyy-MM-dd: today in Asia/Shanghai minus 10 days. */
export function latestPastDate(now = Date.now()): string {
  return shanghaiDay(-PAST_DATE_MIN_AGE_DAYS, now);
}

/** The one message of the rule: '{field}不能晚于{date}', the field's name from its module's messages. */
export function pastDateLate(field: string, latest = latestPastDate()): string {
  return fmt(common.dateLate, { field, date: latest });
}

/** The message when `day` (yyyy-MM-dd) is later than the latest allowed day, else null. */
export function checkPastDate(day: string, field: string, now = Date.now()): string | null {
  const latest = latestPastDate(now);
  return day > latest ? pastDateLate(field, latest) : null;
}
