import type { ReactNode } from 'react';
import { Button } from 'antd';
import { CommentOutlined, EyeOutlined, LikeOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  CARD_LIVE_STATES,
  CARD_STATUS,
  CARD_STATUS_LABEL,
  RECRUIT_STATUS,
  RECRUIT_STATUS_LABEL,
} from '@jizu/shared/constants/recruit';
import { SITE } from '@jizu/shared/constants/site';
import type { TLabourCenter } from '@jizu/shared/schemas/labour';
import { api } from '../../api/client';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { Pill } from '../../ui/StatusTag';
import { UserAvatar } from '../../ui/UserAvatar';
import { CENTER as T, OPERATOR_ROUTES as R } from '../../texts/operator';
import cm from '../../ui/common.module.css';
import s from './operator.module.css';

/** One figure with its label; a link when it leads to a filtered list. */
function Stat({ label, value, to }: { label: string; value: number; to?: string }) {
  const body = (
    <>
      <div className={to ? `${s.statValue} ${s.statLink}` : s.statValue}>{value}</div>
      <div className={cm.tertiary13}>{label}</div>
    </>
  );
  return (
    <div data-testid={`stat-${label}`} className={s.stat}>
      {to ? <Link to={to}>{body}</Link> : body}
    </div>
  );
}

const Stats = ({ children }: { children: ReactNode }) => <div className={s.stats}>{children}</div>;

function CenterBody({ d }: { d: TLabourCenter }) {
  const navigate = useNavigate();
  const n = (c: Record<string, number>, k: number) => c[String(k)] ?? 0;
  // a live card (spec/3 §4: one per user) is shown with its page, not a form that would only refuse a second
  const liveCard = CARD_LIVE_STATES.some((s) => n(d.card.by_status, s) > 0);
  return (
    <>
      <PageCard>
        <div className={s.profile}>
          <UserAvatar src={d.member.avatar} size={56} />
          <div className={s.who}>
            <div className={cm.title18}>
              {d.member.real_name || d.member.username}{' '}
              {d.member.verified ? (
                <Pill tone="success">{T.verified}</Pill>
              ) : (
                <Pill tone="warning">{T.unverified}</Pill>
              )}
            </div>
            <div className={s.phone}>
              {d.member.phone_v}
              {d.recruit.company_name && ` · ${T.hiringAs}${d.recruit.company_name}`}
            </div>
          </div>
          {!d.member.verified && (
            <Button type="primary" onClick={() => navigate('/dashboard/person')}>
              {T.goVerify}
            </Button>
          )}
        </div>
        {!d.member.verified && <div className={s.verifyHint}>{T.verifyHint}</div>}
      </PageCard>

      <div className={s.cards}>
        <PageCard title={T.cardTitle} extra={<Link to={R.jobCard}>{T.manage}</Link>} className={s.flushCard}>
          <Stats>
            <Stat
              label={CARD_STATUS_LABEL[CARD_STATUS.searching]}
              value={n(d.card.by_status, CARD_STATUS.searching)}
              to={R.jobCard}
            />
            <Stat
              label={CARD_STATUS_LABEL[CARD_STATUS.pending]}
              value={n(d.card.by_status, CARD_STATUS.pending)}
              to={R.jobCard}
            />
            <Stat
              label={CARD_STATUS_LABEL[CARD_STATUS.rejected]}
              value={n(d.card.by_status, CARD_STATUS.rejected)}
              to={R.jobCard}
            />
            <Stat label={T.received} value={d.comments.received} to={R.comments} />
          </Stats>
          <div data-testid="centre-counters" className={s.counters}>
            <span title={T.browse}>
              <EyeOutlined /> {T.browse} {d.card.browse_num}
            </span>
            <span title={T.comment}>
              <CommentOutlined /> {T.comment} {d.card.comment_num}
            </span>
            <span title={T.like}>
              <LikeOutlined /> {T.like} {d.card.like_num}
            </span>
          </div>
          {liveCard ? (
            <Button type="primary" block onClick={() => navigate(R.jobCard)}>
              {T.viewCard}
            </Button>
          ) : (
            <Button type="primary" block onClick={() => navigate(R.releaseJob)}>
              {T.publishCard}
            </Button>
          )}
        </PageCard>

        <PageCard title={T.recruitTitle} extra={<Link to={R.recruitment}>{T.manage}</Link>} className={s.flushCard}>
          <Stats>
            {(
              [
                RECRUIT_STATUS.hiring,
                RECRUIT_STATUS.pending,
                RECRUIT_STATUS.rejected,
                RECRUIT_STATUS.succeeded,
              ] as number[]
            ).map((s) => (
              <Stat
                key={s}
                label={RECRUIT_STATUS_LABEL[s]}
                value={n(d.recruit.by_status, s)}
                to={`${R.recruitment}?ident=${s}`}
              />
            ))}
          </Stats>
          <Button type="primary" block onClick={() => navigate(R.mentAdd)}>
            {T.publishRecruit}
          </Button>
        </PageCard>

        <PageCard title={T.trainingTitle} extra={<Link to={R.registration}>{T.records}</Link>} className={s.flushCard}>
          <Stats>
            <Stat label={T.enrolled} value={d.training.total} to={R.registration} />
            <Stat label={T.paid} value={d.training.paid} to={R.registration} />
          </Stats>
          <Button type="primary" block onClick={() => navigate(R.training)}>
            {T.enrol}
          </Button>
        </PageCard>
      </div>

      <PageCard title={T.linksTitle} className={s.linksCard}>
        <div className={s.links}>
          <Link to={SITE.jobs}>{T.jobHall}</Link>
          <Link to={SITE.hires}>{T.hireHall}</Link>
          <Link to={R.comments}>{T.myComments}</Link>
          <Link to={R.help}>
            <QuestionCircleOutlined /> {T.help}
          </Link>
        </div>
      </PageCard>
    </>
  );
}

/** /operator/index: the labour centre (spec/3 §2): member, job-card and hiring data, with entries to each page and training. */
export default function CenterPage() {
  // figures change elsewhere (a payment, a review, a comment): read afresh on every visit
  const q = useQuery({
    queryKey: ['recruit', 'center'],
    queryFn: () => api.get<TLabourCenter>('/recruit/center'),
    refetchOnMount: 'always',
  });
  return (
    <div>
      <PageHeader title={T.title} sub={T.sub} />
      <QueryState query={q}>{(d) => <CenterBody d={d} />}</QueryState>
    </div>
  );
}
