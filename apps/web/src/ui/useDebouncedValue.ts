import { useEffect, useState } from 'react';

/** How long a search-as-you-type box waits after the last key before it asks (spec/2 §9: project search delay 200 ms). */
const SEARCH_DELAY_MS = 200;

/** `value` once it has stayed the same for `ms`: a search box asks once after the typing pauses, not once per key. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
