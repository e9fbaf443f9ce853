import { Button, Descriptions, Divider, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { offer as msg_offer } from '@jizu/shared/messages/offer';
import type { TOfferView } from '@jizu/shared/schemas/offer';
import { api } from '../../api/client';
import { useIsMobile } from '../../app/useIsMobile';
import { MoneyText } from '../../ui/MoneyText';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StatusTag } from '../../ui/StatusTag';
import { QuoteLines } from './QuoteLines';
import { OFFER_TONES, responseKey } from './responseApi';
import cm from '../../ui/common.module.css';
import s from './response.module.css';

const M = msg_offer;

/**
 * /rent/see/{offerId}/{classify}: one provider's quote with its company card (the project owner, or the quoting company
 * itself). Itemised quotes show the allocation per line; comprehensive ones the total for the whole block.
 */
export default function SeeQuotePage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const mobile = useIsMobile();
  const q = useQuery({
    queryKey: [...responseKey, 'see', id],
    queryFn: () => api.get<TOfferView>('/rent/bidding/offer', { id }, { quiet: true }),
    enabled: Number.isInteger(id) && id > 0,
  });
  return (
    <PageCard title={M.seeTitle}>
      <QueryState query={q}>
        {(v) => (
          <>
            <div className={s.seeHead}>
              <div>
                <Space size={8} wrap>
                  <span className={cm.title18}>{v.name}</span>
                  <StatusTag status={v.status} text={v.status_v} tones={OFFER_TONES} />
                  <Tag color={v.classify === 1 ? 'blue' : 'purple'}>{v.classify_v}</Tag>
                </Space>
                <div className={cm.muted13}>
                  {v.bidding_sn} · {v.bidding_name}
                </div>
              </div>
              {v.shop_href && (
                <Button href={v.shop_href} target="_blank">
                  {M.shop}
                </Button>
              )}
            </div>
            <Descriptions size="small" column={mobile ? 1 : 3} bordered={!mobile} className={s.details}>
              <Descriptions.Item label={M.flowTime}>{v.flow_time}</Descriptions.Item>
              <Descriptions.Item label={M.registeredAssets}>
                {v.registered_assets !== null ? `${v.registered_assets}${M.assetsUnit}` : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={M.foundDate}>{v.found_date || '-'}</Descriptions.Item>
              <Descriptions.Item label={M.region}>{`${v.province_v}${v.city_v}${v.area_v}` || '-'}</Descriptions.Item>
              <Descriptions.Item label={M.companyAddress}>{v.address || '-'}</Descriptions.Item>
              <Descriptions.Item label={M.responseCount}>{v.response_count}</Descriptions.Item>
              <Descriptions.Item label={M.selectCount}>{v.select_count}</Descriptions.Item>
              <Descriptions.Item label={M.equipCount}>{v.equip_count}</Descriptions.Item>
              <Descriptions.Item label={M.amount}>
                <MoneyText fen={v.amount} strong className={s.quoteAmount} />
              </Descriptions.Item>
            </Descriptions>
            <Divider titlePlacement="start">{M.serviceInfo}</Divider>
            <Descriptions size="small" column={mobile ? 1 : 4}>
              <Descriptions.Item label={M.contacts}>{v.req_contacts.contacts}</Descriptions.Item>
              <Descriptions.Item label={M.tel}>{v.req_contacts.tel}</Descriptions.Item>
              <Descriptions.Item label={M.quoteTime}>{v.req_contacts.create_time}</Descriptions.Item>
              <Descriptions.Item label={M.remark}>{v.req_contacts.remark || M.none}</Descriptions.Item>
            </Descriptions>
            <Divider titlePlacement="start">{M.quoteLines}</Divider>
            <QuoteLines lines={v.bidding_offer} mobile={mobile} allot={v.classify === 1} />
          </>
        )}
      </QueryState>
    </PageCard>
  );
}
