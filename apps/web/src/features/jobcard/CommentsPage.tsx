import { Button, Pagination, Popconfirm } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RECRUIT_LIMITS } from '@jizu/shared/constants/recruit';
import { recruit as R } from '@jizu/shared/messages/recruit';
import type { TPage } from '@jizu/shared/errors';
import type { TCommentRow } from '@jizu/shared/schemas/jobcard';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { Pill } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { UserAvatar } from '../../ui/UserAvatar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { JT, cardKey, commentKey } from './jobcardUi';
import css from './JobCard.module.css';
import cm from '../../ui/common.module.css';

type TTab = 'receive' | 'publish';
const TABS: { key: TTab; label: string }[] = [
  { key: 'receive', label: JT.comments.receive },
  { key: 'publish', label: JT.comments.publish },
];

function CommentItem({ c }: { c: TCommentRow }) {
  const qc = useQueryClient();
  const del = useMutation({
    mutationFn: () => api.del(`/recruit/comment/${c.id}`),
    onSuccess: async () => {
      toast.success(R.deleted);
      await Promise.all([qc.invalidateQueries({ queryKey: commentKey }), qc.invalidateQueries({ queryKey: cardKey })]);
    },
  });
  return (
    <div className={css.card} data-testid="comment-item">
      <div className={css.top}>
        <UserAvatar src={c.member.avatar} size={36} />
        <div className={cm.shrink}>
          <div className={cm.medium}>{c.member.username}</div>
          <div className={css.meta}>{c.create_time}</div>
        </div>
        <span className={css.spacer} />
        <Popconfirm
          title={JT.comments.deleteTitle}
          description={JT.comments.deleteConfirm}
          okButtonProps={{ danger: true }}
          onConfirm={() => del.mutateAsync()}
        >
          <Button size="small" type="link" danger loading={del.isPending}>
            {JT.feedback.delete}
          </Button>
        </Popconfirm>
      </div>
      <p className={css.content}>{c.content}</p>
      <div className={`${css.top} ${css.commentHead}`}>
        <Pill tone="processing">{c.type_v}</Pill>
        <span>{c.resume_category}</span>
        <span className={css.meta}>{c.address}</span>
        <span className={css.spacer} />
        {c.view_url && <Link to={c.view_url}>{JT.comments.view}</Link>}
      </div>
    </div>
  );
}

/** /operator/comments (menu 4204): comments received on my cards and demands, and my own; page size 5. */
export default function CommentsPage() {
  const { params, update, int } = useUrlQuery();
  const tab: TTab = params.get('type') === 'publish' ? 'publish' : 'receive';
  const page = int('page', 1);
  const size = RECRUIT_LIMITS.pageSize;
  const q = useQuery({
    queryKey: [...commentKey, tab, page],
    queryFn: () => api.get<TPage<TCommentRow>>('/recruit/comment', { type: tab, page, size }),
    placeholderData: keepPreviousData,
  });
  return (
    <PageCard title={JT.comments.title}>
      <TabBar
        items={TABS}
        active={tab}
        onChange={(k) => update({ type: k === 'receive' ? undefined : k, page: undefined })}
      />
      <div className={cm.mt16}>
        <QueryState
          query={q}
          isEmpty={(d) => d.total === 0 && page === 1}
          empty={<StateView icon={<MessageOutlined className={css.emptyIcon} />} title={JT.comments.empty} />}
        >
          {(d) => (
            <div className={cm.col12}>
              {d.data.map((c) => (
                <CommentItem key={c.id} c={c} />
              ))}
              <Pagination
                size="small"
                align="end"
                current={page}
                pageSize={size}
                total={d.total}
                showSizeChanger={false}
                onChange={(p) => update({ page: p > 1 ? p : undefined })}
              />
            </div>
          )}
        </QueryState>
      </div>
    </PageCard>
  );
}
