import { useState } from 'react';
import { Alert, Button, Modal, Pagination, Popconfirm, Radio, Space } from 'antd';
import { IdcardOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { CARD_END_CHOICES, CARD_LIMITS, CARD_OP_LABEL, RECRUIT_LIMITS } from '@jizu/shared/constants/recruit';
import { jobcardTexts as J, recruit as R } from '@jizu/shared/messages/recruit';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TPage } from '@jizu/shared/errors';
import type { TJobCardRow } from '@jizu/shared/schemas/jobcard';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { CardBody, CardHead, Counters } from './CardBody';
import { CARD_TONES, JT, cardKey, formUrl } from './jobcardUi';
import css from './JobCard.module.css';
import cm from '../../ui/common.module.css';

type TEnd = 3 | 4;

/** The card's actions now (the row's option list): 编辑, 结束 (found a job 3 / closed 4), 重新发布, 查看. */
function Options({ card, onEnd }: { card: TJobCardRow; onEnd: (c: TJobCardRow) => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const republish = useMutation({
    mutationFn: () => api.put(`/recruit/card/${card.id}`, { type: 'republish' }),
    onSuccess: async () => {
      toast.success(J.republished);
      await qc.invalidateQueries({ queryKey: cardKey });
    },
  });
  return (
    <Space size={8} wrap>
      {card.option.includes('view') && (
        <Button size="small" onClick={() => navigate(card.view_url)}>
          {CARD_OP_LABEL.view}
        </Button>
      )}
      {card.option.includes('edit') && (
        <Button size="small" onClick={() => navigate(formUrl(card.id))}>
          {CARD_OP_LABEL.edit}
        </Button>
      )}
      {card.option.includes('end') && (
        <Button size="small" danger onClick={() => onEnd(card)}>
          {CARD_OP_LABEL.end}
        </Button>
      )}
      {card.option.includes('republish') && (
        <Popconfirm
          title={JT.republishTitle}
          description={JT.republishConfirm}
          onConfirm={() => republish.mutateAsync()}
        >
          <Button size="small" type="primary" loading={republish.isPending}>
            {CARD_OP_LABEL.republish}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** The live card in full: every field of the spec's card, the review reason, counters and actions. */
function LiveCard({ card, onEnd }: { card: TJobCardRow; onEnd: (c: TJobCardRow) => void }) {
  const addLink = (section: 'sign' | 'work', text: string) =>
    card.option.includes('edit') ? (
      <Link to={formUrl(card.id, section)}>
        <PlusOutlined /> {text}
      </Link>
    ) : undefined;
  return (
    <div className={css.card} data-testid="job-card">
      <CardHead card={card}>
        <span className={css.spacer} />
        <StatusTag status={card.audit_status} text={card.audit_status_v} tones={CARD_TONES} />
      </CardHead>
      {card.audit_reason && <div className={css.reason}>{fmt(JT.reason, { reason: card.audit_reason })}</div>}
      <CardBody card={card} empty={{ cert: addLink('sign', JT.addCertLink), exp: addLink('work', JT.addExpLink) }} />
      <div className={css.foot}>
        <Counters card={card} />
        <span className={css.meta}>{`${JT.createTime}：${card.create_time}`}</span>
        <span className={css.spacer} />
        <Options card={card} onEnd={onEnd} />
      </div>
    </div>
  );
}

/** An ended card in the history: the text trimmed to 50 characters (spec/3 §9). */
function HistoryCard({ card }: { card: TJobCardRow }) {
  const text = [...card.content];
  return (
    <div className={css.card} data-testid="history-card">
      <CardHead card={card}>
        <span className={css.spacer} />
        <StatusTag status={card.audit_status} text={card.audit_status_v} tones={CARD_TONES} />
      </CardHead>
      <div className={css.meta}>{`${card.region_v} ${card.address}`}</div>
      <p className={css.content}>
        {text.length > RECRUIT_LIMITS.listExcerpt
          ? `${text.slice(0, RECRUIT_LIMITS.listExcerpt).join('')}…`
          : card.content}
      </p>
      <div className={css.foot}>
        <Counters card={card} />
        <span className={css.meta}>{`${JT.createTime}：${card.create_time}`}</span>
        <span className={css.spacer} />
        <Options card={card} onEnd={() => undefined} />
      </div>
    </div>
  );
}

/** /operator/jobCard (menu 4202): the live card and the history; ?statusAll shows the review notice. */
export default function JobCardListPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { params, update, int } = useUrlQuery();
  const page = int('page', 1);
  const [ending, setEnding] = useState<TJobCardRow | null>(null);
  const [sta, setSta] = useState<TEnd>(CARD_END_CHOICES[0].sta);
  const my = useQuery({
    queryKey: [...cardKey, 'my'],
    queryFn: () => api.get<TPage<TJobCardRow>>('/recruit/card', { type: 'my', size: CARD_LIMITS.hallPageSize }),
  });
  const history = useQuery({
    queryKey: [...cardKey, 'history', page],
    queryFn: () =>
      api.get<TPage<TJobCardRow>>('/recruit/card', { type: 'history', page, size: RECRUIT_LIMITS.pageSize }),
    placeholderData: keepPreviousData,
  });
  const end = useMutation({
    mutationFn: (v: { id: number; sta: TEnd }) => api.put(`/recruit/card/${v.id}`, { type: 'end', sta: v.sta }),
    onSuccess: async () => {
      toast.success(R.stateChanged);
      setEnding(null);
      await qc.invalidateQueries({ queryKey: cardKey });
    },
  });
  const live = my.data?.data ?? [];
  // the dialog opens on 已找到工作 each time (set with the card, not after the opening motion, which a quick choice can beat)
  const askEnd = (c: TJobCardRow) => {
    setSta(CARD_END_CHOICES[0].sta);
    setEnding(c);
  };
  return (
    <>
      <PageCard
        title={JT.listTitle}
        extra={
          my.isSuccess &&
          !live.length && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(formUrl())}>
              {JT.publish}
            </Button>
          )
        }
      >
        {params.has('statusAll') && (
          <Alert
            type="info"
            showIcon
            closable={{ onClose: () => update({ statusAll: undefined }) }}
            className={css.notice}
            title={R.cardStatusAllNotice}
          />
        )}
        <QueryState
          query={my}
          isEmpty={(d) => d.total === 0}
          empty={
            <StateView
              icon={<IdcardOutlined className={css.emptyIcon} />}
              title={JT.empty}
              sub={JT.emptyHint}
              extra={
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(formUrl())}>
                  {JT.publish}
                </Button>
              }
            />
          }
        >
          {(d) => (
            <div className={cm.col16}>
              {d.data.map((c) => (
                <LiveCard key={c.id} card={c} onEnd={askEnd} />
              ))}
            </div>
          )}
        </QueryState>
      </PageCard>
      <PageCard title={JT.history}>
        <QueryState
          query={history}
          isEmpty={(d) => d.total === 0 && page === 1}
          empty={<StateView kind="empty" title={JT.historyEmpty} />}
        >
          {(d) => (
            <div className={cm.col12}>
              {d.data.map((c) => (
                <HistoryCard key={c.id} card={c} />
              ))}
              <Pagination
                size="small"
                align="end"
                current={page}
                pageSize={RECRUIT_LIMITS.pageSize}
                total={d.total}
                showSizeChanger={false}
                onChange={(p) => update({ page: p > 1 ? p : undefined })}
              />
            </div>
          )}
        </QueryState>
      </PageCard>
      <Modal
        title={JT.endTitle}
        open={!!ending}
        destroyOnHidden
        okText={JT.endOk}
        okButtonProps={{ danger: true, loading: end.isPending }}
        onCancel={() => setEnding(null)}
        onOk={() => ending && end.mutate({ id: ending.id, sta })}
      >
        <p>{R.endCardNotice}</p>
        <Radio.Group
          value={sta}
          onChange={(e) => setSta(e.target.value as TEnd)}
          options={CARD_END_CHOICES.map((c) => ({ value: c.sta, label: c.label }))}
        />
      </Modal>
    </>
  );
}
