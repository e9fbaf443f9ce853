import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializerCompiler, zodSerialized } from './serialize';

const compile = (schema: z.ZodType) =>
  fastSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' } as never);

describe('response serializer compiled from the zod schema', () => {
  const Row = z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    tags: z.array(z.string()),
    o: z.object({ a: z.number() }).nullable(),
    e: z.enum(['a', 'b']).nullable(),
    opt: z.string().optional(),
  });
  const S = z.object({
    status: z.number(),
    msg: z.string(),
    data: z.object({ data: z.array(Row), total: z.number().int() }),
  });
  const write = compile(S);

  it('writes what the schema declares and drops what it does not (a field added by mistake never leaves)', () => {
    const out = JSON.parse(
      write({
        status: 1,
        msg: 'ok',
        extra: 1,
        data: {
          data: [
            { id: 1, name: null, tags: ['x'], o: null, e: null, password_hash: 's' },
            { id: 2, name: 'n', tags: [], o: { a: 1, b: 2 }, e: 'a', opt: 'y' },
          ],
          total: 2,
        },
      }),
    );
    expect(out).toEqual({
      status: 1,
      msg: 'ok',
      data: {
        data: [
          { id: 1, name: null, tags: ['x'], o: null, e: null },
          { id: 2, name: 'n', tags: [], o: { a: 1 }, e: 'a', opt: 'y' },
        ],
        total: 2,
      },
    });
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

describe('which routes fall back to zod', () => {
  it('a recursive schema (a menu tree) is compiled too, and drops undeclared fields at every depth', () => {
    interface TNode {
      id: number;
      name: string;
      child: TNode[];
    }
    const Node: z.ZodType<TNode> = z.lazy(() =>
      z.object({ id: z.number().int(), name: z.string(), child: z.array(Node) }),
    );
    const before = zodSerialized.size;
    const write = compile(z.object({ status: z.number(), data: z.array(Node) }));
    expect(zodSerialized.size).toBe(before);
    const tree = {
      status: 1,
      data: [
        {
          id: 1,
          name: 'a',
          x: 1,
          child: [{ id: 2, name: 'b', child: [{ id: 3, name: 'c', secret: 's', child: [] }] }],
        },
      ],
    };
    expect(JSON.parse(write(tree))).toEqual({
      status: 1,
      data: [{ id: 1, name: 'a', child: [{ id: 2, name: 'b', child: [{ id: 3, name: 'c', child: [] }] }] }],
    });
    expect(() => write({ status: 1, data: [{ id: 1, name: 'a', child: [{ id: 2, child: [] }] }] })).toThrow();
  });

  it('every route of the app is compiled (a schema part JSON Schema cannot say, z.custom say, would fall back to zod)', async () => {
    const { createTestApp } = await import('../test/harness');
    const t = await createTestApp();
    try {
      // the response serializers are compiled at ready, one per route and status
      await t.app.ready();
      expect([...zodSerialized].filter((r) => r.includes(' /api/'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
