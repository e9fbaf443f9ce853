import { Cascader } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { regionQuery } from './RegionCascader';
import w from './RegionFilter.module.css';

/**
 * A list's region filter: province, then (optionally) its city, loaded on demand. The values live in the URL of the
 * list (province / city), so it takes and gives the two ids.
 */
export function RegionFilter({
  province,
  city,
  placeholder,
  onChange,
}: {
  province?: number;
  city?: number;
  placeholder: string;
  onChange: (province?: number, city?: number) => void;
}) {
  const provinces = useQuery(regionQuery(1));
  const cities = useQuery({ ...regionQuery(province ?? 0), enabled: !!province });
  const options = (provinces.data ?? []).map((p) => ({
    value: p.id,
    label: p.name,
    isLeaf: false,
    children: p.id === province ? (cities.data ?? []).map((c) => ({ value: c.id, label: c.name })) : undefined,
  }));
  return (
    <Cascader
      changeOnSelect
      placeholder={placeholder}
      aria-label={placeholder}
      value={[province, city].filter(Boolean) as number[]}
      options={options}
      className={w.regionFilter}
      onChange={(v) => onChange(v?.[0] as number | undefined, v?.[1] as number | undefined)}
    />
  );
}
