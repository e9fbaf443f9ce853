import { useEffect, useRef } from 'react';
import { Form } from 'antd';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * Inside a list's search form: some of its text fields searched as they are typed. `apply` (which puts them in the
 * address) gets the trimmed values once typing pauses (useDebouncedValue, spec/2 §9); the form's 搜索 button and Enter
 * still search at once. The fields follow the address when it changes otherwise (reset, back). The form must not be
 * re-mounted when only these fields change (keep them out of its key), or the box would lose the focus.
 */
export function TypedSearch<K extends string>({
  fields,
  current,
  apply,
}: {
  fields: readonly K[];
  current: Record<K, string>;
  apply: (v: Record<K, string | undefined>) => void;
}) {
  const form = Form.useFormInstance();
  const watched = Form.useWatch(
    (v: Partial<Record<K, string>>) => fields.map((k) => (v[k] ?? '').trim()).join('\u0000'),
    form,
  );
  const typed = watched ?? fields.map((k) => current[k]).join('\u0000');
  const settled = useDebouncedValue(typed);
  const shown = fields.map((k) => current[k]).join('\u0000');
  const latest = useRef({ fields, current, apply, pending: false });
  useEffect(() => {
    latest.current = { fields, current, apply, pending: typed !== settled };
  });
  useEffect(() => {
    const { fields: keys, current: now, apply: go } = latest.current;
    const values = settled.split('\u0000');
    if (settled !== keys.map((k) => now[k]).join('\u0000'))
      go(Object.fromEntries(keys.map((k, i) => [k, values[i] || undefined])) as Record<K, string | undefined>);
  }, [settled]);
  useEffect(() => {
    const { fields: keys, current: now, pending } = latest.current;
    // typing still to settle: the box is ahead of the address, not behind it
    if (pending) return;
    const values = form.getFieldsValue(keys as unknown as string[]) as Partial<Record<K, string>>;
    const stale = keys.filter((k) => (values[k] ?? '').trim() !== now[k]);
    if (stale.length) form.setFieldsValue(Object.fromEntries(stale.map((k) => [k, now[k]])));
  }, [form, shown]);
  return null;
}
