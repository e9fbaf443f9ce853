import { createRequire } from 'node:module';

/**
 * Two per-query costs of node-postgres (pg 8) that showed at the top of the JavaScript in the profile of a list call
 * (npm run bench:profile: about 15 µs and 9 µs of a request of some 280 µs), taken out where they do nothing for us:
 *
 * - `normalizeQueryConfig` copies every query's config object through its property descriptors
 *   (`Object.getOwnPropertyDescriptors` + `Object.defineProperties`, so that a config of a class keeps its prototype
 *   and accessors). The app's configs are plain objects of plain values (text, name, values, rowMode, types): for
 *   those a plain copy is the same object; anything else goes the original way.
 * - `Result.addFields`, on each statement's row description, also builds the empty object each row of object rows is
 *   copied from (a null-prototype object written key by key, then spread). Rows read as arrays (every Drizzle select,
 *   db/prepared.ts) never use it: for them only the fields and their parsers are set, as the original sets them.
 *
 * Applied once, to the pg the app loads, and only to the major version these lines were written against.
 */
type TConfig = Record<string, unknown>;
type TNormalize = (config: unknown, values?: unknown, callback?: unknown) => TConfig;
type TField = { dataTypeID: number; format?: string };
type TTypes = { getTypeParser: (oid: number, format: string) => unknown };
interface TResult {
  rowAsArray: boolean;
  fields: TField[];
  _parsers: unknown[] | undefined;
  _types: TTypes | undefined;
}

let tuned = false;

export function tunePg(): boolean {
  if (tuned) return true;
  const require = createRequire(import.meta.url);
  const { version } = require('pg/package.json') as { version: string };
  if (!version.startsWith('8.')) return false;
  const utils = require('pg/lib/utils') as { normalizeQueryConfig: TNormalize };
  const Result = require('pg/lib/result') as { prototype: TResult & { addFields: (fields: TField[]) => void } };
  const pgTypes = require('pg-types') as TTypes;
  if (typeof utils.normalizeQueryConfig !== 'function' || typeof Result.prototype.addFields !== 'function') return false;

  const normalize = utils.normalizeQueryConfig;
  utils.normalizeQueryConfig = function plainNormalize(config, values, callback) {
    if (!config || typeof config !== 'object' || Object.getPrototypeOf(config) !== Object.prototype) return normalize(config, values, callback);
    const c: TConfig = { ...(config as TConfig) };
    if (values) {
      if (typeof values === 'function') c.callback = values;
      else c.values = values;
    }
    if (callback) c.callback = callback;
    return c;
  };

  const addFields = Result.prototype.addFields;
  Result.prototype.addFields = function arrayAddFields(this: TResult, fields: TField[]) {
    if (!this.rowAsArray) return addFields.call(this, fields);
    this.fields = fields;
    const types = this._types ?? pgTypes;
    const parsers = new Array(fields.length);
    for (let i = 0; i < fields.length; i++) parsers[i] = types.getTypeParser(fields[i].dataTypeID, fields[i].format || 'text');
    if (fields.length) this._parsers = parsers;
  };
  tuned = true;
  return true;
}
