import { Pagination, Select, Tag } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { SITE } from '@jizu/shared/constants/site';
import { demandExtra, demandUi as T } from '../texts/demand';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TPage } from '@jizu/shared/errors';
import type { TDemandPublic } from '@jizu/shared/schemas/demand';
import { api } from '../api/client';
import { QueryState } from '../ui/QueryState';
import { RegionFilter } from '../ui/RegionFilter';
import { StateView } from '../ui/StateView';
import { useUrlQuery } from '../ui/useUrlQuery';
import css from './Bidding.module.css';
import { pageTitle } from '../texts/site';

const noCompany = { noCompany: true, quiet: true } as const;

/** /site/demand: the public demand hall — passed demands in their valid days, by category and region. */
export default function DemandHallPage() {
  const { update, int } = useUrlQuery();
  const page = int('page', 1);
  const category = int('category', 0) || undefined;
  const province = int('province', 0) || undefined;
  const city = int('city', 0) || undefined;
  useEffect(() => {
    document.title = pageTitle(T.hallTitle);
  }, []);
  const cats = useQuery({
    queryKey: ['etype'],
    queryFn: () => api.get<{ id: number; name: string }[]>('/v1/etype', undefined, noCompany),
    staleTime: Infinity,
  });
  const q = useQuery({
    queryKey: ['site', 'demand', { page, category, province, city }],
    queryFn: () =>
      api.get<TPage<TDemandPublic>>('/site/demand', { page, size: 10, category, province, city }, noCompany),
    placeholderData: keepPreviousData,
  });
  return (
    <div className={css.page}>
      <div className={css.head}>
        <div>
          <h1>{T.hallTitle}</h1>
          <div className={css.meta}>{T.hallSubtitle}</div>
        </div>
      </div>
      <div className={css.filters}>
        <Select
          allowClear
          aria-label={T.allCategories}
          placeholder={T.allCategories}
          value={category}
          className={css.categorySelect}
          options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v) => update({ category: v ? String(v) : undefined, page: undefined })}
        />
        <RegionFilter
          province={province}
          city={city}
          placeholder={T.allRegions}
          onChange={(pv, c) =>
            update({ province: pv ? String(pv) : undefined, city: c ? String(c) : undefined, page: undefined })
          }
        />
      </div>
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0}
        empty={<StateView icon={<FileSearchOutlined className={css.emptyIcon} />} title={T.hallEmpty} />}
      >
        {(d) => (
          <>
            <div className={css.list}>
              {d.data.map((r) => (
                <Link key={r.id} to={SITE.demand(r.id)} className={css.card} data-testid="demand-hall-card">
                  <div>
                    <Tag color="green">{r.label}</Tag>
                    <span className={css.meta}>{fmt(T.validUntil, { date: r.expire_date })}</span>
                  </div>
                  <h3>{fmt(demandExtra.hallHead, { name: r.eq_name, num: r.num, time: r.time })}</h3>
                  <div className={css.meta}>{`${r.region_v}${r.address}`}</div>
                  <div className={css.meta}>{r.remark}</div>
                  <div className={css.meta}>{r.company_v}</div>
                </Link>
              ))}
            </div>
            <Pagination
              className={css.pager}
              current={page}
              pageSize={10}
              total={d.total}
              showSizeChanger={false}
              onChange={(p) => update({ page: p > 1 ? String(p) : undefined })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
