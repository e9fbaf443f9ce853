import type { TableColumnsType } from 'antd';
import { SEAL_STATUS_TEXT } from '@jizu/shared/constants/seal';
import type { TAdminSealRow } from '@jizu/shared/schemas/seal';
import { T } from '../app/texts';
import { SEAL_TONES } from '../ui/StatusTag';
import { ReviewQueue, Thumbs } from './VerifyReview';

const columns: TableColumnsType<TAdminSealRow> = [
  { title: T.sealReview.company, dataIndex: 'company_name', width: 220, ellipsis: true },
  { title: T.sealReview.name, dataIndex: 'name', width: 150 },
  { title: T.invoice.remark, dataIndex: 'remark', width: 120, render: (v: string) => v || '—' },
  { title: T.sealReview.image, key: 'image', width: 90, render: (_: unknown, r) => <Thumbs images={[[r.name, r.image]]} /> },
  { title: T.review.colUser, dataIndex: 'submitter', width: 130 },
  { title: T.review.colSubmitted, dataIndex: 'create_time', width: 170 },
  { title: T.review.colAudit, dataIndex: 'review_time', width: 170, render: (v: string) => v || '—' },
];

/** 印章审核: pass a company's seal (usable for contracts) or return it with a reason; the company is told by message. */
export default function SealReviewPage() {
  return (
    <ReviewQueue<TAdminSealRow>
      title={T.sealReview.title}
      path="/admin/seals"
      columns={columns}
      tabs={[1000, 1001, 1002]}
      tabLabel={(s) => T.sealReview.tabs[s]}
      statusText={(s) => SEAL_STATUS_TEXT[s] ?? String(s)}
      tones={SEAL_TONES}
    />
  );
}
