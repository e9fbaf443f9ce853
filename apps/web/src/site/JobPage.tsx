import { Button } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SITE } from '@jizu/shared/constants/site';
import { jobcardTexts as J, recruit as R } from '@jizu/shared/messages/recruit';
import type { TJobCardPublic } from '@jizu/shared/schemas/jobcard';
import { ApiError, api } from '../api/client';
import { useVisitor } from '../app/visitor';
import { CardBody, CardHead } from '../features/jobcard/CardBody';
import { JT } from '../features/jobcard/jobcardUi';
import { LoadingBlock } from '../ui/QueryState';
import { StateView } from '../ui/StateView';
import { UserAvatar } from '../ui/UserAvatar';
import { LabourFeedback } from './labour/LabourFeedback';
import page$ from './Bidding.module.css';
import jc from '../features/jobcard/JobCard.module.css';
import cm from '../ui/common.module.css';
import { pageTitle, titles } from '../texts/site';
import { fmt } from '@jizu/shared/messages/fmt';

/**
 * The operator's phone: for a stranger a prompt to log in, for a user without personal verification a prompt to
 * verify, for a verified user a button that reveals it (each reveal is recorded on the server).
 */
function PhoneBox({ id, mask }: { id: number; mask: string }) {
  const navigate = useNavigate();
  const me = useVisitor();
  const auth = useQuery({
    queryKey: ['recruit', 'auth'],
    queryFn: () => api.get<number>('/recruit/check_person_auth', undefined, { noCompany: true, quiet: true }),
    enabled: !!me.data,
  });
  const reveal = useMutation({
    mutationFn: () => api.post<{ phone: string }>('/site/labour/phone', { type: 'card', id }, { noCompany: true }),
  });
  const here = encodeURIComponent(SITE.job(id));
  return (
    <div className={jc.hallPanel} data-testid="phone-box">
      <div className={jc.hallMeta}>
        <PhoneOutlined /> {JT.card.phone}
      </div>
      <div className={jc.hallPhone}>{reveal.data?.phone ?? mask}</div>
      {/* nothing to press until it is known who is looking (a click on a still-checking button was lost) */}
      {me.isPending || (me.data && auth.isPending) ? null : !me.data ? (
        <>
          <div className={jc.hallHint}>{R.phoneLogin}</div>
          <Button type="primary" block onClick={() => navigate(`/login?redirect=${here}`)}>
            {JT.card.login}
          </Button>
        </>
      ) : auth.data === 0 ? (
        <>
          <div className={jc.hallHint}>{R.phoneVerify}</div>
          <Button type="primary" block onClick={() => navigate('/dashboard/person')}>
            {JT.card.goAuth}
          </Button>
        </>
      ) : (
        !reveal.data && (
          <Button type="primary" block loading={reveal.isPending} onClick={() => reveal.mutate()}>
            {JT.card.showPhone}
          </Button>
        )
      )}
    </div>
  );
}

/** /site/job/:id — a passed job card's public page: the card, the phone rules, comments and likes. */
export default function JobPage() {
  const id = Number(useParams().id);
  const q = useQuery({
    queryKey: ['site', 'job', id],
    queryFn: () => api.get<TJobCardPublic>(`/site/job/${id}`, undefined, { noCompany: true, quiet: true }),
    enabled: id > 0,
    retry: false,
  });
  const d = q.data;
  useEffect(() => {
    if (d)
      document.title = pageTitle(
        fmt(titles.job, { category: d.resume_category_v, age: d.resume_driving_age_v, region: d.region_v }),
        JT.hall.title,
      );
  }, [d]);
  if (q.isError || !(id > 0))
    return (
      <div className={page$.page}>
        <StateView
          kind="empty"
          title={J.cardGoneTitle}
          sub={q.error instanceof ApiError ? q.error.msg : J.cardGone}
          extra={<Link to={SITE.jobs}>{JT.card.back}</Link>}
        />
      </div>
    );
  if (!d)
    return (
      <div className={page$.page}>
        <LoadingBlock />
      </div>
    );
  return (
    <div className={page$.page}>
      <div className={cm.mb12}>
        <Link to={SITE.jobs}>{`‹ ${JT.card.back}`}</Link>
      </div>
      <div className={jc.hallLayout}>
        <div className={jc.hallMain}>
          <div className={`${jc.hallPanel} ${cm.col12}`} data-testid="job-card-public">
            <div className={jc.hallWho}>
              <UserAvatar src={d.member.avatar} size={48} />
              <div>
                <h1
                  className={page$.personTitle}
                >{`${d.member.username} · ${d.resume_category_v}${JT.card.operator}`}</h1>
                <div className={jc.hallMeta}>{`${JT.createTime}：${d.create_time}`}</div>
              </div>
            </div>
            <CardHead card={d} />
            <CardBody card={d} empty={{ cert: JT.card.noCerts, exp: JT.card.noCerts }} />
          </div>
        </div>
        <div className={jc.hallFb}>
          <LabourFeedback type="card" id={d.id} />
        </div>
        <div className={jc.hallSide}>
          <PhoneBox id={d.id} mask={d.phone_mask} />
        </div>
      </div>
    </div>
  );
}
