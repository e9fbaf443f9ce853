import { Descriptions, type TableColumnsType } from 'antd';
import type { TCompanyReviewRow } from '@jizu/shared/schemas/verify';
import * as TxAccount from '../texts/account';
import * as TxAdmin from '../texts/admin';
import { ReviewQueue, Thumbs } from './VerifyReview';

const columns: TableColumnsType<TCompanyReviewRow> = [
  { title: TxAdmin.review.colCompany, dataIndex: 'name', width: 220 },
  { title: TxAdmin.review.colRegistNo, dataIndex: 'regist_no', width: 190 },
  { title: TxAdmin.review.colLegal, dataIndex: 'legal', width: 100 },
  { title: TxAdmin.review.colUser, dataIndex: 'phone', width: 130 },
  {
    title: TxAdmin.review.colImages,
    key: 'images',
    width: 250,
    render: (_: unknown, r) => (
      <Thumbs
        images={[
          [TxAccount.verify.charter, r.charter],
          [TxAccount.verify.cardFace, r.card_face],
          [TxAccount.verify.cardBack, r.card_back],
          [TxAccount.verify.certificate, r.certificate],
        ]}
      />
    ),
  },
  { title: TxAdmin.review.colSubmitted, dataIndex: 'create_time', width: 170 },
];

function Details({ r }: { r: TCompanyReviewRow }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
      <Descriptions.Item label={TxAccount.verify.region}>{[r.province_v, r.city_v, r.area_v].join(' ')}</Descriptions.Item>
      <Descriptions.Item label={TxAccount.verify.address}>{r.address}</Descriptions.Item>
      <Descriptions.Item label={TxAccount.verify.assets}>{r.registered_assets.toLocaleString('zh-CN')}</Descriptions.Item>
      <Descriptions.Item label={TxAccount.verify.foundDate}>{r.found_date}</Descriptions.Item>
      <Descriptions.Item label={TxAccount.verify.registrant}>{r.registrant}</Descriptions.Item>
      <Descriptions.Item label={TxAccount.verify.registrantCard}>{r.card}</Descriptions.Item>
      <Descriptions.Item label={TxAccount.verify.tel}>{r.tel}</Descriptions.Item>
      <Descriptions.Item label={TxAdmin.review.colAudit}>{r.audit_time || '—'}</Descriptions.Item>
    </Descriptions>
  );
}

/** 企业认证审核: the queue of company verification submissions (approval writes the company's register data). */
export default function VerifyCompanyPage() {
  return <ReviewQueue<TCompanyReviewRow> title={TxAdmin.review.company} path="/admin/verify/company" columns={columns} expanded={(r) => <Details r={r} />} />;
}
