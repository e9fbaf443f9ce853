import type { z } from '../zod';

/**
 * What a form needs to know of one field of a shared request schema (ARCHITECTURE § Web app: a limit is written
 * once, in the schema): whether it is required and with which message, its length or value bounds for the input's
 * own limits (maxLength, min/max of a number input), and a check that answers the schema's own message. The web
 * app's ui/formRules.ts turns this into antd rules; nothing here knows antd.
 */
export interface TFieldRule {
  required: boolean;
  /** the schema's message for an empty value */
  requiredMsg: string;
  /** string length bounds */
  minLength?: number;
  maxLength?: number;
  /** number bounds */
  min?: number;
  max?: number;
  /** null when the value passes the field's schema, else the schema's first message */
  check: (value: unknown) => string | null;
}

type TAnySchema = z.ZodType & {
  _zod: {
    def: {
      type: string;
      innerType?: TAnySchema;
      schema?: TAnySchema;
      in?: TAnySchema;
      checks?: { _zod: { def: Record<string, unknown> } }[];
    };
  };
};

/** The schema under optional / default / nullable / pipe wrappers, where the checks live. */
function core(s: TAnySchema): TAnySchema {
  let cur = s;
  for (let i = 0; i < 10; i++) {
    const d = cur._zod.def;
    const next = d.innerType ?? (d.type === 'pipe' ? d.in : undefined);
    if (!next) break;
    cur = next;
  }
  return cur;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function fieldRule(schema: z.ZodObject, name: string): TFieldRule {
  const field = (schema.shape as Record<string, TAnySchema>)[name];
  if (!field) throw new Error(`fieldRule: the schema has no field ${name}`);
  const first = (v: unknown): string | null => {
    const r = field.safeParse(v);
    return r.success ? null : (r.error.issues[0]?.message ?? '');
  };
  // required when an empty value fails: what the schema says of '' (or of nothing, for non-text fields)
  const emptyMsg = first(undefined) ?? first('');
  const out: TFieldRule = {
    required: emptyMsg !== null,
    requiredMsg: emptyMsg ?? '',
    check: (v) => (isEmpty(v) && emptyMsg === null ? null : first(v)),
  };
  for (const c of core(field)._zod.def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'max_length') out.maxLength = d.maximum as number;
    else if (d.check === 'min_length') out.minLength = d.minimum as number;
    else if (d.check === 'less_than') out.max = d.value as number;
    else if (d.check === 'greater_than') out.min = d.value as number;
  }
  return out;
}

/** fieldRule for every field of a schema. @internal: only tests call it; the web app asks fieldRule per field. */
export function fieldRules<S extends z.ZodObject>(schema: S): Record<keyof S['shape'] & string, TFieldRule> {
  return Object.fromEntries(Object.keys(schema.shape).map((k) => [k, fieldRule(schema, k)])) as Record<
    keyof S['shape'] & string,
    TFieldRule
  >;
}
