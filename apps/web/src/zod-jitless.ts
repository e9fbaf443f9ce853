import { config } from 'zod';

/**
 * zod 4 compiles a fast parser for each object schema with `new Function`, after probing whether it may (a caught
 * `Function('')`). The pages' Content-Security-Policy allows no eval (README § Security): the probe alone is reported
 * as a violation. Jitless parsing in the browser: the forms parse a few small objects, where the compiled parser saves
 * nothing a person could notice. Imported first by main.tsx: object schemas read the setting when they are built.
 */
config({ jitless: true });
