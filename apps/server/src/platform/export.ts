import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { yuanToFen } from '@jizu/shared/rules/money';
import { primed, sendXlsx, type TApp } from './http';
import type { TCell, TColumnStyle } from './xlsx';

/**
 * Every working list's Excel export (issue 29 §3), one mechanism: `exportRoute` registers GET <list>/export beside a
 * list with the list's own access (`config`: the same member, company and menu-grant checks, so the same refusal) and
 * its own query schema (the same filters; `page` and `size` are ignored: the export is the whole filtered list). Its
 * rows come from an async source over the list's own query (`keysetRows` on the list's where and order, or
 * `pagedRows` driving the list's page function for the short lists of one order or bidding), are turned into cells
 * by column definitions (Chinese headers; money in yuan from fen; times in Asia/Shanghai) and streamed through
 * platform/xlsx.ts: nothing but one batch is ever held in memory (bench/export.ts).
 */

/** Rows per database read of an export: big enough to amortise the statement, small enough to stay flat. */
export const EXPORT_BATCH = 500;

type TValue<R, V> = (r: R) => V;
/** A column: its header, its width in characters, and how a row gives its cell. */
export type TExportColumn<R> = { head: string; width?: number } & (
  | { text: TValue<R, string | number | null | undefined> }
  /** integer fen, or the yuan text a view already carries ("1,234.50"): written as a number of yuan */
  | { money: TValue<R, number | string | null | undefined> }
  /** a timestamp (Date or ISO text) written as yyyy-MM-dd HH:mm:ss in Asia/Shanghai; a view's text is kept */
  | { time: TValue<R, Date | string | null | undefined> }
  /** a timestamp's Shanghai calendar day, or a date field (yyyy-MM-dd) as it is */
  | { date: TValue<R, Date | string | null | undefined> }
);

const ISO = /^\d{4}-\d{2}-\d{2}T/;
const asTime = (v: Date | string | null | undefined, day: boolean) => {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'string' && !ISO.test(v)) return day ? v.slice(0, 10) : v;
  return day ? shanghaiDate(v) : shanghaiDateTime(v);
};
const asYuan = (v: number | string | null | undefined): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const fen = typeof v === 'number' ? v : yuanToFen(v.replace(/,/g, ''));
  return fen === null ? null : fen / 100;
};

function cellOf<R>(c: TExportColumn<R>, r: R): TCell {
  if ('text' in c) return c.text(r);
  if ('money' in c) return asYuan(c.money(r));
  if ('time' in c) return asTime(c.time(r), false);
  return asTime(c.date(r), true);
}
const styleOf = (c: TExportColumn<never>): TColumnStyle => ('money' in c ? 'money' : 'text');

/** A list's rows as sheet rows, batch by batch. */
export async function* cellsOf<R>(columns: TExportColumn<R>[], rows: AsyncIterable<R[]>): AsyncGenerator<TCell[][]> {
  for await (const batch of rows) yield batch.map((r) => columns.map((c) => cellOf(c, r)));
}

/** The list's query without its page: what an export reads. */
export type TExportQuery<Q> = Omit<Q, 'page' | 'size'>;

export interface TExportSpec<S extends z.ZodType, R> {
  /** the list's route config: access and menu grant (platform/access.ts) */
  config: object;
  tags: string[];
  summary: string;
  /** the list's query schema */
  querystring: S;
  /** the file's and the sheet's name */
  name: string;
  columns: TExportColumn<R>[];
  /** the rows of the list for this request (company context read from `req`), in batches */
  rows: (req: FastifyRequest, q: TExportQuery<z.infer<S>>) => AsyncGenerator<R[]>;
}

/**
 * Registers GET `path`: the list's rows under its filters as an .xlsx download. The source runs to its first batch
 * before the download starts (primed), so a refusal of the list (an order of another company: 404) is the list's
 * JSON envelope, not a cut-off file.
 */
export function exportRoute<S extends z.ZodType, R>(app: TApp, path: string, spec: TExportSpec<S, R>) {
  app.get(
    path,
    { config: spec.config, schema: { tags: spec.tags, summary: spec.summary, querystring: spec.querystring } },
    async (req, reply) => {
      const { page: _p, size: _s, ...q } = req.query as Record<string, unknown>;
      const rows = await primed(spec.rows(req, q as TExportQuery<z.infer<S>>));
      return sendXlsx(reply, spec.name, {
        head: spec.columns.map((c) => c.head),
        widths: spec.columns.map((c) => c.width ?? 16),
        styles: spec.columns.map(styleOf),
        rows: cellsOf(spec.columns, rows),
      });
    },
  );
}

/**
 * A list read in keyset batches, newest first: `read(before, limit)` answers up to `limit` rows of the list's query
 * (its where and order, `id < before`), `idOf` a row's id. No OFFSET: every batch costs the same at any depth.
 */
export async function* keysetRows<R>(
  read: (before: number, limit: number) => Promise<R[]>,
  idOf: (r: R) => number,
  limit = EXPORT_BATCH,
): AsyncGenerator<R[]> {
  let before = 2_147_483_647;
  for (;;) {
    const rows = await read(before, limit);
    if (rows.length) yield rows;
    if (rows.length < limit) return;
    before = idOf(rows[rows.length - 1]);
  }
}

/**
 * A list read whole through its own page function in keyset batches: `read` is called with the first page of `size`
 * rows below `before` (the list's where with db/prepared.ts belowId, ordered by id descending), so the export runs the
 * very query of the list, its access checks and its view, batch after batch.
 */
export function keysetPages<R extends { id: number }>(
  read: (k: { page: number; size: number; before: number }) => Promise<{ data: R[] }>,
): AsyncGenerator<R[]> {
  return keysetRows(
    async (before, size) => (await read({ page: 1, size, before })).data,
    (r) => r.id,
  );
}

/**
 * A list read through its own page function, page after page: for the short lists of one order or one bidding (its
 * contracts, machines, payments, responses) and the console's queues, whose page functions already check the parent
 * and answer the view rows; `limit` rows a page.
 */
export async function* pagedRows<R>(
  read: (page: number, size: number) => Promise<{ data: R[] }>,
  limit = EXPORT_BATCH,
): AsyncGenerator<R[]> {
  for (let page = 1; ; page++) {
    const { data } = await read(page, limit);
    if (data.length) yield data;
    if (data.length < limit) return;
  }
}
