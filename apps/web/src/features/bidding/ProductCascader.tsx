import { Cascader } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../api/client';
import s from './bidding.module.css';

type TNode = { id: number; name: string };
type TOption = { value: number; label: string; isLeaf?: boolean; children?: TOption[] };
const noCompany = { noCompany: true } as const;
const LEVELS = ['/v1/etype', '/v1/egroup/', '/v1/epro/'];

/** Category → group → product, each level loaded when opened (GET /v1/etype, /v1/egroup/{id}, /v1/epro/{id}). */
export function ProductCascader({
  value,
  onChange,
  placeholder,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  placeholder?: string;
}) {
  const [opened, setOpened] = useState<number[][]>([]);
  const paths = useMemo(() => {
    const v = value ?? [];
    const list: number[][] = [[]];
    if (v[0]) list.push([v[0]]);
    if (v[1]) list.push([v[0], v[1]]);
    for (const o of opened) if (!list.some((p) => p.join() === o.join())) list.push(o);
    return list;
  }, [value, opened]);
  const results = useQueries({
    queries: paths.map((p) => ({
      queryKey: ['product-level', ...p],
      queryFn: () =>
        api.get<TNode[]>(p.length === 0 ? LEVELS[0] : `${LEVELS[p.length]}${p[p.length - 1]}`, undefined, noCompany),
      staleTime: Infinity,
    })),
  });
  const byPath = new Map(paths.map((p, i) => [p.join(), results[i]?.data]));
  const build = (p: number[]): TOption[] | undefined =>
    byPath.get(p.join())?.map((n) => ({
      value: n.id,
      label: n.name,
      isLeaf: p.length === 2,
      children: p.length < 2 ? build([...p, n.id]) : undefined,
    }));
  return (
    <Cascader<TOption>
      options={build([]) ?? []}
      value={value}
      placeholder={placeholder}
      changeOnSelect={false}
      loadData={(sel) => setOpened((o) => [...o, sel.map((s) => s.value as number)])}
      onChange={(v) => onChange?.((v ?? []) as number[])}
      className={s.full}
    />
  );
}
