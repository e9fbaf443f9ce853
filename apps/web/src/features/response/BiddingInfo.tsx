import { Descriptions, Space, Tag } from 'antd';
import { offer as msg_offer } from '@jizu/shared/messages/offer';
import type { TBiddingBase, TBiddingLine } from '@jizu/shared/schemas/biddingView';
import { StatusTag } from '../../ui/StatusTag';
import s from './response.module.css';
import cm from '../../ui/common.module.css';

const M = msg_offer;

/** The requirements of a line in one text: payment type, time, entry date, age, driver, inout, oil, boarding. */
export const lineReqs = (l: TBiddingLine) =>
  [l.payment_type_v, l.time_v, l.enter_date, l.age_v, l.driver_v, l.inout_v, l.oil_v, l.boarding_v]
    .filter(Boolean)
    .join(' · ');

/** The project as a provider reads it: head, basics, provider requirements, the engineering block (comprehensive). */
export function BiddingInfo({ b, mobile, lines }: { b: TBiddingBase; mobile: boolean; lines?: boolean }) {
  const col = mobile ? 1 : 3;
  return (
    <div className={cm.col16}>
      <div>
        <Space size={8} wrap className={s.head}>
          <StatusTag
            status={b.status}
            text={b.status_v}
            tones={{ 1: 'processing', 2: 'warning', 3: 'success', 4: 'default' }}
          />
          <Tag color={b.classify === 1 ? 'blue' : 'purple'}>{b.classify_v}</Tag>
        </Space>
        <div className={cm.title18}>{b.name}</div>
        <div className={cm.muted13}>
          {b.sn} · {M.deadline} {b.end_time}
        </div>
      </div>
      <Descriptions title={M.basics} size="small" column={col} bordered={!mobile} classNames={{ label: s.label }}>
        <Descriptions.Item label={M.tenant}>{b.company_v}</Descriptions.Item>
        <Descriptions.Item label={M.projectType}>{b.type_v}</Descriptions.Item>
        <Descriptions.Item label={M.paymentType}>{b.payment_type_v}</Descriptions.Item>
        <Descriptions.Item label={M.address} span={mobile ? 1 : 3}>
          {b.region_v}
          {b.address}
        </Descriptions.Item>
        <Descriptions.Item label={M.overview} span={mobile ? 1 : 3}>
          <div className={s.preWrap}>{b.remark}</div>
        </Descriptions.Item>
      </Descriptions>
      <Descriptions title={M.requirements} size="small" column={col} bordered={!mobile} classNames={{ label: s.label }}>
        <Descriptions.Item label={M.invoiceType}>{b.invoice_type_v}</Descriptions.Item>
        <Descriptions.Item label={M.registeredAssets}>{b.registered_assets_v}</Descriptions.Item>
        <Descriptions.Item label={M.other}>{b.other || M.none}</Descriptions.Item>
      </Descriptions>
      {b.req && (
        <Descriptions
          title={M.engineering}
          size="small"
          column={col}
          bordered={!mobile}
          classNames={{ label: s.label }}
        >
          <Descriptions.Item label={M.demanded}>
            {b.req.num}
            {b.req.num_unit_v}
          </Descriptions.Item>
          <Descriptions.Item label={M.limit}>{b.req.limit_v}</Descriptions.Item>
          <Descriptions.Item label={M.paymentType}>{b.req.payment_type_v}</Descriptions.Item>
          <Descriptions.Item label={M.engineering}>
            {[b.req.time_v, b.req.enter_date, b.req.age_v, b.req.driver_v, b.req.inout_v, b.req.oil_v, b.req.boarding_v]
              .filter(Boolean)
              .join(' · ')}
          </Descriptions.Item>
        </Descriptions>
      )}
      {lines && (
        <div>
          <div className={s.linesTitle}>{M.lines}</div>
          <div className={cm.col8}>
            {b.bidding_req_detail.map((l) => (
              <div key={l.id} data-testid="req-line" className={s.reqLine}>
                <div className={cm.strong}>
                  {l.no}. {l.eq_product_v} {l.model}
                  <span className={s.lineMeta}>
                    {M.demanded} {l.num}
                    {l.num_unit_v} · {M.limit} {l.limit_v}
                  </span>
                </div>
                <div className={cm.hint}>
                  {lineReqs(l)}
                  {l.remark ? ` · ${l.remark}` : ''}
                </div>
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
