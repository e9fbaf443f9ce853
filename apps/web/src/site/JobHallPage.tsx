import { Pagination, Select, Tag } from 'antd';
import { EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { CARD_LIMITS, OPERATOR_CATEGORIES, optionName } from '@jizu/shared/constants/recruit';
import { SITE } from '@jizu/shared/constants/site';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TJobCardPublic } from '@jizu/shared/schemas/jobcard';
import { api } from '../api/client';
import { Counters } from '../features/jobcard/CardBody';
import { JT } from '../features/jobcard/jobcardUi';
import { QueryState } from '../ui/QueryState';
import { RegionFilter } from '../ui/RegionFilter';
import { StateView } from '../ui/StateView';
import { UserAvatar } from '../ui/UserAvatar';
import { useUrlQuery } from '../ui/useUrlQuery';
import page$ from './Bidding.module.css';
import jc from '../features/jobcard/JobCard.module.css';
import cm from '../ui/common.module.css';
import { pageTitle, titles } from '../texts/site';

const T = JT.hall;
type THall = { data: TJobCardPublic[]; total: number; total_capped: boolean };

/** /site/job: the operators' hall (机手大厅) — passed job cards by machine category and region, newest first. */
export default function JobHallPage() {
  const { update, int } = useUrlQuery();
  const page = int('page', 1);
  const category = int('category', 0) || undefined;
  const province = int('province', 0) || undefined;
  const city = int('city', 0) || undefined;
  const size = CARD_LIMITS.hallPageSize;
  useEffect(() => {
    const cat = category ? optionName('category', category) : '';
    document.title = cat ? pageTitle(fmt(titles.jobCategory, { category: cat }), T.title) : pageTitle(T.title);
  }, [category]);
  const q = useQuery({
    queryKey: ['site', 'job', { page, category, province, city }],
    queryFn: () =>
      api.get<THall>('/site/job', { page, size, category, province, city }, { noCompany: true, quiet: true }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className={page$.page}>
      <div className={page$.head}>
        <div>
          <h1>{T.title}</h1>
          <div className={page$.meta}>{T.subtitle}</div>
        </div>
        <Link to={SITE.hires}>{T.toHires}</Link>
      </div>
      <div className={page$.filters}>
        <Select
          allowClear
          aria-label={T.allCategories}
          placeholder={T.allCategories}
          value={category}
          className={page$.categorySelectWide}
          options={OPERATOR_CATEGORIES.map((c) => ({ value: c.id, label: c.name }))}
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
        empty={<StateView icon={<TeamOutlined className={page$.emptyIcon} />} title={T.empty} />}
      >
        {(d) => (
          <>
            <div className={jc.hallGrid}>
              {d.data.map((r) => (
                <Link key={r.id} to={SITE.job(r.id)} className={jc.hallCard} data-testid="job-hall-card">
                  <div className={jc.hallWho}>
                    <UserAvatar src={r.member.avatar} size={40} />
                    <div className={cm.shrink}>
                      <div className={jc.hallName}>{r.member.username}</div>
                      <div className={jc.hallMeta}>{fmt(T.years, { age: r.resume_driving_age_v })}</div>
                    </div>
                  </div>
                  <div>
                    {r.resume_category_v.split('、').map((c) => (
                      <Tag key={c} color="blue">
                        {c}
                      </Tag>
                    ))}
                  </div>
                  <div className={jc.hallMeta}>
                    <EnvironmentOutlined /> {r.region_v}
                  </div>
                  <p className={jc.hallExcerpt}>{r.content}</p>
                  <div className={jc.hallFoot}>
                    <span className={jc.hallMeta}>
                      {[
                        r.cert.length ? fmt(T.certCount, { n: r.cert.length }) : '',
                        r.experience.length ? fmt(T.expCount, { n: r.experience.length }) : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    <Counters card={r} />
                  </div>
                </Link>
              ))}
            </div>
            <Pagination
              className={cm.mt16}
              align="center"
              current={page}
              pageSize={size}
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
