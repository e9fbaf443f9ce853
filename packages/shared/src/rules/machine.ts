/**
 * State machines as data (ARCHITECTURE § Style): every status field of the schema has one transition table of one
 * shape, rows of (from, action, to, who) with the named guards a row needs. The service refuses through it
 * (`transitionOf`, one call, the area's one error code) and compare-and-sets the status it read; the page shows its
 * buttons from it (`actionsOf`, or the `actions` the server answers from it). Each table registers itself here by
 * the name of its column (`defineMachine`), so one test checks every table is well formed (machine.test.ts).
 */

/**
 * Where a row leads: a status of the field, `same` (the action keeps the status: an edit, a line, a view) or `removed`
 * (the record is deleted).
 */
export type TTo = number | 'same' | 'removed';

/**
 * One transition. `from` lists the statuses it starts from (`null`: no record yet, the row creates one); a row names
 * the guards it needs (`providerPending: true`), each a predicate on the record defined once by its machine.
 */
export type TRow<A extends string, W extends string, G extends string = never> = {
  readonly from: readonly (number | null)[];
  readonly action: A;
  readonly to: TTo;
  readonly who: W;
  /** the action takes a reason (the service stores it, the trail records it) */
  readonly needsReason?: true;
} & { readonly [K in G]?: true };

export interface TMachine<R, A extends string, W extends string, G extends string = never> {
  /** the status column it drives, `table.column` of the schema (the registry's key) */
  readonly name: string;
  /** every value the field may hold */
  readonly statuses: Readonly<Record<string, number>>;
  /** the record's status (null: no record yet) */
  readonly status: (r: R) => number | null;
  /** the named guards of its rows: a row that names one applies only while it holds */
  readonly guards: { readonly [K in G]: (r: R) => boolean };
  readonly rows: readonly TRow<A, W, G>[];
}

/** A machine of any kind, as the registry and its test read it. */
export type TAnyMachine = TMachine<never, string, string, string>;

const registry = new Map<string, TAnyMachine>();

/** Declares a status field's machine and registers it under its column's name (each name once). */
export function defineMachine<R, A extends string, W extends string, G extends string = never>(
  m: TMachine<R, A, W, G>,
): TMachine<R, A, W, G> {
  if (registry.has(m.name)) throw new Error(`machine ${m.name} defined twice`);
  registry.set(m.name, m as unknown as TAnyMachine);
  return m;
}

/** @internal every registered machine: the well-formedness test reads them */
export const registeredMachines = (): readonly TAnyMachine[] => [...registry.values()];

function allows<R, A extends string, W extends string, G extends string>(
  m: TMachine<R, A, W, G>,
  t: TRow<A, W, G>,
  r: R,
  from: number | null,
): boolean {
  if (!t.from.includes(from)) return false;
  for (const g of Object.keys(m.guards) as G[]) if (t[g] && !m.guards[g](r)) return false;
  return true;
}

/** The row an action by a side takes from the record's state now, or null when the table does not allow it. */
export function transitionOf<R, A extends string, W extends string, G extends string>(
  m: TMachine<R, A, W, G>,
  r: R,
  action: A,
  who: W,
): TRow<A, W, G> | null {
  const from = m.status(r);
  return m.rows.find((t) => t.action === action && t.who === who && allows(m, t, r, from)) ?? null;
}

/** The actions a side may take on the record now, in the table's order (a page's buttons, a row's `actions`). */
export function actionsOf<R, A extends string, W extends string, G extends string>(
  m: TMachine<R, A, W, G>,
  r: R,
  who: W,
): A[] {
  const from = m.status(r);
  const out: A[] = [];
  for (const t of m.rows) if (t.who === who && !out.includes(t.action) && allows(m, t, r, from)) out.push(t.action);
  return out;
}

/** The status a row leads to from a status (null: a new record): its own `to`, or the status itself for `same`. */
export function statusAfter(t: { readonly to: TTo }, from: number | null): number {
  if (t.to === 'same' && from !== null) return from;
  if (typeof t.to !== 'number') throw new Error(`a row to ${t.to} from ${from} leaves no status`);
  return t.to;
}

/**
 * The status the side's action leads to from the record's state now, or null when the table does not allow it (or
 * the row removes the record: callers of a removing action read transitionOf).
 */
export function nextStatus<R, A extends string, W extends string, G extends string>(
  m: TMachine<R, A, W, G>,
  r: R,
  action: A,
  who: W,
): number | null {
  const t = transitionOf(m, r, action, who);
  return t && t.to !== 'removed' ? statusAfter(t, m.status(r)) : null;
}

/** A record of a one-field machine: its status (null: no record yet). */
export interface TStatusOf {
  status: number | null;
}
