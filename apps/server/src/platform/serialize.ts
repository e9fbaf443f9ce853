import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses are written by a serializer compiled once per route from the route's zod response schema (converted to
 * JSON Schema, then fast-json-stringify), instead of zod encoding the whole payload and JSON.stringify walking it again
 * on every call (bench:profile: zod and the type provider were about a tenth of a list call's CPU). The guarantee that
 * matters stays: only the properties the schema declares leave the server (a `z.object` is closed, so a field a
 * handler adds by mistake is dropped, as zod's encoding dropped it), and a missing required field fails the response.
 * A schema the converter cannot express exactly falls back to the zod serializer.
 */

type TJson = Record<string, unknown>;

/**
 * zod writes `x.nullable()` as `anyOf: [x, {type: 'null'}]`; fast-json-stringify picks an anyOf branch by validating
 * the value against each (slow), while `type: [t, 'null']` is a direct check. Merge where the branch has one type.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: TJson = {};
  for (const [k, v] of Object.entries(node as TJson)) {
    if (k === 'properties' && v && typeof v === 'object')
      out[k] = Object.fromEntries(Object.entries(v as TJson).map(([p, s]) => [p, simplify(s)]));
    else out[k] = simplify(v);
  }
  const anyOf = out.anyOf as TJson[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIdx = anyOf.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullIdx];
    if (
      nullIdx >= 0 &&
      other &&
      typeof other.type === 'string' &&
      other.type !== 'null' &&
      !('anyOf' in other) &&
      !('enum' in other) &&
      !('const' in other)
    ) {
      delete out.anyOf;
      Object.assign(out, other, { type: [other.type, 'null'] });
    }
  }
  return out;
}

/** Whether the JSON Schema holds a part zod could not express (`{}` from a transform) below the root. */
function exact(schema: z.ZodType): boolean {
  let ok = true;
  z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: (ctx) => {
      const t = ctx.zodSchema._zod.def.type;
      if (
        t === 'transform' ||
        t === 'custom' ||
        t === 'any' ||
        t === 'unknown' ||
        t === 'date' ||
        t === 'bigint' ||
        t === 'map' ||
        t === 'set'
      )
        ok = false;
    },
  });
  return ok;
}

/** The routes answered through zod's serializer instead (method, address, status): a test keeps this list known. */
export const zodSerialized = new Set<string>();

export const fastSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema;
  const fallback = () => {
    zodSerialized.add(`${route.method} ${route.url} ${route.httpStatus}`);
    return zodSerializer(route);
  };
  if (!(schema instanceof z.ZodType) || !exact(schema)) return fallback();
  try {
    // a recursive schema (the menu trees) becomes a definition that refers to itself, which fast-json-stringify follows
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', cycles: 'ref', reused: 'inline' }) as TJson;
    delete json.$schema;
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return fallback();
  }
};
