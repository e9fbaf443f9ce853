import type { TableColumnsType } from 'antd';
import type { TPersonReviewRow } from '@jizu/shared/schemas/verify';
import * as TxVerify from '../texts/verify';
import * as TxReview from '../texts/adminReview';
import { ReviewQueue, Thumbs } from './VerifyReview';

const columns: TableColumnsType<TPersonReviewRow> = [
  { title: TxReview.review.colUser, dataIndex: 'phone', width: 130 },
  { title: TxReview.review.colName, dataIndex: 'name', width: 100 },
  { title: TxReview.review.colCard, dataIndex: 'card', width: 190 },
  {
    title: TxReview.review.colImages,
    key: 'images',
    width: 160,
    render: (_: unknown, r) => (
      <Thumbs
        images={[
          [TxVerify.verify.cardFace, r.card_face],
          [TxVerify.verify.cardBack, r.card_back],
        ]}
      />
    ),
  },
  { title: TxReview.review.colSubmitted, dataIndex: 'create_time', width: 170 },
  { title: TxReview.review.colAudit, dataIndex: 'audit_time', width: 170, render: (v: string) => v || '—' },
];

/** 个人认证审核: the queue of personal verification submissions. */
export default function VerifyPersonPage() {
  return (
    <ReviewQueue<TPersonReviewRow>
      title={TxReview.review.person}
      path="/admin/verify/person"
      columns={columns}
      exportable
    />
  );
}
