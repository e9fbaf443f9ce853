/**
 * Row objects of one shape, made as one object literal of all their keys.
 *
 * An object made empty and filled key by key (`o[k] = v`) leaves V8's fast mode after its 4 in-object and 12 added
 * fields: a row of more than 16 columns (an order has 60) became a dictionary, slower at every read of a field, at
 * every spread and at serialising. A literal of all the keys makes one fixed shape per read instead. The makers are
 * generated once per list of keys (column names and table fields: the code's and the database's names, never a
 * request's; written into the source as JSON strings) and kept.
 */
type TMaker<A> = (from: A) => Record<string, unknown>;
const made = new Map<string, TMaker<never>>();

function maker<A>(kind: 'values' | 'pick', keys: readonly string[]): TMaker<A> {
  const id = `${kind}\u0000${keys.join('\u0000')}`;
  let m = made.get(id) as TMaker<A> | undefined;
  if (!m) {
    // in a literal, "__proto__": v would set the object's prototype instead of a field
    if (keys.includes('__proto__')) throw new Error('a row key __proto__');
    const fields = keys.map((k, i) => `${JSON.stringify(k)}: f[${kind === 'values' ? i : JSON.stringify(k)}]`);
    m = new Function('f', `return { ${fields.join(', ')} };`) as TMaker<A>;
    made.set(id, m as TMaker<never>);
  }
  return m;
}

/** An object of `keys` from an array of their values in the same order. */
export const objectOf = (keys: readonly string[]): TMaker<readonly unknown[]> => maker('values', keys);

/** An object of `keys` taken from another object (the other's other keys left out). */
export const pickOf = (keys: readonly string[]): TMaker<Readonly<Record<string, unknown>>> => maker('pick', keys);
