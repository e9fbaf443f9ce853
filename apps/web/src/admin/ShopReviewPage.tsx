import { Image, Tabs, type TableColumnsType } from 'antd';
import {
  CASE_STATUS,
  CASE_STATUS_TEXT,
  COVER_STATUS,
  COVER_STATUS_TEXT,
  HONOUR_STATUS,
  HONOUR_STATUS_TEXT,
  SHOP_STATUS,
  SHOP_STATUS_TEXT,
} from '@jizu/shared/constants/shop';
import type { TAdminCaseRow, TAdminCoverRow, TAdminHonourRow, TAdminShopRow } from '@jizu/shared/schemas/shop';
import { ST } from '../texts/shop';
import { useUrlQuery } from '../ui/useUrlQuery';
import type { TTone } from '../ui/StatusTag';
import { ReviewQueue } from './VerifyReview';
import ac from './admin.module.css';

const thumb = (src: string, alt: string, w = 64, h = 48) => (
  <Image src={src} alt={alt} width={w} height={h} className={ac.thumb} />
);
const base = {
  company: { title: ST.colCompany, dataIndex: 'company_name', width: 200, ellipsis: true },
  shop: { title: ST.colShop, dataIndex: 'shop_name', width: 160 },
  time: { title: ST.colSubmitted, dataIndex: 'create_time', width: 170 },
} as const;

const shopColumns: TableColumnsType<TAdminShopRow> = [
  { title: ST.colLogo, key: 'logo', width: 80, render: (_: unknown, r) => thumb(r.company_logo, r.shop_name, 48, 48) },
  base.shop,
  base.company,
  { title: ST.colBusiness, dataIndex: 'main_business_v', width: 200 },
  { title: ST.colProduct, dataIndex: 'main_product', width: 160, ellipsis: true },
  { title: ST.colArea, dataIndex: 'service_area', width: 140, ellipsis: true },
  base.time,
];
const coverColumns: TableColumnsType<TAdminCoverRow> = [
  {
    title: ST.colCover,
    key: 'cover',
    width: 200,
    render: (_: unknown, r) => thumb(r.shop_cover, r.shop_name, 180, 60),
  },
  base.shop,
  base.company,
  base.time,
];
const caseColumns: TableColumnsType<TAdminCaseRow> = [
  { title: ST.colImage, key: 'cover', width: 90, render: (_: unknown, r) => thumb(r.cover, r.title) },
  { title: ST.colTitle, dataIndex: 'title', width: 200 },
  base.shop,
  base.company,
  base.time,
];
const honourColumns: TableColumnsType<TAdminHonourRow> = [
  { title: ST.colImage, key: 'img', width: 90, render: (_: unknown, r) => thumb(r.img, r.name) },
  { title: ST.colName, dataIndex: 'name', width: 180 },
  base.shop,
  base.company,
  base.time,
];

const tones = (pending: number, ok: number, bad: number): Record<number, TTone> => ({
  [pending]: 'processing',
  [ok]: 'success',
  [bad]: 'error',
});
const labels = (pending: number, ok: number) => (s: number) =>
  s === pending ? ST.queueTabs.pending : s === ok ? ST.queueTabs.approved : ST.queueTabs.rejected;
const KINDS = ['shop', 'cover', 'case', 'honour'] as const;
type TKind = (typeof KINDS)[number];

/** 店铺审核: one page with the four queues (shops, focus images, cases, honours); every decision is messaged to the shop company. */
export default function ShopReviewPage() {
  const { params, update } = useUrlQuery();
  const kind: TKind = (KINDS as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as TKind)
    : 'shop';
  const common = { title: ST.reviewTitle };
  return (
    <>
      <Tabs
        activeKey={kind}
        onChange={(k) => update({ kind: k === 'shop' ? undefined : k, status: undefined, page: undefined })}
        items={KINDS.map((k) => ({ key: k, label: ST.adminTabs[k] }))}
        className={ac.kindTabs}
      />
      {kind === 'shop' && (
        <ReviewQueue<TAdminShopRow>
          key="shop"
          {...common}
          path="/admin/shops"
          exportable
          columns={shopColumns}
          tabs={[SHOP_STATUS.review, SHOP_STATUS.approved, SHOP_STATUS.rejected]}
          tabLabel={labels(SHOP_STATUS.review, SHOP_STATUS.approved)}
          statusText={(s) => SHOP_STATUS_TEXT[s] ?? String(s)}
          tones={tones(SHOP_STATUS.review, SHOP_STATUS.approved, SHOP_STATUS.rejected)}
          expanded={(r) => <p className={ac.expanded}>{r.company_desc}</p>}
        />
      )}
      {kind === 'cover' && (
        <ReviewQueue<TAdminCoverRow>
          key="cover"
          {...common}
          path="/admin/shop-covers"
          exportable
          columns={coverColumns}
          tabs={[COVER_STATUS.review, COVER_STATUS.approved, COVER_STATUS.failed]}
          tabLabel={labels(COVER_STATUS.review, COVER_STATUS.approved)}
          statusText={(s) => COVER_STATUS_TEXT[s] ?? String(s)}
          tones={tones(COVER_STATUS.review, COVER_STATUS.approved, COVER_STATUS.failed)}
        />
      )}
      {kind === 'case' && (
        <ReviewQueue<TAdminCaseRow>
          key="case"
          {...common}
          path="/admin/shop-cases"
          exportable
          columns={caseColumns}
          tabs={[CASE_STATUS.review, CASE_STATUS.approved, CASE_STATUS.failed]}
          tabLabel={labels(CASE_STATUS.review, CASE_STATUS.approved)}
          statusText={(s) => CASE_STATUS_TEXT[s] ?? String(s)}
          tones={tones(CASE_STATUS.review, CASE_STATUS.approved, CASE_STATUS.failed)}
          expanded={(r) => <p className={ac.expanded}>{r.content}</p>}
        />
      )}
      {kind === 'honour' && (
        <ReviewQueue<TAdminHonourRow>
          key="honour"
          {...common}
          path="/admin/shop-honours"
          exportable
          columns={honourColumns}
          tabs={[HONOUR_STATUS.review, HONOUR_STATUS.approved, HONOUR_STATUS.rejected]}
          tabLabel={labels(HONOUR_STATUS.review, HONOUR_STATUS.approved)}
          statusText={(s) => HONOUR_STATUS_TEXT[s] ?? String(s)}
          tones={tones(HONOUR_STATUS.review, HONOUR_STATUS.approved, HONOUR_STATUS.rejected)}
        />
      )}
    </>
  );
}
