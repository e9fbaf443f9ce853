import { Button, Descriptions, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { biddingUi as T, watchExtra, watchUi as W } from '../texts/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TBiddingBase, TBiddingLine } from '@jizu/shared/schemas/biddingView';
import { ApiError, api } from '../api/client';
import { useVisitor } from '../app/visitor';
import { useIsMobile } from '../app/useIsMobile';
import { LoadingBlock } from '../ui/QueryState';
import { StateView } from '../ui/StateView';
import css from './Bidding.module.css';
import cm from '../ui/common.module.css';
import { pageTitle } from '../texts/site';
import { isBiddingResponding } from '@jizu/shared/constants/bidding';

/** the small map of the project site: its own chunk, loaded after the page (first-load budget) */
const MapView = lazy(() => import('../ui/map/MapView'));

type TPublic = TBiddingBase & { respond_url: string };

/** /site/bidding/:id — a project's public page (its href / web_url, the QR code's target) with 参与报价 for providers. */
export default function BiddingPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const q = useQuery({
    queryKey: ['site', 'bidding', id],
    queryFn: () => api.get<TPublic>(`/site/bidding/${id}`, undefined, { noCompany: true, quiet: true }),
    enabled: id > 0,
    retry: false,
  });
  const me = useVisitor();
  const d = q.data;
  useEffect(() => {
    if (d) document.title = pageTitle(d.name, T.hallTitle);
  }, [d]);
  if (q.isError)
    return (
      <div className={css.page}>
        <StateView kind="empty" title={q.error instanceof ApiError ? q.error.msg : T.hallEmpty} />
      </div>
    );
  if (!d)
    return (
      <div className={css.page}>
        <LoadingBlock />
      </div>
    );
  const respond = () =>
    me.data ? navigate(d.respond_url) : navigate(`/login?redirect=${encodeURIComponent(d.respond_url)}`);
  return (
    <div className={css.page}>
      <div className={css.panel}>
        <div>
          <Tag color="blue">{d.classify_v}</Tag>
          <Tag color={isBiddingResponding(d) ? 'processing' : 'default'}>{d.status_v}</Tag>
        </div>
        <h1 className={css.detailTitle}>{d.name}</h1>
        <div className={css.meta}>
          {d.sn} · {T.deadline} {d.end_time} · {fmt(T.responders, { n: d.response_com_count })}
        </div>
        <div className={cm.mt12}>
          {d.respond_url ? (
            <Button type="primary" size="large" onClick={respond}>
              {T.respond}
            </Button>
          ) : (
            <Button disabled>{T.closedForQuotes}</Button>
          )}
        </div>
      </div>
      <div className={css.panel}>
        <h2>{W.basics}</h2>
        <Descriptions size="small" column={mobile ? 1 : 2}>
          <Descriptions.Item label={T.publisher}>{d.company_v}</Descriptions.Item>
          <Descriptions.Item label={W.siteAddress}>{`${d.region_v}${d.address}`}</Descriptions.Item>
          <Descriptions.Item label={W.projectType}>{d.type_v}</Descriptions.Item>
          <Descriptions.Item label={W.contact}>{`${d.contacts} ${d.tel}`}</Descriptions.Item>
          <Descriptions.Item label={W.overview} span={mobile ? 1 : 2}>
            {d.remark}
          </Descriptions.Item>
        </Descriptions>
        <Suspense fallback={null}>
          <MapView lng={d.lng} lat={d.lat} />
        </Suspense>
      </div>
      <div className={css.panel}>
        <h2>{W.requirements}</h2>
        <Descriptions size="small" column={mobile ? 1 : 3}>
          <Descriptions.Item label={W.invoice}>{d.invoice_type_v}</Descriptions.Item>
          <Descriptions.Item label={W.assets}>{d.registered_assets_v}</Descriptions.Item>
          <Descriptions.Item label={W.other}>{d.other || W.none}</Descriptions.Item>
        </Descriptions>
      </div>
      {d.req && (
        <div className={css.panel}>
          <h2>{W.engineering}</h2>
          <Descriptions size="small" column={mobile ? 1 : 3}>
            <Descriptions.Item label={W.quantity}>{`${d.req.num}${d.req.num_unit_v}`}</Descriptions.Item>
            <Descriptions.Item label={W.priceCap}>{d.req.limit_v}</Descriptions.Item>
            <Descriptions.Item label={W.billing}>{d.req.payment_type_v}</Descriptions.Item>
            <Descriptions.Item label={W.duration}>{d.req.time_v}</Descriptions.Item>
            <Descriptions.Item label={W.enterDate}>{d.req.enter_date}</Descriptions.Item>
            <Descriptions.Item label={W.inout}>{d.req.inout_v}</Descriptions.Item>
          </Descriptions>
        </div>
      )}
      <div className={css.panel}>
        <h2>{W.equipment}</h2>
        <Table<TBiddingLine>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={d.bidding_req_detail}
          columns={[
            { title: watchExtra.no, dataIndex: 'no', width: 60 },
            {
              title: W.equipment,
              key: 'p',
              render: (_: unknown, l) => `${l.eq_product_v}${l.model ? ` ${l.model}` : ''}`,
            },
            { title: watchExtra.eqNum, dataIndex: 'eq_num', width: 70 },
            { title: W.quantity, key: 'n', render: (_: unknown, l) => `${l.num}${l.num_unit_v}` },
            { title: W.billing, dataIndex: 'payment_type_v' },
            { title: W.priceCap, dataIndex: 'limit_v' },
            { title: W.enterDate, dataIndex: 'enter_date' },
            { title: W.inout, dataIndex: 'inout_v' },
          ]}
        />
      </div>
    </div>
  );
}
