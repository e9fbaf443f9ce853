import { Descriptions, type TableColumnsType } from 'antd';
import type { TCompanyReviewRow } from '@jizu/shared/schemas/verify';
import * as TxVerify from '../texts/verify';
import * as TxReview from '../texts/adminReview';
import { ReviewQueue, Thumbs } from './VerifyReview';

const columns: TableColumnsType<TCompanyReviewRow> = [
  { title: TxReview.review.colCompany, dataIndex: 'name', width: 220 },
  { title: TxReview.review.colRegistNo, dataIndex: 'regist_no', width: 190 },
  { title: TxReview.review.colLegal, dataIndex: 'legal', width: 100 },
  { title: TxReview.review.colUser, dataIndex: 'phone', width: 130 },
  {
    title: TxReview.review.colImages,
    key: 'images',
    width: 250,
    render: (_: unknown, r) => (
      <Thumbs
        images={[
          [TxVerify.verify.charter, r.charter],
          [TxVerify.verify.cardFace, r.card_face],
          [TxVerify.verify.cardBack, r.card_back],
          [TxVerify.verify.certificate, r.certificate],
        ]}
      />
    ),
  },
  { title: TxReview.review.colSubmitted, dataIndex: 'create_time', width: 170 },
];

function Details({ r }: { r: TCompanyReviewRow }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
      <Descriptions.Item label={TxVerify.verify.region}>
        {[r.province_v, r.city_v, r.area_v].join(' ')}
      </Descriptions.Item>
      <Descriptions.Item label={TxVerify.verify.address}>{r.address}</Descriptions.Item>
      <Descriptions.Item label={TxVerify.verify.assets}>
        {r.registered_assets.toLocaleString('zh-CN')}
      </Descriptions.Item>
      <Descriptions.Item label={TxVerify.verify.foundDate}>{r.found_date}</Descriptions.Item>
      <Descriptions.Item label={TxVerify.verify.registrant}>{r.registrant}</Descriptions.Item>
      <Descriptions.Item label={TxVerify.verify.registrantCard}>{r.card}</Descriptions.Item>
      <Descriptions.Item label={TxVerify.verify.tel}>{r.tel}</Descriptions.Item>
      <Descriptions.Item label={TxReview.review.colAudit}>{r.audit_time || '—'}</Descriptions.Item>
    </Descriptions>
  );
}

/** 企业认证审核: the queue of company verification submissions (approval writes the company's register data). */
export default function VerifyCompanyPage() {
  return (
    <ReviewQueue<TCompanyReviewRow>
      title={TxReview.review.company}
      path="/admin/verify/company"
      exportable
      columns={columns}
      expanded={(r) => <Details r={r} />}
    />
  );
}
