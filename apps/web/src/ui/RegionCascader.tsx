import { useMemo, useState } from 'react';
import { Cascader } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { api } from '../api/client';
import type { TRegion } from '../api/types';
import * as T from '../texts/common';
import cm from './common.module.css';

interface TOption {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: TOption[];
}

const ROOT = 1;

export const regionQuery = (parent: number) => ({
  queryKey: ['region', parent],
  queryFn: () => api.get<TRegion[]>(`/v1/city/${parent}`, undefined, { noCompany: true }),
  staleTime: Infinity,
});

/**
 * Province → city → area picker that loads each level from GET /v1/city/{id} when opened (1 → provinces).
 * A prefilled value loads its own path, so editing shows the names at once.
 */
export function RegionCascader({
  value,
  onChange,
  depth = 3,
  placeholder = T.region.placeholder,
  disabled,
}: {
  value?: number[];
  onChange?: (ids: number[], names: string[]) => void;
  depth?: 2 | 3;
  placeholder?: string;
  disabled?: boolean;
}) {
  const [opened, setOpened] = useState<number[]>([]);
  const parents = useMemo(
    () => [ROOT, ...new Set([...(value ?? []).slice(0, depth - 1), ...opened])],
    [value, opened, depth],
  );
  const results = useQueries({ queries: parents.map(regionQuery) });
  const children = new Map<number, TRegion[]>();
  parents.forEach((p, i) => {
    const d = results[i]?.data;
    if (d) children.set(p, d);
  });

  const build = (parent: number, level: number): TOption[] | undefined =>
    children.get(parent)?.map((r) => ({
      value: r.id,
      label: r.name,
      isLeaf: level >= depth,
      children: level < depth ? build(r.id, level + 1) : undefined,
    }));
  const options = build(ROOT, 1) ?? [];

  return (
    <Cascader<TOption>
      options={options}
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      loading={results[0]?.isPending}
      loadData={(selected) => {
        const last = selected[selected.length - 1];
        if (last) setOpened((o) => (o.includes(last.value) ? o : [...o, last.value]));
      }}
      onChange={(ids, picked) =>
        onChange?.(
          (ids ?? []) as number[],
          (picked ?? []).map((o) => o.label),
        )
      }
      className={cm.full}
    />
  );
}
