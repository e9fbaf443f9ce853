import { describe, expect, it } from 'vitest';
import { z } from '../zod';
import { fieldRule, fieldRules } from './fieldRules';

const S = z.object({
  alias: z.string().trim().max(10, { error: '别名不能超过10个字' }).default(''),
  model: z
    .string({ error: '请输入型号' })
    .trim()
    .min(1, { error: '请输入型号' })
    .max(50, { error: '型号不能超过50个字' }),
  count: z.coerce
    .number({ error: '请输入数量' })
    .int({ error: '数量须为整数' })
    .min(1, { error: '数量至少为1' })
    .max(5, { error: '数量至多为5' }),
  note: z.string().max(3, { error: '太长' }).optional(),
});

describe('fieldRule: a form field rule from the shared schema', () => {
  it('reads required, bounds and the schema messages', () => {
    const r = fieldRules(S);
    expect(r.model).toMatchObject({ required: true, requiredMsg: '请输入型号', minLength: 1, maxLength: 50 });
    expect(r.model.check('')).toBe('请输入型号');
    expect(r.model.check('x'.repeat(51))).toBe('型号不能超过50个字');
    expect(r.model.check('SY215')).toBeNull();
    expect(r.alias).toMatchObject({ required: false, maxLength: 10 });
    expect(r.alias.check('')).toBeNull();
    expect(r.alias.check('一二三四五六七八九十一')).toBe('别名不能超过10个字');
    expect(r.count).toMatchObject({ required: true, min: 1, max: 5 });
    expect(r.count.check('6')).toBe('数量至多为5');
    expect(r.count.check('2.5')).toBe('数量须为整数');
    expect(r.note.check(undefined)).toBeNull();
    expect(r.note.check('abcd')).toBe('太长');
  });
  it('refuses a field the schema does not have', () => {
    expect(() => fieldRule(S, 'nope')).toThrow();
  });
});
