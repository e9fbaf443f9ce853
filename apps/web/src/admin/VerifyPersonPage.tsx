import type { TableColumnsType } from 'antd';
import type { TPersonReviewRow } from '@jizu/shared/schemas/verify';
import { T } from '../app/texts';
import { ReviewQueue, Thumbs } from './VerifyReview';

const columns: TableColumnsType<TPersonReviewRow> = [
  { title: T.review.colUser, dataIndex: 'phone', width: 130 },
  { title: T.review.colName, dataIndex: 'name', width: 100 },
  { title: T.review.colCard, dataIndex: 'card', width: 190 },
  {
    title: T.review.colImages,
    key: 'images',
    width: 160,
    render: (_: unknown, r) => (
      <Thumbs
        images={[
          [T.verify.cardFace, r.card_face],
          [T.verify.cardBack, r.card_back],
        ]}
      />
    ),
  },
  { title: T.review.colSubmitted, dataIndex: 'create_time', width: 170 },
  { title: T.review.colAudit, dataIndex: 'audit_time', width: 170, render: (v: string) => v || '—' },
];

/** 个人认证审核: the queue of personal verification submissions. */
export default function VerifyPersonPage() {
  return <ReviewQueue<TPersonReviewRow> title={T.review.person} path="/admin/verify/person" columns={columns} />;
}
