import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializerCompiler } from './serialize';

const compile = (schema: z.ZodType) => fastSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' } as never);

describe('response serializer compiled from the zod schema', () => {
  const Row = z.object({ id: z.number().int(), name: z.string().nullable(), tags: z.array(z.string()), o: z.object({ a: z.number() }).nullable(), e: z.enum(['a', 'b']).nullable(), opt: z.string().optional() });
  const S = z.object({ status: z.number(), msg: z.string(), data: z.object({ data: z.array(Row), total: z.number().int() }) });
  const write = compile(S);

  it('writes what the schema declares and drops what it does not (a field added by mistake never leaves)', () => {
    const out = JSON.parse(
      write({ status: 1, msg: 'ok', extra: 1, data: { data: [{ id: 1, name: null, tags: ['x'], o: null, e: null, password_hash: 's' }, { id: 2, name: 'n', tags: [], o: { a: 1, b: 2 }, e: 'a', opt: 'y' }], total: 2 } }),
    );
    expect(out).toEqual({ status: 1, msg: 'ok', data: { data: [{ id: 1, name: null, tags: ['x'], o: null, e: null }, { id: 2, name: 'n', tags: [], o: { a: 1 }, e: 'a', opt: 'y' }], total: 2 } });
  });

  it('refuses a payload without a required field, as zod did', () => {
    expect(() => write({ status: 1, msg: 'ok', data: { data: [{ id: 1 }], total: 1 } })).toThrow();
  });

  it('falls back to zod where JSON Schema cannot say it exactly (a transform)', () => {
    const T = z.object({ n: z.string().transform((s) => s.length) });
    expect(() => compile(T)).not.toThrow();
  });

  it('answers records and unions as zod would', () => {
    const R = z.object({ by: z.record(z.string(), z.number().int()), u: z.union([z.string(), z.number()]) });
    expect(JSON.parse(compile(R)({ by: { '1': 2, '3': 4 }, u: 5 }))).toEqual({ by: { '1': 2, '3': 4 }, u: 5 });
  });
});
