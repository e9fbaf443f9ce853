import { z } from '../zod';

/**
 * Platform settings anyone may read (GET /settings/public): what the pages show but the server configures.
 * `amap`: the AMap JS API key and its security code (both end up in every visitor's browser, as the JS API needs;
 * the key's domain whitelist on console.amap.com is what keeps them to this site), null when no map is configured.
 */
export const ZPublicSettings = z.object({
  service_hotline: z.string(),
  amap: z.object({ key: z.string(), security_code: z.string() }).nullable(),
});
export type TPublicSettings = z.infer<typeof ZPublicSettings>;
