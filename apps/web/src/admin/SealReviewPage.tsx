import { Image, type TableColumnsType } from 'antd';
import { SEAL_STATUS_TEXT } from '@jizu/shared/constants/seal';
import type { TAdminSealRow } from '@jizu/shared/schemas/seal';
import { T } from '../app/texts';
import { SEAL_TONES } from '../ui/StatusTag';
import { ReviewQueue } from './VerifyReview';

const columns: TableColumnsType<TAdminSealRow> = [
  { title: T.sealReview.company, dataIndex: 'company_name', width: 220, ellipsis: true },
  { title: T.sealReview.name, dataIndex: 'name', width: 150 },
  { title: T.invoice.remark, dataIndex: 'remark', width: 120, render: (v: string) => v || '—' },
  // the whole seal, on a checkerboard so the reviewer sees the transparency (a cover crop would cut the ring)
  {
    title: T.sealReview.image,
    key: 'image',
    width: 90,
    render: (_: unknown, r) => (
      <Image src={r.image} alt={r.name} title={r.name} width={56} height={56} style={{ objectFit: 'contain', borderRadius: 4, border: '1px solid #f0f0f0', background: 'repeating-conic-gradient(#f3f3f3 0% 25%, #fff 0% 50%) 50% / 10px 10px' }} />
    ),
  },
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
