import { Button, Input, Pagination, Select, Tag } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { biddingUi as T } from '../texts/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../api/client';
import { QueryState } from '../ui/QueryState';
import { StateView } from '../ui/StateView';
import { RegionFilter } from '../ui/RegionFilter';
import { useUrlQuery } from '../ui/useUrlQuery';
import css from './Bidding.module.css';
import { pageTitle } from '../texts/site';

type THallRow = {
  id: number;
  sn: string;
  name: string;
  classify_v: string;
  company_v: string;
  region_v: string;
  end_time: string;
  devices: string;
  response_com_count: number;
  href: string;
};
const noCompany = { noCompany: true, quiet: true } as const;

/** /site/bidding: the public bidding hall — responding projects by keyword, equipment category and region. */
export default function BiddingHallPage() {
  const { params, update, int } = useUrlQuery();
  const page = int('page', 1);
  const kw = params.get('kw') ?? '';
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
    queryKey: ['site', 'bidding', { page, kw, category, province, city }],
    queryFn: () =>
      api.get<TPage<THallRow>>('/site/bidding', { page, size: 10, kw, category, province, city }, noCompany),
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
        <Input.Search
          key={kw}
          defaultValue={kw}
          allowClear
          placeholder={T.hallKw}
          aria-label={T.hallKw}
          maxLength={50}
          className={css.kwSearch}
          onSearch={(v) => update({ kw: v.trim() || undefined, page: undefined })}
        />
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
                <Link key={r.id} to={r.href} className={css.card} data-testid="hall-card">
                  <div>
                    <Tag color="blue">{r.classify_v}</Tag>
                    <span className={css.meta}>{r.sn}</span>
                  </div>
                  <h3>{r.name}</h3>
                  <div className={css.meta}>
                    {T.publisher}：{r.company_v} · {r.region_v}
                  </div>
                  <div className={css.meta}>
                    {T.colDevices}：{r.devices}
                  </div>
                  <div className={css.between}>
                    <span className={css.meta}>
                      {T.deadline} {r.end_time}
                    </span>
                    <span className={css.meta}>{fmt(T.responders, { n: r.response_com_count })}</span>
                  </div>
                  <Button type="primary" size="small" className={css.respond}>
                    {T.respond}
                  </Button>
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
