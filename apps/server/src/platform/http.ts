import { Readable } from 'node:stream';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { XLSX_MIME, xlsxStream, type TCell, type TColumnStyle } from './xlsx';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import type { TDeps } from './deps';

/** The Fastify instance every module registers its routes on: zod-typed requests and responses. */
export type TApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module's routes: registered under /api with the platform's deps. */
export type TModule = (app: TApp, deps: TDeps) => Promise<void> | void;

/** Request IP as the platform sees it (X-Forwarded-For only with TRUST_PROXY). */
export const clientIp = (req: { ip: string }) => req.ip || '';

/**
 * Sends an .xlsx download streamed from its rows (platform/xlsx.ts): `name` is the file's and the sheet's name, with
 * the date. Private and never cached: it is the company's own data.
 */
export function sendXlsx(
  reply: FastifyReply,
  name: string,
  sheet: { head: string[]; widths: number[]; styles?: TColumnStyle[]; rows: AsyncIterable<TCell[][]> },
) {
  const file = `${name}-${shanghaiDay()}.xlsx`;
  return reply
    .header('content-type', XLSX_MIME)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .send(Readable.from(xlsxStream(name, sheet.head, sheet.rows, sheet.widths, sheet.styles)));
}

/**
 * Runs an async row source up to its first batch before the response starts: an access refusal (another company's
 * order: 404) or a first query failing still answers the JSON envelope instead of a cut-off download.
 */
export async function primed<T>(source: AsyncGenerator<T>): Promise<AsyncIterable<T>> {
  const first = await source.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* source;
  })();
}
