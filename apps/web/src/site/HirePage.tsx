import { useEffect } from 'react';
import { Button, Tag } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { isRecruitHiring } from '@jizu/shared/constants/recruit';
import { SITE } from '@jizu/shared/constants/site';
import { fmt } from '@jizu/shared/messages/fmt';
import { hire as H, hireUi as T, recruit as R } from '@jizu/shared/messages/recruit';
import type { THirePublic } from '@jizu/shared/schemas/recruit';
import { ApiError, api } from '../api/client';
import { useVisitor } from '../app/visitor';
import { hireRegion } from '../features/recruit/recruitApi';
import { LoadingBlock } from '../ui/QueryState';
import { StateView } from '../ui/StateView';
import css from './Bidding.module.css';
import { LabourFeedback } from './labour/LabourFeedback';
import hire from './Hire.module.css';
import { municipalDistrict, pageTitle } from '../texts/site';

const quiet = { noCompany: true, quiet: true } as const;

/**
 * The hirer's phone (spec/3): asked for a stranger to log in, for an unverified user to verify; a verified user reveals
 * it through POST /recruit/recruit/{id}/phone, which records the view.
 */
function HirerContact({ d }: { d: THirePublic }) {
  const navigate = useNavigate();
  const here = SITE.hire(d.id);
  const me = useVisitor();
  const verified = useQuery({
    queryKey: ['recruit', 'check_person_auth'],
    queryFn: () => api.get<number>('/recruit/check_person_auth', undefined, quiet),
    enabled: !!me.data,
    staleTime: 30_000,
  });
  const reveal = useMutation({
    mutationFn: () =>
      api.post<{ phone: string; contacts: string }>(`/recruit/recruit/${d.id}/phone`, undefined, { noCompany: true }),
  });
  if (!isRecruitHiring(d)) return <div className={hire.prompt}>{H.phoneEnded}</div>;
  if (reveal.data)
    return (
      <div data-testid="hire-phone">
        <div className={hire.phone}>
          <PhoneOutlined /> <a href={`tel:${reveal.data.phone}`}>{reveal.data.phone}</a>
        </div>
        <div className={hire.prompt}>{reveal.data.contacts}</div>
      </div>
    );
  const masked = <div className={hire.masked}>{d.phone_mask}</div>;
  if (me.isPending || (me.data && verified.isPending)) return masked;
  if (!me.data)
    return (
      <>
        {masked}
        <div className={hire.prompt}>{R.phoneLogin}</div>
        <Button type="primary" block onClick={() => navigate(`/login?redirect=${encodeURIComponent(here)}`)}>
          {T.login}
        </Button>
      </>
    );
  if (verified.data !== 1 || (reveal.error instanceof ApiError && reveal.error.code === 'HIRE_PHONE_VERIFY'))
    return (
      <>
        {masked}
        <div className={hire.prompt}>{R.phoneVerify}</div>
        <Button type="primary" block onClick={() => navigate('/dashboard/person')}>
          {T.goAuth}
        </Button>
      </>
    );
  return (
    <>
      {masked}
      <Button type="primary" block icon={<PhoneOutlined />} loading={reveal.isPending} onClick={() => reveal.mutate()}>
        {T.showPhone}
      </Button>
    </>
  );
}

/** /site/hire/:id — a hiring demand's public page: the demand, the hirer and (for verified users) the phone; comments below. */
export default function HirePage() {
  const id = Number(useParams().id);
  const q = useQuery({
    queryKey: ['site', 'hire', id],
    queryFn: () => api.get<THirePublic>(`/site/hire/${id}`, undefined, quiet),
    enabled: id > 0,
    retry: false,
  });
  const d = q.data;
  useEffect(() => {
    if (d)
      document.title = pageTitle(
        fmt(T.demandTitle, { category: d.category_v }),
        `${d.province_v}${d.city_v}`,
        T.hallTitle,
      );
  }, [d]);
  if (q.isError || !(id > 0))
    return (
      <div className={css.page}>
        <StateView
          kind="empty"
          title={R.hireGoneTitle}
          sub={q.error instanceof ApiError ? q.error.msg : R.hireGone}
          extra={<Link to={SITE.hires}>{T.backToHall}</Link>}
        />
      </div>
    );
  if (!d)
    return (
      <div className={css.page}>
        <LoadingBlock />
      </div>
    );
  const hiring = isRecruitHiring(d);
  return (
    <div className={css.page}>
      <div className={hire.crumbs}>
        <Link to={SITE.hires}>{T.hallTitle}</Link> / {d.category_v}
      </div>
      <div className={hire.layout}>
        <div>
          <article className={`${css.panel} ${hire.box}`} data-testid="hire-demand">
            <div className={hire.tags}>
              <Tag color="blue">{d.category_v}</Tag>
              <Tag color={hiring ? 'green' : 'gold'}>{hiring ? T.hiring : T.hired}</Tag>
            </div>
            <h1 className={hire.title}>{fmt(T.demandTitle, { category: d.category_v })}</h1>
            <div className={hire.salary}>{d.salary_v}</div>
            <dl className={hire.facts}>
              <div className={hire.fact}>
                <dt>{T.workingDays}</dt>
                <dd>{fmt(T.days, { n: d.working_days })}</dd>
              </div>
              <div className={hire.fact}>
                <dt>{T.region}</dt>
                <dd>{hireRegion(d)}</dd>
              </div>
              <div className={hire.fact}>
                <dt>{T.publishTime}</dt>
                <dd>{d.create_time.slice(0, 10)}</dd>
              </div>
            </dl>
            <h2>{T.content}</h2>
            <p className={hire.content}>{d.content}</p>
            <h2>{T.workAddress}</h2>
            <p
              className={css.meta}
            >{`${d.province_v}${d.city_v === municipalDistrict ? '' : d.city_v}${d.area_v}${d.address}`}</p>
          </article>
          {/* comments and likes of this demand (spec/3 "Comments"), as on a job card's page */}
          <section id="comments" data-testid="hire-feedback-slot">
            <LabourFeedback type="recruit" id={d.id} />
          </section>
        </div>
        <aside className={`${css.panel} ${hire.box}`}>
          <h2>{T.hirer}</h2>
          <div className={hire.hirer}>
            <div className={hire.hirerName}>{d.company_v}</div>
            <div className={css.meta}>{T.contact}</div>
            <HirerContact d={d} />
          </div>
        </aside>
      </div>
    </div>
  );
}
