import { useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Popconfirm, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isOrderChainOpen } from '@jizu/shared/constants/order';
import { order as msg } from '@jizu/shared/messages/order';
import { orderUi as T } from '../../texts/order';
import type { TOrderDetail, TOrderDetailFull } from '@jizu/shared/schemas/order';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { Pill, StatusTag } from '../../ui/StatusTag';
import { machineUi as MT } from '../../texts/machine';
import { ORDER_TONES, OrderLines, OrderTimeline, Parties, ReasonDialog, SIDE, orderKey, type TSide } from './orderApi';
import { OrderReviews, PartyScores } from '../review/OrderReviews';
import s from './order.module.css';

/** The header and the blocks every order page shows (detail, submit and confirm pages). */
export function OrderSummary({
  order,
  side,
  mobile,
  badge,
}: {
  order: TOrderDetail;
  side: TSide;
  mobile: boolean;
  badge?: ReactNode;
}) {
  return (
    <PageCard
      title={
        <Space wrap>
          <span>{order.project_name}</span>
          <StatusTag status={order.status} text={order.status_v} tones={ORDER_TONES} />
          {badge}
        </Space>
      }
    >
      <Descriptions size="small" column={mobile ? 1 : 3}>
        <Descriptions.Item label={T.sn}>{order.sn}</Descriptions.Item>
        {order.bidding_sn && (
          <Descriptions.Item label={T.fromBidding}>
            <Link to={side === 'tenant' ? `/rent/watch/${order.bid}` : `/response/detail/${order.bid}`}>
              {order.bidding_sn}
            </Link>
            {side === 'tenant' && order.offer_id && (
              <a
                className={s.quoteLink}
                href={`/rent/see/${order.offer_id}/${order.classify}`}
                target="_blank"
                rel="noreferrer"
              >
                {T.viewQuote}
              </a>
            )}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={T.createTime}>{order.create_time_v}</Descriptions.Item>
        <Descriptions.Item label={T.projectType}>{order.project_type_v}</Descriptions.Item>
        <Descriptions.Item label={T.projectAddress}>{order.project_address}</Descriptions.Item>
        <Descriptions.Item label={T.lineEnter}>{order.enter_date_v}</Descriptions.Item>
        {order.remark && <Descriptions.Item label={T.remark}>{order.remark}</Descriptions.Item>}
      </Descriptions>
      <ul data-testid="affirm" className={s.affirm}>
        {order.affirm_v.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </PageCard>
  );
}

/** /rent/order/watch/{id} and /rent-order/watch/{id}: the order as the side sees it, its buttons from `actions`. */
export default function OrderWatchPage() {
  const id = Number(useParams().id);
  const side: TSide = useLocation().pathname.startsWith('/rent-order') ? 'provider' : 'tenant';
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<'close' | 'return' | null>(null);
  const complete = useMutation({
    mutationFn: () => api.post('/rent/order/complete', { id }),
    onSuccess: () => {
      toast.success(msg.completed);
      void qc.invalidateQueries({ queryKey: orderKey });
    },
  });
  const q = useQuery({
    queryKey: [...orderKey, side, 'detail', id],
    queryFn: () => api.get<TOrderDetailFull>(SIDE[side].detail, { id }),
    enabled: id > 0,
  });
  return (
    <QueryState query={q}>
      {(o) => (
        <div>
          <OrderSummary
            order={o}
            side={side}
            mobile={mobile}
            badge={
              o.inspection_disputes.length > 0 && (
                <span data-testid="dispute-badge">
                  <Pill tone="error">{MT.disputeBadge}</Pill>
                </span>
              )
            }
          />
          {o.inspection_disputes.length > 0 && (
            <PageCard title={MT.disputesTitle}>
              <Alert
                type="error"
                showIcon
                data-testid="order-disputes"
                title={MT.disputesHint}
                description={
                  <>
                    <ul className={s.disputes}>
                      {o.inspection_disputes.map((d) => (
                        <li key={`${d.machine_id}-${d.kind}`}>{d.text}</li>
                      ))}
                    </ul>
                    <Button
                      size="small"
                      className={s.disputesLink}
                      onClick={() => navigate(`${SIDE[side].base}/inout/${o.id}`)}
                    >
                      {MT.viewMachines}
                    </Button>
                  </>
                }
              />
            </PageCard>
          )}
          <PageCard title={T.parties}>
            <Parties order={o} mobile={mobile} />
            <PartyScores side={side} id={o.id} />
          </PageCard>
          <OrderReviews side={side} id={o.id} />
          {o.order_invoice && (
            <PageCard title={T.invoice}>
              <Descriptions size="small" column={mobile ? 1 : 2}>
                <Descriptions.Item label={T.invoiceType}>{o.order_invoice.type_v}</Descriptions.Item>
                <Descriptions.Item label={T.invTitle}>{o.order_invoice.name}</Descriptions.Item>
                <Descriptions.Item label={T.invNo}>{o.order_invoice.no}</Descriptions.Item>
                {o.order_invoice.type === 0 && (
                  <>
                    <Descriptions.Item label={T.companyAddress}>{o.order_invoice.address}</Descriptions.Item>
                    <Descriptions.Item label={T.companyTel}>{o.order_invoice.telphone}</Descriptions.Item>
                    <Descriptions.Item label={T.bank}>{o.order_invoice.bank}</Descriptions.Item>
                    <Descriptions.Item label={T.bankNo}>{o.order_invoice.bank_no}</Descriptions.Item>
                  </>
                )}
                {o.order_invoice_address && (
                  <Descriptions.Item label={T.receiver}>
                    {`${o.order_invoice_address.name} ${o.order_invoice_address.phone} ${o.order_invoice_address.region_v}${o.order_invoice_address.address}`}
                  </Descriptions.Item>
                )}
              </Descriptions>
            </PageCard>
          )}
          {o.order_payee && (
            <PageCard title={T.payee}>
              <Descriptions size="small" column={mobile ? 1 : 2}>
                <Descriptions.Item label={T.bankName}>{o.order_payee.bank_name}</Descriptions.Item>
                <Descriptions.Item label={T.payeeNo}>{o.order_payee.bank_no}</Descriptions.Item>
              </Descriptions>
            </PageCard>
          )}
          {isOrderChainOpen(o) && (
            <PageCard title={T.chain}>
              <Space wrap>
                <Button
                  onClick={() => navigate(`${SIDE[side].base}/contract/${o.id}`)}
                >{`${T.contract}（${o.contract.sign_num}/${o.contract.sign_num + o.contract.unsign_num}）`}</Button>
                <Button onClick={() => navigate(`${SIDE[side].base}/inout/${o.id}`)}>{T.inout}</Button>
                <Button onClick={() => navigate(`${SIDE[side].base}/settle/${o.id}`)}>{T.settle}</Button>
                <Button onClick={() => navigate(`${SIDE[side].base}/payment/${o.id}`)}>{T.payment}</Button>
              </Space>
            </PageCard>
          )}
          <PageCard title={T.lines}>
            <OrderLines order={o} editable={side === 'tenant' && o.actions.includes('edit_line')} mobile={mobile} />
          </PageCard>
          <PageCard title={T.timeline}>
            <OrderTimeline side={side} id={o.id} />
          </PageCard>
          <Space wrap className={s.actions}>
            <Button onClick={() => navigate(SIDE[side].base)}>{T.back}</Button>
            {side === 'tenant' && o.actions.includes('submit') && (
              <Button type="primary" onClick={() => navigate(`/rent/order/submit/${o.id}`)}>
                {T.submit}
              </Button>
            )}
            {side === 'tenant' && o.actions.includes('close') && (
              <Button danger onClick={() => setDialog('close')}>
                {T.close}
              </Button>
            )}
            {side === 'tenant' && o.actions.includes('complete') && (
              <Popconfirm title={T.complete} description={T.completeAsk} onConfirm={() => complete.mutateAsync()}>
                <Button type="primary">{T.complete}</Button>
              </Popconfirm>
            )}
            {side === 'provider' && o.actions.includes('confirm') && (
              <Button type="primary" onClick={() => navigate(`/rent-order/confirm/${o.id}`)}>
                {T.confirm}
              </Button>
            )}
            {side === 'provider' && o.actions.includes('return') && (
              <Button danger onClick={() => setDialog('return')}>
                {T.returnOrder}
              </Button>
            )}
          </Space>
          {dialog && (
            <ReasonDialog
              kind={dialog}
              id={o.id}
              open
              onClose={() => setDialog(null)}
              onDone={() => void qc.invalidateQueries({ queryKey: orderKey })}
            />
          )}
        </div>
      )}
    </QueryState>
  );
}
