import { Pagination, Select, Tag } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { HIRE_HALL_SIZE, optionName } from '@jizu/shared/constants/recruit';
import { SITE } from '@jizu/shared/constants/site';
import { fmt } from '@jizu/shared/messages/fmt';
import { hireUi as T } from '@jizu/shared/messages/recruit';
import type { THirePublic } from '@jizu/shared/schemas/recruit';
import { api } from '../api/client';
import { hireRegion, useRecruitCategories } from '../features/recruit/recruitApi';
import { QueryState } from '../ui/QueryState';
import { RegionFilter } from '../ui/RegionFilter';
import { StateView } from '../ui/StateView';
import { useUrlQuery } from '../ui/useUrlQuery';
import css from './Bidding.module.css';
import hire from './Hire.module.css';
import { pageTitle, titles } from '../texts/site';

const noCompany = { noCompany: true, quiet: true } as const;
type THallPage = { data: THirePublic[]; total: number; total_capped: boolean };

/** /site/hire: the public hiring hall (招聘大厅) — hiring demands by machine category and region, newest first. */
export default function HireHallPage() {
  const { update, int } = useUrlQuery();
  const page = int('page', 1);
  const category = int('resume_category', 0) || undefined;
  const province = int('province', 0) || undefined;
  const city = int('city', 0) || undefined;
  const categories = useRecruitCategories();
  useEffect(() => {
    const cat = category ? optionName('category', category) : '';
    document.title = cat ? pageTitle(fmt(titles.hireCategory, { category: cat }), T.hallTitle) : pageTitle(T.hallTitle);
  }, [category]);
  const q = useQuery({
    queryKey: ['site', 'hire', { page, category, province, city }],
    queryFn: () =>
      api.get<THallPage>(
        '/site/hire',
        { page, size: HIRE_HALL_SIZE, resume_category: category, province, city },
        noCompany,
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <div className={css.page}>
      <div className={css.head}>
        <div>
          <h1>{T.hallTitle}</h1>
          <div className={css.meta}>{T.hallSubtitle}</div>
        </div>
        <div className={css.headAside}>
          {q.data && (
            <div className={css.meta}>{fmt(q.data.total_capped ? T.foundCapped : T.found, { n: q.data.total })}</div>
          )}
          <Link to={SITE.jobs}>{T.toJobs}</Link>
        </div>
      </div>
      <div className={css.filters}>
        <Select
          allowClear
          aria-label={T.allCategories}
          placeholder={T.allCategories}
          value={category}
          className={css.categorySelect}
          options={categories}
          onChange={(v) => update({ resume_category: v ? String(v) : undefined, page: undefined })}
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
        empty={<StateView icon={<TeamOutlined className={css.emptyIcon} />} title={T.hallEmpty} />}
      >
        {(d) => (
          <>
            <div className={css.list}>
              {d.data.map((r) => (
                <Link key={r.id} to={SITE.hire(r.id)} className={css.card} data-testid="hire-hall-card">
                  <div className={hire.tags}>
                    <Tag color="blue">{r.category_v}</Tag>
                    <span className={css.meta}>{hireRegion(r)}</span>
                  </div>
                  <h3>{fmt(T.demandTitle, { category: r.category_v })}</h3>
                  <div className={hire.salary}>{r.salary_v}</div>
                  <div className={css.meta}>{`${T.workingDays} ${fmt(T.days, { n: r.working_days })}`}</div>
                  <div className={hire.excerpt}>{r.content}</div>
                  <div className={hire.foot}>
                    <span>{r.company_v}</span>
                    <span>{r.create_time.slice(0, 10)}</span>
                  </div>
                </Link>
              ))}
            </div>
            <Pagination
              className={css.pager}
              align="center"
              current={page}
              pageSize={HIRE_HALL_SIZE}
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
