import { describe, expect, it } from 'vitest';
import { z } from './zod';
import { common as msg_common } from './messages/common';
import { input as msg_input } from './messages/input';
import { INT4_MAX, zCompanyScoped, zId, zPageQuery } from './schemas/common';
import { ZMessageDel } from './schemas/message';
import { ZAdminPlanSave } from './schemas/payment';
import { ZConvertBody, ZLedgerQuery } from './schemas/points';

const M = { common: msg_common, input: msg_input } as const;

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);
const HAN = /[\u4e00-\u9fff]/;

describe('zod issues in Chinese from the catalogue', () => {
  it('gives every kind of issue a catalogue message when its schema has none', () => {
    const cases: [z.ZodType, unknown, string][] = [
      [z.object({ a: z.string() }), [], M.input.typeObject],
      [z.object({ a: z.string() }), null, M.input.typeObject],
      [z.object({ a: z.string() }), {}, M.common.required],
      [z.array(z.string()), 'x', M.input.typeArray],
      [z.string(), 1, M.input.typeString],
      [z.number(), 'x', M.input.typeNumber],
      [z.number(), Number.NaN, M.input.typeNumber],
      [z.number().int(), 1.5, M.input.typeInteger],
      [z.boolean(), 'x', M.input.typeBoolean],
      [z.record(z.string(), z.unknown()), [], M.input.typeObject],
      [z.number().max(1), 2, M.input.outOfRange],
      [z.number().int(), 2 ** 53, M.input.outOfRange],
      [z.number().min(0), -1, M.input.outOfRange],
      [z.string().max(3), 'abcd', '内容不能超过3个字'],
      [z.string().min(1), '', M.common.required],
      [z.string().min(4), 'ab', '内容不能少于4个字'],
      [z.array(z.string()).max(1), ['a', 'b'], '最多选择1项'],
      [z.array(z.string()).min(2), ['a'], '请至少选择2项'],
      [z.string().regex(/^\d+$/), 'x', M.input.badFormat],
      [z.enum(['A', 'B']), 'C', M.input.badOption],
      [z.literal(1), 2, M.input.badOption],
      [z.strictObject({}), { x: 1 }, M.input.unknownKeys],
      [z.union([z.string(), z.number()]), null, M.common.validation],
      [z.number().multipleOf(5), 3, M.input.outOfRange],
    ];
    for (const [schema, input, msg] of cases)
      expect(messages(schema.safeParse(input))[0], JSON.stringify(input)).toBe(msg);
  });

  it('keeps a schema message of its own ahead of the catalogue', () => {
    expect(messages(z.string({ error: '请输入名称' }).safeParse(1))).toEqual(['请输入名称']);
    expect(messages(z.string().max(2, { error: '名称太长' }).safeParse('abc'))).toEqual(['名称太长']);
    // a check without a message takes its schema's
    expect(messages(z.string({ error: '请输入名称' }).max(2).safeParse('abc'))).toEqual(['请输入名称']);
  });

  it('never lets an English default through the shared schemas', () => {
    for (const input of [
      [],
      1,
      'x',
      null,
      true,
      { id: [] },
      { id: {} },
      { benefits: 'x' },
      { page: 'NaN' },
      { gold: [], ratio: {}, peas: null },
    ]) {
      for (const schema of [ZMessageDel, ZAdminPlanSave, ZLedgerQuery, ZConvertBody, zPageQuery(5), zCompanyScoped]) {
        for (const m of messages(schema.safeParse(input))) expect(m, `${JSON.stringify(input)} → ${m}`).toMatch(HAN);
      }
    }
  });
});

describe('the one id schema', () => {
  it('takes a positive integer that fits PostgreSQL integer, from JSON or a query string', () => {
    for (const ok of [1, '1', INT4_MAX, String(INT4_MAX)]) expect(zId.safeParse(ok).success, String(ok)).toBe(true);
    expect(zId.parse('42')).toBe(42);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 9007199254740992, 'NaN', 'abc', '', ' ', '1.5', Infinity, {}, null]) {
      expect([...new Set(messages(zId.safeParse(bad)))], String(bad)).toEqual([M.common.validation]);
    }
    expect([...new Set(messages(zCompanyScoped.safeParse({ company_id: '9007199254740992' })))]).toEqual([
      M.common.validation,
    ]);
  });

  it('bounds page and size, and the ledger query company_id', () => {
    expect(zPageQuery(5).safeParse({ page: String(INT4_MAX + 1) }).success).toBe(false);
    expect(zPageQuery(5).safeParse({ size: '101' }).success).toBe(false);
    expect(zPageQuery(5).parse({})).toEqual({ page: 1, size: 5 });
    expect(ZLedgerQuery.safeParse({ company_id: '2147483648' }).success).toBe(false);
    expect(ZConvertBody.safeParse({ gold: 1, ratio: 10, peas: 10, company_id: 2 ** 31 }).success).toBe(false);
  });
});
