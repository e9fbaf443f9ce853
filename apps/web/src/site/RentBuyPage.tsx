import { Card, Col, Pagination, Row, Tag } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TPage } from '@jizu/shared/errors';
import type { TRentBuyCard } from '@jizu/shared/schemas/shelf';
import { api } from '../api/client';
import { QueryState } from '../ui/QueryState';
import { StateView } from '../ui/StateView';
import { useUrlQuery } from '../ui/useUrlQuery';
import { RBT } from '../texts/shelf';
import cm from '../ui/common.module.css';
import s from './RentBuyPage.module.css';

const SIZE = 12;

function RentBuyCard({ c }: { c: TRentBuyCard }) {
  return (
    <Link to={c.href} data-testid="rentbuy-card" className={s.cardLink}>
      <Card
        hoverable
        className={s.card}
        classNames={{ body: s.cardBody }}
        cover={<img src={c.cover} alt={c.product_name_v} className={s.cover} loading="lazy" />}
      >
        <div className={cm.row8}>
          <strong className={s.name}>{c.product_name_v}</strong>
          {c.model && <Tag>{c.model}</Tag>}
        </div>
        <div className={s.place}>
          <EnvironmentOutlined /> {[c.province_v, c.city_v, c.area_v].filter(Boolean).join(' ')}
          {c.brand ? ` · ${c.brand}` : ''}
        </div>
        <div className={s.rent}>
          {RBT.monthRent} <strong className={s.rentValue}>¥{c.month_rent_v}</strong> ×{' '}
          {fmt(RBT.term, { n: c.lease_term })}
        </div>
        <div className={s.price}>
          {RBT.price} <strong>¥{c.selling_price_v}</strong>
        </div>
      </Card>
    </Link>
  );
}

/** /site/rentbuy: devices on effective shelves with their rent-to-own terms (月租 × 期数, 期满转让价). */
export default function RentBuyPage() {
  const { int, update } = useUrlQuery();
  const page = int('page', 1);
  const q = useQuery({
    queryKey: ['site', 'rentbuy', page],
    queryFn: () => api.get<TPage<TRentBuyCard>>('/site/rentbuy', { page, size: SIZE }, { noCompany: true }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className={s.page}>
      <h1 className={s.title}>{RBT.title}</h1>
      <div className={s.sub}>{RBT.sub}</div>
      <QueryState query={q} isEmpty={(d) => d.total === 0} empty={<StateView kind="empty" title={RBT.empty} />}>
        {(d) => (
          <>
            <div className={cm.tertiaryBelow}>{fmt(RBT.total, { n: d.total })}</div>
            <Row gutter={[16, 16]}>
              {d.data.map((c) => (
                <Col key={c.shelf_id} xs={24} sm={12} md={8} lg={6}>
                  <RentBuyCard c={c} />
                </Col>
              ))}
            </Row>
            {d.total > SIZE && (
              <Pagination
                className={s.pager}
                current={page}
                pageSize={SIZE}
                total={d.total}
                showSizeChanger={false}
                onChange={(p) => update({ page: p > 1 ? p : undefined })}
              />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
