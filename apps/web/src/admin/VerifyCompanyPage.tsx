import { Descriptions, type TableColumnsType } from 'antd';
import type { TCompanyReviewRow } from '@jizu/shared/schemas/verify';
import { T } from '../app/texts';
import { ReviewQueue, Thumbs } from './VerifyReview';

const columns: TableColumnsType<TCompanyReviewRow> = [
  { title: T.review.colCompany, dataIndex: 'name', width: 220 },
  { title: T.review.colRegistNo, dataIndex: 'regist_no', width: 190 },
  { title: T.review.colLegal, dataIndex: 'legal', width: 100 },
  { title: T.review.colUser, dataIndex: 'phone', width: 130 },
  {
    title: T.review.colImages,
    key: 'images',
    width: 250,
    render: (_: unknown, r) => (
      <Thumbs
        images={[
          [T.verify.charter, r.charter],
          [T.verify.cardFace, r.card_face],
          [T.verify.cardBack, r.card_back],
          [T.verify.certificate, r.certificate],
        ]}
      />
    ),
  },
  { title: T.review.colSubmitted, dataIndex: 'create_time', width: 170 },
];

function Details({ r }: { r: TCompanyReviewRow }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
      <Descriptions.Item label={T.verify.region}>{[r.province_v, r.city_v, r.area_v].join(' ')}</Descriptions.Item>
      <Descriptions.Item label={T.verify.address}>{r.address}</Descriptions.Item>
      <Descriptions.Item label={T.verify.assets}>{r.registered_assets.toLocaleString('zh-CN')}</Descriptions.Item>
      <Descriptions.Item label={T.verify.foundDate}>{r.found_date}</Descriptions.Item>
      <Descriptions.Item label={T.verify.registrant}>{r.registrant}</Descriptions.Item>
      <Descriptions.Item label={T.verify.registrantCard}>{r.card}</Descriptions.Item>
      <Descriptions.Item label={T.verify.tel}>{r.tel}</Descriptions.Item>
      <Descriptions.Item label={T.review.colAudit}>{r.audit_time || '—'}</Descriptions.Item>
    </Descriptions>
  );
}

/** 企业认证审核: the queue of company verification submissions (approval writes the company's register data). */
export default function VerifyCompanyPage() {
  return <ReviewQueue<TCompanyReviewRow> title={T.review.company} path="/admin/verify/company" columns={columns} expanded={(r) => <Details r={r} />} />;
}
