import { Image, Radio, type TableColumnsType } from 'antd';
import { SEAL_RETURNS, SEAL_STATUS, SEAL_STATUS_TEXT } from '@jizu/shared/constants/seal';
import type { TAdminSealRow } from '@jizu/shared/schemas/seal';
import * as TxReview from '../texts/adminReview';
import * as TxCompany from '../texts/company';
import { SEAL_TONES } from '../ui/StatusTag';
import { ReviewQueue, type TRejectExtra } from './VerifyReview';
import ac from './admin.module.css';

const columns: TableColumnsType<TAdminSealRow> = [
  { title: TxReview.sealReview.company, dataIndex: 'company_name', width: 220, ellipsis: true },
  { title: TxReview.sealReview.name, dataIndex: 'name', width: 150 },
  { title: TxCompany.invoice.remark, dataIndex: 'remark', width: 120, render: (v: string) => v || '—' },
  // the whole seal, on a checkerboard so the reviewer sees the transparency (a cover crop would cut the ring)
  {
    title: TxReview.sealReview.image,
    key: 'image',
    width: 90,
    render: (_: unknown, r) => (
      <Image src={r.image} alt={r.name} title={r.name} width={56} height={56} className={ac.seal} />
    ),
  },
  { title: TxReview.review.colUser, dataIndex: 'submitter', width: 130 },
  { title: TxReview.review.colSubmitted, dataIndex: 'create_time', width: 170 },
  { title: TxReview.review.colAudit, dataIndex: 'review_time', width: 170, render: (v: string) => v || '—' },
];

/** The kind of return (SEAL_RETURNS of the transition table: 1002 image, 1003 details), sent as `status`. */
const returnKind: TRejectExtra = {
  name: 'status',
  initial: SEAL_RETURNS[0].status,
  render: (value, onChange) => (
    <div role="group" aria-label={TxReview.sealReview.returnKind}>
      <div className={ac.returnLabel}>{TxReview.sealReview.returnKind}</div>
      <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} className={ac.returnKinds}>
        {SEAL_RETURNS.map((r) => (
          <Radio key={r.status} value={r.status}>
            {TxReview.sealReview.returnKinds[r.status]}
            <span className={ac.returnHint}>{TxReview.sealReview.returnHints[r.status]}</span>
          </Radio>
        ))}
      </Radio.Group>
    </div>
  ),
};

/**
 * 印章审核: pass a company's seal (usable for contracts) or return it with a reason, for the image or for the
 * details; the company is told by message.
 */
export default function SealReviewPage() {
  return (
    <ReviewQueue<TAdminSealRow>
      title={TxReview.sealReview.title}
      path="/admin/seals"
      columns={columns}
      tabs={[SEAL_STATUS.review, SEAL_STATUS.passed, SEAL_STATUS.imageReturned]}
      tabLabel={(s) => TxReview.sealReview.tabs[s]}
      statusText={(s) => SEAL_STATUS_TEXT[s] ?? String(s)}
      tones={SEAL_TONES}
      rejectTitle={TxReview.sealReview.rejectTitle}
      rejectLabel={TxReview.sealReview.reject}
      rejectedText={TxReview.sealReview.rejected}
      rejectExtra={returnKind}
      exportable
    />
  );
}
