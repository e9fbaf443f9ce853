import { Button, Descriptions, Modal, Space, Table, Tag, Timeline } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BIDDING_CLASSIFY, LINE_SELECT_TEXT } from '@jizu/shared/constants/bidding';
import { bidding as msg_bidding, biddingActionText } from '@jizu/shared/messages/bidding';
import { biddingUi, watchExtra, watchUi as T } from '../../texts/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TBiddingLine } from '@jizu/shared/schemas/biddingView';
import type { TBiddingDetail, TCompare } from '@jizu/shared/schemas/selection';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StatusTag } from '../../ui/StatusTag';
import { BIDDING_TONES, biddingKey } from '../bidding/biddingApi';
import { CloseDialog } from '../bidding/CompetePage';
import { QuoteTable } from './QuoteTable';
import cm from '../../ui/common.module.css';
import s from './watch.module.css';
import { ScoreBadge } from '../review/ScoreBadge';
import { useScoreCards } from '../review/reviewApi';

function Line({ l, d }: { l: TBiddingLine; d: TBiddingDetail }) {
  const [open, setOpen] = useState(d.actions.includes('select'));
  const mobile = useIsMobile();
  return (
    <div data-testid="watch-line" className={s.line}>
      <button type="button" onClick={() => setOpen((o) => !o)} className={s.lineToggle} aria-expanded={open}>
        <strong>{fmt(T.lineHead, { no: l.no, name: `${l.eq_product_v}${l.model ? ` ${l.model}` : ''}` })}</strong>
        <span className={cm.muted}>
          {fmt(T.lineSummary, {
            num: l.num,
            unit: l.num_unit_v,
            allot: l.allot_num,
            state: LINE_SELECT_TEXT[l.response_com_status],
            count: l.response_com_count,
          })}
        </span>
      </button>
      {open && (
        <div className={s.lineBody}>
          <Descriptions size="small" column={mobile ? 1 : 3} className={s.mb12}>
            <Descriptions.Item label={T.billing}>{l.payment_type_v}</Descriptions.Item>
            <Descriptions.Item label={T.priceCap}>{l.limit_v}</Descriptions.Item>
            <Descriptions.Item label={T.duration}>{l.time_v}</Descriptions.Item>
            <Descriptions.Item label={T.enterDate}>{l.enter_date}</Descriptions.Item>
            <Descriptions.Item label={T.age}>{l.age_v}</Descriptions.Item>
            <Descriptions.Item label={T.driver}>{l.driver_v}</Descriptions.Item>
            <Descriptions.Item label={T.inout}>{l.inout_v}</Descriptions.Item>
            <Descriptions.Item label={T.oil}>{l.oil_v}</Descriptions.Item>
            <Descriptions.Item label={T.boarding}>{l.boarding_v}</Descriptions.Item>
            {l.remark && <Descriptions.Item label={watchExtra.remark}>{l.remark}</Descriptions.Item>}
          </Descriptions>
          <QuoteTable bid={d.id} rid={l.id} classify={d.classify} selectable={d.actions.includes('select')} />
        </div>
      )}
    </div>
  );
}

function CompareDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useQuery({
    queryKey: [...biddingKey, 'compare', id],
    queryFn: () => api.get<TCompare>('/rent/bidding/compare', { id }),
  });
  const d = q.data;
  const scores = useScoreCards(d?.providers.map((p) => p.company_id) ?? []);
  return (
    <Modal title={T.compareTitle} open width={900} footer={null} onCancel={onClose}>
      {d && (
        <Table
          rowKey="rid"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={d.lines}
          columns={[
            {
              title: T.equipment,
              key: 'name',
              fixed: 'left',
              render: (_: unknown, l: TCompare['lines'][number]) =>
                fmt(watchExtra.lineHead, { name: l.name, num: l.num, unit: l.num_unit_v, limit: l.limit_v }),
            },
            ...d.providers.map((p, i) => ({
              title: (
                <>
                  <div>{fmt(watchExtra.offerHead, { company: p.company_v, total: p.total_v })}</div>
                  <ScoreBadge card={scores.get(p.company_id)} />
                </>
              ),
              key: String(p.offer_id),
              render: (_: unknown, l: TCompare['lines'][number]) => {
                const c = l.cells[i];
                return c ? <span className={c.lowest ? s.lowest : undefined}>{c.tax_total_v}</span> : '—';
              },
            })),
          ]}
        />
      )}
    </Modal>
  );
}

async function downloadReport(id: number, sn: string) {
  const res = await fetch(`/api/rent/bidding/exportReportPdf?id=${id}`, { credentials: 'include' });
  if (!res.ok || res.headers.get('content-type') !== 'application/pdf') throw new Error(msg_bidding.reportFailed);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fmt(watchExtra.reportFile, { sn });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const Block = ({ title, children }: { title: string; children: ReactNode }) => (
  <PageCard title={title}>{children}</PageCard>
);

/** /rent/watch/{id}: the tenant's project: quotes, comparison, selection, confirmation, orders, QR code, report, history. */
export default function WatchPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mobile = useIsMobile();
  const [modal, holder] = Modal.useModal();
  const [closing, setClosing] = useState(false);
  const [comparing, setComparing] = useState(false);
  const detail = useQuery({
    queryKey: [...biddingKey, 'detail', id],
    queryFn: () => api.get<TBiddingDetail>('/rent/bidding/detail', { id }),
    enabled: id > 0,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: biddingKey });
  const advance = useMutation({
    mutationFn: () => api.post('/rent/bidding/advance', { id }),
    onSuccess: () => (toast.success(msg_bidding.operated), refresh()),
  });
  const report = useMutation({
    mutationFn: (sn: string) => downloadReport(id, sn),
    onError: () => toast.error(msg_bidding.reportFailed),
  });

  const createOrders = async () => {
    const pre = await api.post<{ code: number; msg: string }>('/rent/bidding/createOrderPre', { id });
    if (pre.code === 1001) {
      await new Promise<void>((resolve) =>
        modal.confirm({
          title: T.createOrderTitle,
          content: pre.msg,
          okText: T.ok,
          cancelText: T.cancel,
          onOk: async () => {
            await api.post('/rent/bidding/createOrder', { id });
            toast.success(msg_bidding.ordersCreated);
            resolve();
          },
          onCancel: () => resolve(),
        }),
      );
    }
    await refresh();
  };
  const confirmSelection = async () => {
    const { text } = await api.post<{ text: string }>('/rent/bidding/commit', { id });
    modal.confirm({
      title: T.confirmTitle,
      content: text,
      okText: T.ok,
      cancelText: T.cancel,
      onOk: async () => {
        await api.post('/rent/bidding/confirm', { id });
        toast.success(msg_bidding.confirmed);
        await createOrders();
        navigate('/rent/compete');
      },
    });
  };

  return (
    <QueryState query={detail}>
      {(d) => (
        <>
          {holder}
          <PageCard>
            <div className={s.head}>
              <div className={s.headMain}>
                <Space wrap className={s.tags}>
                  <StatusTag status={d.status} text={d.status_v} tones={BIDDING_TONES} />
                  <Tag color={d.classify === BIDDING_CLASSIFY.total ? 'purple' : 'blue'}>{d.classify_v}</Tag>
                </Space>
                <h2 className={s.name}>{d.name}</h2>
                <Descriptions size="small" column={mobile ? 1 : 2}>
                  <Descriptions.Item label={T.deadline}>{d.end_time}</Descriptions.Item>
                  <Descriptions.Item label={T.responders}>{d.response_com_count}</Descriptions.Item>
                  <Descriptions.Item label={T.sn}>{d.sn}</Descriptions.Item>
                  <Descriptions.Item label={T.published}>{d.create_time}</Descriptions.Item>
                  {d.finish_date_v && <Descriptions.Item label={T.finished}>{d.finish_date_v}</Descriptions.Item>}
                  {d.reason && <Descriptions.Item label={watchExtra.reason}>{d.reason}</Descriptions.Item>}
                </Descriptions>
              </div>
              {d.qcode && (
                <div className={cm.center}>
                  <img src={d.qcode} alt={T.qrcode} width={132} height={132} />
                  <div>
                    <a href={`${d.qcode}&download=1`} download>
                      {T.qrDownload}
                    </a>
                  </div>
                </div>
              )}
            </div>
          </PageCard>
          <Block title={T.basics}>
            <Descriptions size="small" column={mobile ? 1 : 2}>
              <Descriptions.Item label={T.tenant}>{d.company_v}</Descriptions.Item>
              <Descriptions.Item label={T.siteAddress}>{`${d.region_v}${d.address}`}</Descriptions.Item>
              <Descriptions.Item label={T.projectType}>{d.type_v}</Descriptions.Item>
              <Descriptions.Item label={T.contact}>{`${d.contacts} ${d.tel}`}</Descriptions.Item>
              <Descriptions.Item label={T.overview} span={mobile ? 1 : 2}>
                {d.remark}
              </Descriptions.Item>
            </Descriptions>
          </Block>
          <Block title={T.requirements}>
            <Descriptions size="small" column={mobile ? 1 : 3}>
              <Descriptions.Item label={T.invoice}>{d.invoice_type_v}</Descriptions.Item>
              <Descriptions.Item label={T.assets}>{d.registered_assets_v}</Descriptions.Item>
              <Descriptions.Item label={T.other}>{d.other || T.none}</Descriptions.Item>
            </Descriptions>
          </Block>
          {d.req && (
            <Block title={T.engineering}>
              <Descriptions size="small" column={mobile ? 1 : 3}>
                <Descriptions.Item label={T.quantity}>{`${d.req.num}${d.req.num_unit_v}`}</Descriptions.Item>
                <Descriptions.Item label={T.priceCap}>{d.req.limit_v}</Descriptions.Item>
                <Descriptions.Item label={T.billing}>{d.req.payment_type_v}</Descriptions.Item>
                <Descriptions.Item label={T.duration}>{d.req.time_v}</Descriptions.Item>
                <Descriptions.Item label={T.enterDate}>{d.req.enter_date}</Descriptions.Item>
                <Descriptions.Item label={T.age}>{d.req.age_v}</Descriptions.Item>
                <Descriptions.Item label={T.driver}>{d.req.driver_v}</Descriptions.Item>
                <Descriptions.Item label={T.inout}>{d.req.inout_v}</Descriptions.Item>
                <Descriptions.Item label={T.oil}>{d.req.oil_v}</Descriptions.Item>
                <Descriptions.Item label={T.boarding}>{d.req.boarding_v}</Descriptions.Item>
              </Descriptions>
            </Block>
          )}
          <PageCard
            title={T.equipment}
            extra={
              d.response_com_count > 0 && (
                <Button size="small" onClick={() => setComparing(true)}>
                  {T.compare}
                </Button>
              )
            }
          >
            {d.classify === BIDDING_CLASSIFY.total ? (
              <>
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={d.bidding_req_detail}
                  className={s.lines}
                  columns={[
                    { title: watchExtra.no, dataIndex: 'no', width: 60 },
                    {
                      title: T.equipment,
                      key: 'p',
                      render: (_: unknown, l: TBiddingLine) => `${l.eq_type_v} / ${l.eq_product_v}`,
                    },
                    { title: watchExtra.model, dataIndex: 'model' },
                    { title: watchExtra.eqNumUnit, dataIndex: 'eq_num', width: 100 },
                  ]}
                />
                <h4>{T.quotes}</h4>
                <QuoteTable bid={d.id} classify={d.classify} selectable={d.actions.includes('select')} />
              </>
            ) : (
              d.bidding_req_detail.map((l) => <Line key={l.id} l={l} d={d} />)
            )}
          </PageCard>
          {d.orders.length > 0 && (
            <Block title={T.orders}>
              <Space wrap>
                {d.orders.map((o) => (
                  <Link key={o.id} to={`/rent/order?sn=${o.sn}`}>
                    {o.sn}（{o.provider_name}）
                  </Link>
                ))}
              </Space>
            </Block>
          )}
          <Block title={T.history}>
            <Timeline
              items={d.history.map((h) => ({
                content: `${h.create_time} ${biddingActionText[h.action] ?? h.action}${h.reason ? `：${h.reason}` : ''}`,
              }))}
            />
          </Block>
          <div className={s.actions}>
            <Button onClick={() => navigate('/rent/compete')}>{T.back}</Button>
            {d.actions.includes('advance') && (
              <Button
                loading={advance.isPending}
                onClick={() =>
                  modal.confirm({
                    title: T.advance,
                    content: biddingUi.advanceConfirm,
                    okText: T.ok,
                    cancelText: T.cancel,
                    onOk: () => advance.mutateAsync(),
                  })
                }
              >
                {T.advance}
              </Button>
            )}
            {d.actions.includes('confirm') && (
              <Button type="primary" onClick={() => void confirmSelection()}>
                {T.confirm}
              </Button>
            )}
            {d.actions.includes('create_order') && (
              <Button onClick={() => void createOrders()}>{T.createOrderTitle}</Button>
            )}
            {d.actions.includes('report') && (
              <Button icon={<DownloadOutlined />} loading={report.isPending} onClick={() => report.mutate(d.sn)}>
                {T.report}
              </Button>
            )}
            {d.actions.includes('close') && (
              <Button type="link" danger onClick={() => setClosing(true)}>
                {T.closeBidding}
              </Button>
            )}
          </div>
          <CloseDialog id={d.id} open={closing} onClose={() => setClosing(false)} onDone={() => void refresh()} />
          {comparing && <CompareDialog id={d.id} onClose={() => setComparing(false)} />}
        </>
      )}
    </QueryState>
  );
}
