import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { fieldRule, type TFieldRule } from '@jizu/shared/rules/fieldRules';

/**
 * The adapter of ARCHITECTURE § Web app: antd rules for a form field, derived from the shared request schema, so a
 * page holds no limit literal of its own. `rulesOf(ZListingSave, 'model')` gives the required mark with the schema's
 * message and a validator that answers the schema's own message; `inputProps` gives maxLength (and min/max) for
 * the input itself. Results are cached per schema and field.
 */
const cache = new WeakMap<object, Map<string, TFieldRule>>();

export function ruleOf(schema: z.ZodObject, name: string): TFieldRule {
  let m = cache.get(schema);
  if (!m) cache.set(schema, (m = new Map()));
  let r = m.get(name);
  if (!r) m.set(name, (r = fieldRule(schema as never, name)));
  return r;
}

/** antd rules for one field; `transform` maps the form's value to what the request sends (e.g. a dayjs to text). */
export function rulesOf(schema: z.ZodObject, name: string, transform?: (v: unknown) => unknown): Rule[] {
  const r = ruleOf(schema, name);
  const rules: Rule[] = [];
  if (r.required) rules.push({ required: true, message: r.requiredMsg });
  rules.push({
    validator: async (_rule, value) => {
      const msg = r.check(transform ? transform(value) : value);
      // an empty value of a required field is the required rule's to report (once): a cleared cascader leaves []
      const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
      if (msg !== null && !(r.required && empty)) throw new Error(msg);
    },
  });
  return rules;
}

/** Props of the input for one field: maxLength and showCount for text, min/max for numbers. */
export function inputProps(schema: z.ZodObject, name: string): { maxLength?: number; showCount?: boolean; min?: number; max?: number } {
  const r = ruleOf(schema, name);
  return {
    ...(r.maxLength !== undefined ? { maxLength: r.maxLength, showCount: r.maxLength > 20 } : {}),
    ...(r.min !== undefined ? { min: r.min } : {}),
    ...(r.max !== undefined ? { max: r.max } : {}),
  };
}
