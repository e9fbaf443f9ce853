import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { tunePg } from './pg-tuning';

/** db/pg-tuning.ts: the same results as pg's own functions, on the shapes it takes over, and pg's own way elsewhere. */
const require = createRequire(import.meta.url);
const fields = [
  { name: 'id', dataTypeID: 23, format: 'text' },
  { name: 'at', dataTypeID: 1184, format: 'text' },
  { name: 'n', dataTypeID: 20, format: 'text' },
];

describe('pg tuning', () => {
  it('a plain config is copied, not shared; values and a callback are set as pg sets them; a class instance keeps its prototype', () => {
    const utils = require('pg/lib/utils') as { normalizeQueryConfig: (c: unknown, v?: unknown, cb?: unknown) => Record<string, unknown> };
    const cfg = { text: 'select $1', name: 'q', rowMode: 'array', types: { getTypeParser: () => (v: string) => v } };
    // (another file of the worker may have tuned pg already, by opening a PostgreSQL database)
    expect(tunePg()).toBe(true);
    expect(utils.normalizeQueryConfig.name).toBe('plainNormalize');
    const tuned = utils.normalizeQueryConfig(cfg, [1]);
    expect(tuned).toEqual({ ...cfg, values: [1] });
    expect(tuned.types).toBe(cfg.types);
    expect(tuned).not.toBe(cfg);
    expect(cfg).not.toHaveProperty('values');
    const cb = () => undefined;
    expect(utils.normalizeQueryConfig({ text: 'x' }, cb)).toEqual({ text: 'x', callback: cb });
    expect(utils.normalizeQueryConfig('select 1')).toEqual({ text: 'select 1' });
    class Q {
      text = 'select 2';
      get name() {
        return 'named';
      }
    }
    const q = utils.normalizeQueryConfig(new Q());
    expect(q).toBeInstanceOf(Q);
    expect(q.name).toBe('named');
  });

  it('rows as arrays get the same fields and parsers as pg gives them; object rows go pg’s own way', () => {
    tunePg();
    const Result = require('pg/lib/result') as new (rowMode?: string, types?: unknown) => { addFields: (f: unknown[]) => void; parseRow: (r: unknown[]) => unknown; fields: unknown[]; _parsers: unknown[] };
    const raw = (v: string) => v;
    const types = { getTypeParser: (oid: number) => (oid === 1184 ? raw : (v: string) => Number(v)) };
    const a = new Result('array', types);
    a.addFields(fields);
    expect(a.fields).toBe(fields);
    expect(a.parseRow(['7', '2026-11-28 03:00:00+00', '9007199254740993'])).toEqual([7, '2026-11-28 03:00:00+00', 9007199254740992]);
    const o = new Result(undefined, types);
    o.addFields(fields);
    expect(o.parseRow(['7', null, '3'])).toEqual({ id: 7, at: null, n: 3 });
    // without types of its own, pg's: an int8 stays text, a timestamp becomes a Date
    const d = new Result('array');
    d.addFields(fields);
    const [id, at, n] = d.parseRow(['7', '2026-11-28 03:00:00+00', '12']) as unknown[];
    expect([id, n]).toEqual([7, '12']);
    expect(at).toBeInstanceOf(Date);
  });
});
