import { Button, Descriptions, Divider, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { offer as msg_offer } from '@jizu/shared/messages/offer';
import type { TOfferWithBidding } from '@jizu/shared/schemas/offer';
import { api } from '../../api/client';
import { useIsMobile } from '../../app/useIsMobile';
import { MoneyText } from '../../ui/MoneyText';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StatusTag } from '../../ui/StatusTag';
import { BiddingInfo } from './BiddingInfo';
import { QuoteLines } from './QuoteLines';
import { OFFER_TONES, responseKey } from './responseApi';
import s from './response.module.css';

const M = msg_offer;

/** /response/detail/{bidId}: the project and the company's own quote on it (GET /ep/offer/detail?bid=). */
export default function ResponseDetailPage() {
  const bid = Number(useParams().id);
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const q = useQuery({
    queryKey: [...responseKey, 'detail', bid],
    queryFn: () => api.get<TOfferWithBidding>('/ep/offer/detail', { bid }, { quiet: true }),
    enabled: Number.isInteger(bid) && bid > 0,
  });
  return (
    <PageCard title={M.detailTitle} extra={<Button onClick={() => navigate('/response')}>{M.back}</Button>}>
      <QueryState query={q}>
        {({ bidding, offer }) => (
          <>
            <BiddingInfo b={bidding} mobile={mobile} lines />
            <Divider />
            <div className={s.quoteHead}>
              <Space size={8}>
                <span className={s.quoteTitle}>{M.myQuote}</span>
                <StatusTag status={offer.status} text={offer.status_v} tones={OFFER_TONES} />
              </Space>
              <Space>
                <Button onClick={() => window.open(`/rent/see/${offer.id}/${bidding.classify}`, '_blank')}>
                  {M.seeTitle}
                </Button>
                {offer.editable === 1 && (
                  <Button type="primary" onClick={() => navigate(`/response/edit/${offer.id}`)}>
                    {M.edit}
                  </Button>
                )}
              </Space>
            </div>
            <QuoteLines lines={offer.lines} mobile={mobile} allot={bidding.classify === 1} />
            <Descriptions size="small" column={mobile ? 1 : 3} className={s.details}>
              <Descriptions.Item label={M.amount}>
                <MoneyText fen={offer.total_money} strong />
              </Descriptions.Item>
              <Descriptions.Item label={M.contacts}>{offer.contacts}</Descriptions.Item>
              <Descriptions.Item label={M.tel}>{offer.tel}</Descriptions.Item>
              <Descriptions.Item label={M.quoteTime}>{offer.create_time}</Descriptions.Item>
              <Descriptions.Item label={M.remark}>{offer.remark || M.none}</Descriptions.Item>
            </Descriptions>
          </>
        )}
      </QueryState>
    </PageCard>
  );
}
