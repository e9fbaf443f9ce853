import { useState } from 'react';
import { Button, Form, Input, Modal, Rate } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEW_CRITERIA, type TReviewSide } from '@jizu/shared/constants/review';
import { review as msg } from '@jizu/shared/messages/review';
import { fmt } from '@jizu/shared/messages/fmt';
import { ZProviderReviewAdd, ZTenantReviewAdd, type TOrderReviews } from '@jizu/shared/schemas/review';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { inputProps, rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { RVT } from '../../texts/review';
import cm from '../../ui/common.module.css';
import { REVIEW_PATH, reviewKey, useOrderReviews } from './reviewApi';
import { ReviewView } from './ReviewView';
import { ScoreBadge } from './ScoreBadge';
import s from './review.module.css';

const SCHEMA = { tenant: ZTenantReviewAdd, provider: ZProviderReviewAdd } as const;

/** The review form (antd Rate per criterion of the side, the optional text): rules from the shared schema. */
function ReviewDialog({ side, id, onClose }: { side: TReviewSide; id: number; onClose: () => void }) {
  const [form] = Form.useForm<Record<string, number | string>>();
  const qc = useQueryClient();
  const schema = SCHEMA[side];
  const save = useMutation({
    mutationFn: (v: Record<string, number | string>) => api.post(REVIEW_PATH[side], { ...v, id }),
    onSuccess: async () => {
      toast.success(msg.submitted);
      await qc.invalidateQueries({ queryKey: reviewKey });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={side === 'tenant' ? RVT.formTitleTenant : RVT.formTitleProvider}
      okText={RVT.submit}
      cancelText={RVT.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} data-testid="review-form">
        {REVIEW_CRITERIA[side].map((c) => (
          <Form.Item key={c.key} name={c.key} label={c.label} rules={rulesOf(schema, c.key)}>
            <Rate aria-label={c.label} data-testid={`rate-${c.key}`} />
          </Form.Item>
        ))}
        <Form.Item name="content" label={RVT.content} rules={rulesOf(schema, 'content')}>
          <Input.TextArea rows={4} placeholder={RVT.contentPh} {...inputProps(schema, 'content')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Theirs({ d }: { d: TOrderReviews }) {
  if (d.theirs) return <ReviewView r={d.theirs} title={`${RVT.theirs} · ${d.theirs.author}`} />;
  const text = !d.theirs_done ? RVT.theirsNone : d.published ? RVT.theirsHidden : RVT.theirsWaiting;
  return (
    <div className={cm.tertiary} data-testid="review-theirs-status">
      {text}
    </div>
  );
}

/**
 * The order's review block (/rent/order/watch, /rent-order/watch) once the order is completed: 评价 while the side
 * may, its own review once given, the other's once published.
 */
export function OrderReviews({ side, id }: { side: TReviewSide; id: number }) {
  const q = useOrderReviews(side, id);
  const [open, setOpen] = useState(false);
  const d = q.data;
  // before completion there is nothing to review (no window yet): the block appears with the completed order
  if (!d?.deadline) return null;
  return (
    <PageCard
      title={RVT.blockTitle}
      extra={
        d.can_review ? (
          <Button type="primary" data-testid="review-open" onClick={() => setOpen(true)}>
            {RVT.write}
          </Button>
        ) : null
      }
    >
      <div className={s.block} data-testid="order-reviews">
        {d.can_review ? (
          <div className={cm.tertiary}>{fmt(RVT.deadline, { date: d.deadline })}</div>
        ) : (
          !d.mine && <div className={cm.tertiary}>{RVT.closed}</div>
        )}
        {d.mine && <ReviewView r={d.mine} title={RVT.mine} />}
        <Theirs d={d} />
      </div>
      {open && <ReviewDialog side={side} id={id} onClose={() => setOpen(false)} />}
    </PageCard>
  );
}

/** The company card of an order: both parties' published averages beside their roles (the same call as the block). */
export function PartyScores({ side, id }: { side: TReviewSide; id: number }) {
  const d = useOrderReviews(side, id).data;
  if (!d) return null;
  return (
    <div className={s.cards} data-testid="party-scores">
      <span>
        {RVT.cardTenant} <ScoreBadge card={d.tenant_card} />
      </span>
      <span>
        {RVT.cardProvider} <ScoreBadge card={d.provider_card} />
      </span>
    </div>
  );
}
