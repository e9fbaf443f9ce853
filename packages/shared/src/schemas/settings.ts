import { z } from '../zod';

/** Platform settings anyone may read (GET /settings/public): what the pages show but the server configures. */
export const ZPublicSettings = z.object({ service_hotline: z.string() });
export type TPublicSettings = z.infer<typeof ZPublicSettings>;
