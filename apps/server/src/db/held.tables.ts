import { bigint, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * A version of each company's lists (`list`: 'order', its order lists as tenant and as provider), raised once per
 * writing transaction, at its commit, for each company whose list the transaction changed (migration 0039: a row
 * trigger notes the company, a deferred one raises every noted row at commit, sorted). Such lists are held per process
 * under the xmin of their row (db/held.ts; order.service listOrdersPage).
 */
export const listEpoch = pgTable(
  'list_epoch',
  {
    list: varchar('list', { length: 16 }).notNull(),
    companyId: integer('company_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.companyId] })],
);
