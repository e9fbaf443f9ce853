import { describe, expect, it } from 'vitest';
import { common } from '../messages/common';
import { BIDDING_LIMITS } from '../constants/bidding';
import { ORDER_LIMITS } from '../constants/order';
import { MACHINE_LIMITS } from '../constants/machine';
import { SETTLE_LIMITS } from '../constants/settle';
import { bpToPercentText, fenToYuanPlain, fenToYuanText, mulDivRound, taxInclusiveFen } from '../rules/money';
import { AMOUNT_MAX_FEN, PRICE_MAX_FEN, TOTAL_MAX_FEN, moneyTooLarge, zYuan } from './money';
import { ZOfferLineSave } from './offer';
import { ZOrderLineSave } from './order';
import { ZSettleSave } from './settle';
import { ZListingSave } from './equipment';

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('money typed by a person (schemas/money.ts)', () => {
  const price = zYuan({ required: '请输入', bad: '格式不对', max: PRICE_MAX_FEN });
  it('reads yuan as fen up to its ceiling and refuses above it with the ceiling in the message', () => {
    expect(price.parse('10000000.00')).toBe(PRICE_MAX_FEN);
    expect(price.parse('10,000,000')).toBe(PRICE_MAX_FEN);
    expect(price.parse(0.1)).toBe(10);
    expect(price.parse('0')).toBe(0);
    expect(moneyTooLarge(PRICE_MAX_FEN)).toBe('金额不能超过10,000,000.00元');
    expect(issues(price.safeParse('10000000.01'))).toEqual([moneyTooLarge(PRICE_MAX_FEN)]);
    expect(issues(price.safeParse('21474836.47'))).toEqual([moneyTooLarge(PRICE_MAX_FEN)]);
    expect(issues(price.safeParse('9'.repeat(400)))).toEqual([moneyTooLarge(PRICE_MAX_FEN)]);
    expect(issues(price.safeParse(''))).toEqual(['请输入']);
    for (const bad of ['-1', '1.234', 'abc', '1e9', 'Infinity', 'NaN', 1e21])
      expect(issues(price.safeParse(bad)), String(bad)).toEqual(['格式不对']);
    const whole = zYuan({ required: '请输入', bad: '格式不对', max: PRICE_MAX_FEN, whole: true });
    expect(whole.parse('10000000')).toBe(PRICE_MAX_FEN);
    expect(issues(whole.safeParse('10000001'))).toEqual([moneyTooLarge(PRICE_MAX_FEN)]);
    expect(issues(whole.safeParse('1.5'))).toEqual(['格式不对']);
    const positive = zYuan({ required: '请输入', bad: '格式不对', min: 1, max: AMOUNT_MAX_FEN });
    expect(issues(positive.safeParse('0'))).toEqual(['格式不对']);
    expect(positive.parse('100000000')).toBe(AMOUNT_MAX_FEN);
    expect(issues(positive.safeParse('100000000.01'))).toEqual([moneyTooLarge(AMOUNT_MAX_FEN)]);
  });

  it('each money field of the forms states its ceiling', () => {
    const line = { rid: 1, rate: 13, num: 1 };
    expect(ZOfferLineSave.parse({ ...line, price: '10000000', inout_price: '10000000' })).toMatchObject({
      price: PRICE_MAX_FEN,
      inout_price: PRICE_MAX_FEN,
    });
    expect(issues(ZOfferLineSave.safeParse({ ...line, price: '21474836.47' }))).toEqual([moneyTooLarge(PRICE_MAX_FEN)]);
    expect(issues(ZOfferLineSave.safeParse({ ...line, price: '1', inout_price: '10000001' }))).toEqual([
      moneyTooLarge(PRICE_MAX_FEN),
    ]);
    const orderLine = { id: 1, num: 1, rate: 13, enter_date: '2026-01-01' };
    expect(ZOrderLineSave.parse({ ...orderLine, price: '10000000.00' }).price).toBe(PRICE_MAX_FEN);
    expect(issues(ZOrderLineSave.safeParse({ ...orderLine, price: '10000000.01' }))).toEqual([
      moneyTooLarge(PRICE_MAX_FEN),
    ]);
    const settle = ZSettleSave.shape.tax_total;
    expect(settle.parse('100000000.00')).toBe(AMOUNT_MAX_FEN);
    expect(issues(settle.safeParse('100000000.01'))).toEqual([moneyTooLarge(AMOUNT_MAX_FEN)]);
    const rent = ZListingSave.shape.monthly_rent;
    expect(rent.parse('10000000')).toBe(PRICE_MAX_FEN);
    expect(issues(rent.safeParse('10000000.01'))).toEqual([moneyTooLarge(PRICE_MAX_FEN)]);
    expect(common.moneyTooLarge).toContain('{max}');
  });

  it('nothing computed from money at the ceilings leaves the safe integers', () => {
    // a quote's line at the highest price, rate, quantity and entry/exit fee; a quote's total is held to TOTAL_MAX_FEN
    // (offer.service), and the totals of a project's quotes stay safe
    const taxTotal = taxInclusiveFen(PRICE_MAX_FEN, ORDER_LIMITS.rateMax);
    expect(Number.isSafeInteger(taxTotal * BIDDING_LIMITS.numMax + PRICE_MAX_FEN)).toBe(true);
    expect(Number.isSafeInteger(TOTAL_MAX_FEN * BIDDING_LIMITS.linesMax)).toBe(true);
    // an order: every line at the highest price, rate and number
    expect(Number.isSafeInteger((taxTotal * ORDER_LIMITS.numMax + PRICE_MAX_FEN) * BIDDING_LIMITS.linesMax)).toBe(true);
    // an invoice's tax-inclusive amount, a settlement's service fee (basis points)
    expect(Number.isSafeInteger(AMOUNT_MAX_FEN * (100 + 100))).toBe(true);
    expect(Number.isSafeInteger(AMOUNT_MAX_FEN * 10_000)).toBe(true);
    // a settlement draft by the hour: the product is beyond the safe integers, so it is taken exactly
    const tenths = MACHINE_LIMITS.hoursMax * 10;
    expect(Number.isSafeInteger(taxTotal * tenths)).toBe(false);
    expect(mulDivRound(taxTotal, tenths, 10)).toBe(taxTotal * MACHINE_LIMITS.hoursMax);
    expect(mulDivRound(5, 1, 10)).toBe(1);
    expect(mulDivRound(4, 1, 10)).toBe(0);
    expect(mulDivRound(-5, 1, 10)).toBe(-1);
    expect(SETTLE_LIMITS.amountMax * 100).toBe(AMOUNT_MAX_FEN);
  });
});

describe('money as text (rules/money.ts)', () => {
  it('writes fen as yuan, grouped for display and plain for a form, as (fen / 100).toFixed(2) did', () => {
    expect(fenToYuanText(123_456_789)).toBe('1,234,567.89');
    expect(fenToYuanPlain(123_456_789)).toBe('1234567.89');
    for (const fen of [0, 1, 5, 99, 100, 1005, -150, -5, 987_654_321, TOTAL_MAX_FEN])
      expect(fenToYuanPlain(fen)).toBe((fen / 100).toFixed(2));
    expect(fenToYuanPlain(null)).toBe('0.00');
  });

  it('writes basis points as a percentage', () => {
    expect(bpToPercentText(200)).toBe('2.00%');
    expect(bpToPercentText(1)).toBe('0.01%');
  });
});
