import type { TableColumnsType } from 'antd';
import type { TPersonReviewRow } from '@jizu/shared/schemas/verify';
import * as TxAccount from '../texts/account';
import * as TxAdmin from '../texts/admin';
import { ReviewQueue, Thumbs } from './VerifyReview';

const columns: TableColumnsType<TPersonReviewRow> = [
  { title: TxAdmin.review.colUser, dataIndex: 'phone', width: 130 },
  { title: TxAdmin.review.colName, dataIndex: 'name', width: 100 },
  { title: TxAdmin.review.colCard, dataIndex: 'card', width: 190 },
  {
    title: TxAdmin.review.colImages,
    key: 'images',
    width: 160,
    render: (_: unknown, r) => (
      <Thumbs
        images={[
          [TxAccount.verify.cardFace, r.card_face],
          [TxAccount.verify.cardBack, r.card_back],
        ]}
      />
    ),
  },
  { title: TxAdmin.review.colSubmitted, dataIndex: 'create_time', width: 170 },
  { title: TxAdmin.review.colAudit, dataIndex: 'audit_time', width: 170, render: (v: string) => v || '—' },
];

/** 个人认证审核: the queue of personal verification submissions. */
export default function VerifyPersonPage() {
  return <ReviewQueue<TPersonReviewRow> title={TxAdmin.review.person} path="/admin/verify/person" columns={columns} />;
}
