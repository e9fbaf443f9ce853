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

type TRulesOpts = {
  /** maps the form's value to what the request sends (e.g. a dayjs to text) */
  transform?: (v: unknown) => unknown;
  /** the form's own words for an empty field, where they differ from the schema's (a placeholder-like 请输入…) */
  requiredMsg?: string;
};

/**
 * antd rules for one field; the third argument is the transform (the form's value to what the request sends, e.g.
 * a dayjs to text) or the options above.
 */
export function rulesOf(schema: z.ZodObject, name: string, opts?: TRulesOpts | ((v: unknown) => unknown)): Rule[] {
  const { transform, requiredMsg } =
    typeof opts === 'function' ? { transform: opts, requiredMsg: undefined } : (opts ?? {});
  const r = ruleOf(schema, name);
  const rules: Rule[] = [];
  if (r.required) rules.push({ required: true, message: requiredMsg ?? r.requiredMsg });
  rules.push({
    validator: async (_rule, value) => {
      const msg = r.check(transform ? transform(value) : value);
      // an empty value of a required field is the required rule's to report (once): a cleared cascader leaves []
      const empty =
        value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
      if (msg !== null && !(r.required && empty)) throw new Error(msg);
    },
  });
  return rules;
}

/** Props of the input for one field: maxLength and showCount for text, min/max for numbers. */
export function inputProps(
  schema: z.ZodObject,
  name: string,
): { maxLength?: number; showCount?: boolean; min?: number; max?: number } {
  const r = ruleOf(schema, name);
  return {
    ...(r.maxLength !== undefined ? { maxLength: r.maxLength, showCount: r.maxLength > 20 } : {}),
    ...(r.min !== undefined ? { min: r.min } : {}),
    ...(r.max !== undefined ? { max: r.max } : {}),
  };
}

/**
 * The rule of a cascader that must be chosen down to its last level: `depth` is the shared constant of the tree
 * (REGION_DEPTH: province → city → area; CHAIN_DEPTH: category → group → product), `message` the schema's own words.
 */
export function cascaderRules(depth: number, message: string): Rule[] {
  return [{ required: true, type: 'array', len: depth, message }];
}

/**
 * A rule for a field whose check depends on its neighbours (a schema with a refine over the whole request, such as
 * the settlement invoice's special / ordinary fields): the whole request, as `request()` builds it from the form, is
 * parsed and the field shows the schema's first message on its own path.
 */
export function wholeRule(schema: z.ZodType, name: string, request: () => unknown): Rule {
  return {
    validator: async () => {
      const r = schema.safeParse(request());
      const issue = r.success ? null : r.error.issues.find((i) => i.path[0] === name);
      if (issue) throw new Error(issue.message);
    },
  };
}
