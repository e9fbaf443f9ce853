import { z } from 'zod';
import { common as msg_common } from './messages/common';
import { input as msg_input } from './messages/input';
import { fmt } from './messages/fmt';

const M = { common: msg_common, input: msg_input } as const;

/**
 * zod with the catalogue as its last word: zod's own defaults are English ("Invalid input: expected object, received
 * array"), so every issue whose schema or check gives no message of its own gets a Chinese one here. A schema's
 * `{ error: '…' }` still wins (zod asks the check, then its schema, then the parse, and only then this global map).
 * Schemas of the shared package import `z` from this file, so the map is in place wherever a schema is loaded: on the
 * server (validation of every route) and in the web app (forms). The server also imports it at start.
 */
export function catalogueError(iss: z.core.$ZodRawIssue): string {
  switch (iss.code) {
    case 'invalid_type': {
      if (iss.input === undefined) return M.common.required;
      switch (iss.expected) {
        case 'object':
        case 'record':
        case 'map':
          return M.input.typeObject;
        case 'array':
        case 'tuple':
        case 'set':
          return M.input.typeArray;
        case 'string':
          return M.input.typeString;
        case 'int':
          return typeof iss.input === 'number' && Number.isFinite(iss.input) ? M.input.typeInteger : M.input.typeNumber;
        case 'number':
        case 'bigint':
        case 'nan':
          return M.input.typeNumber;
        case 'boolean':
          return M.input.typeBoolean;
        case 'date':
          return M.input.typeDate;
        default:
          return M.common.validation;
      }
    }
    case 'too_big': {
      const n = Number(iss.maximum);
      if (iss.origin === 'string') return fmt(M.input.textTooLong, { n });
      if (iss.origin === 'array' || iss.origin === 'set') return fmt(M.input.tooManyItems, { n });
      return M.input.outOfRange;
    }
    case 'too_small': {
      const n = Number(iss.minimum);
      if (iss.origin === 'string') return n <= 1 ? M.common.required : fmt(M.input.textTooShort, { n });
      if (iss.origin === 'array' || iss.origin === 'set') return fmt(M.input.tooFewItems, { n: Math.max(n, 1) });
      return M.input.outOfRange;
    }
    case 'not_multiple_of':
      return M.input.outOfRange;
    case 'invalid_format':
      return M.input.badFormat;
    case 'invalid_value':
      return M.input.badOption;
    case 'unrecognized_keys':
      return M.input.unknownKeys;
    default:
      // invalid_union, invalid_key, invalid_element, custom
      return M.common.validation;
  }
}

// In a browser, jitless parsing: zod compiles a fast parser per object schema with `new Function`, after probing whether
// it may; the pages' Content-Security-Policy allows no eval (README § Security), and the probe alone is reported as a
// violation. The forms parse a few small objects, where the compiled parser saves nothing a person could notice. Set
// here, where every schema of the web app gets its zod, so that no first load carries zod for it. The server keeps JIT.
z.config({ customError: catalogueError, ...(typeof window === 'undefined' ? {} : { jitless: true }) });

export { z };
