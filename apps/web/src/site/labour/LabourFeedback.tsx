import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Pagination, Popconfirm } from 'antd';
import { LikeFilled, LikeOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CARD_LIMITS } from '@jizu/shared/constants/recruit';
import { recruit as R } from '@jizu/shared/messages/recruit';
import type { TPage } from '@jizu/shared/errors';
import {
  ZCommentSave,
  type TLabourStat,
  type TLabourTypeName,
  type TTargetComment,
} from '@jizu/shared/schemas/jobcard';
import { api } from '../../api/client';
import { useVisitor } from '../../app/visitor';
import { toast } from '../../app/toast';
import { JT } from '../../features/jobcard/jobcardUi';
import { inputProps, rulesOf } from '../../ui/formRules';
import { UserAvatar } from '../../ui/UserAvatar';
import css from '../../features/jobcard/JobCard.module.css';
import fb from './LabourFeedback.module.css';

const T = JT.feedback;
const quiet = { noCompany: true, quiet: true } as const;

/**
 * The comments and likes of a public job card or hiring demand ({type, id}): records the visit (each viewer counts
 * once a day), shows the counters and a like button, the comments page by page (one's own can be deleted), and a
 * comment form for logged-in users whose rules come from the shared schema. The hiring page drops it in the same way.
 */
export function LabourFeedback({ type, id }: { type: TLabourTypeName; id: number }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const me = useVisitor();
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<{ content: string }>();
  const statKey = ['site', 'labour', 'stat', type, id, !!me.data];
  const listKey = ['site', 'labour', 'comment', type, id];
  const stat = useQuery({
    queryKey: statKey,
    queryFn: () => api.get<TLabourStat>('/site/labour/stat', { type, id }, quiet),
    enabled: !me.isPending,
  });
  const list = useQuery({
    queryKey: [...listKey, page, !!me.data],
    queryFn: () =>
      api.get<TPage<TTargetComment>>(
        '/site/labour/comment',
        { type, id, page, size: CARD_LIMITS.commentPageSize },
        quiet,
      ),
    placeholderData: keepPreviousData,
    enabled: !me.isPending,
  });
  const counted = useRef('');
  useEffect(() => {
    const k = `${type}:${id}`;
    if (counted.current === k) return;
    counted.current = k;
    void api
      .post<Omit<TLabourStat, 'liked'>>('/site/labour/view', { type, id }, quiet)
      .then((c) =>
        qc.setQueriesData<TLabourStat>({ queryKey: ['site', 'labour', 'stat', type, id] }, (s) =>
          s ? { ...s, ...c } : s,
        ),
      )
      .catch(() => undefined);
  }, [type, id, qc]);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: listKey }),
      qc.invalidateQueries({ queryKey: ['site', 'labour', 'stat', type, id] }),
    ]);
  const toLogin = () => navigate(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
  const like = useMutation({
    mutationFn: (v: boolean) =>
      api.post<{ liked: boolean; like_num: number }>('/recruit/like', { type, id, like: v }, { noCompany: true }),
    onSuccess: (r) => qc.setQueryData<TLabourStat>(statKey, (s) => (s ? { ...s, ...r } : s)),
  });
  const send = useMutation({
    mutationFn: (v: { content: string }) =>
      api.post('/recruit/comment', { type, id, content: v.content }, { noCompany: true }),
    onSuccess: async () => {
      toast.success(R.commented);
      form.resetFields();
      setPage(1);
      await refresh();
    },
  });
  const del = useMutation({
    mutationFn: (cid: number) => api.del(`/recruit/comment/${cid}`, undefined, { noCompany: true }),
    onSuccess: async () => {
      toast.success(R.deleted);
      await refresh();
    },
  });
  const s = stat.data;
  return (
    <section className={css.fbBox} data-testid="labour-feedback">
      <div className={css.fbBar}>
        <span className={css.fbCounts}>
          <span>{`${JT.browse} ${s?.browse_num ?? 0}`}</span>
          <span>{`${JT.comment} ${s?.comment_num ?? 0}`}</span>
        </span>
        <Button
          shape="round"
          type={s?.liked ? 'primary' : 'default'}
          icon={s?.liked ? <LikeFilled /> : <LikeOutlined />}
          loading={like.isPending}
          aria-pressed={!!s?.liked}
          title={me.data ? undefined : T.loginToLike}
          onClick={() => (me.data ? like.mutate(!s?.liked) : toLogin())}
        >
          {`${s?.liked ? T.liked : T.like} ${s?.like_num ?? 0}`}
        </Button>
      </div>
      <h2 className={css.fbTitle}>{`${T.title}（${s?.comment_num ?? 0}）`}</h2>
      {me.data ? (
        <Form form={form} onFinish={(v) => send.mutate(v)} className={css.fbForm}>
          <Form.Item name="content" rules={rulesOf(ZCommentSave, 'content')} className={fb.contentItem}>
            <Input.TextArea
              rows={3}
              placeholder={T.placeholder}
              aria-label={T.title}
              {...inputProps(ZCommentSave, 'content')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {T.submit}
          </Button>
        </Form>
      ) : (
        <Button onClick={toLogin} className={css.fbForm}>
          {T.loginToComment}
        </Button>
      )}
      <div className={css.fbList}>
        {list.data && !list.data.total && <div className={css.fbEmpty}>{T.empty}</div>}
        {list.data?.data.map((c) => (
          <div key={c.id} className={css.fbItem} data-testid="labour-comment">
            <UserAvatar src={c.member.avatar} size={36} />
            <div className={css.fbBody}>
              <div className={css.fbHead}>
                <span className={css.fbName}>{c.member.username}</span>
                {c.mine && <span className={css.fbMine}>{T.mine}</span>}
                <span className={css.fbTime}>{c.create_time}</span>
                {c.mine && (
                  <Popconfirm
                    title={T.deleteConfirm}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => del.mutateAsync(c.id)}
                  >
                    <Button size="small" type="link" danger>
                      {T.delete}
                    </Button>
                  </Popconfirm>
                )}
              </div>
              <p className={css.fbText}>{c.content}</p>
            </div>
          </div>
        ))}
        {(list.data?.total ?? 0) > CARD_LIMITS.commentPageSize && (
          <Pagination
            size="small"
            align="center"
            current={page}
            pageSize={CARD_LIMITS.commentPageSize}
            total={list.data?.total}
            showSizeChanger={false}
            onChange={setPage}
          />
        )}
      </div>
    </section>
  );
}
