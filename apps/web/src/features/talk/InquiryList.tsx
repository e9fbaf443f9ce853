import { useState, type ReactNode } from 'react';
import { Button, Descriptions, Image, Modal, Popconfirm, Select, Space, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { INQUIRY_STATUS_TEXT, INQUIRY_TO, SUIT_MACHINE, isInquiryOpen } from '@jizu/shared/constants/talk';
import { actionsOf } from '@jizu/shared/rules/machine';
import type { TInquiryRow } from '@jizu/shared/schemas/talk';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { QueryState } from '../../ui/QueryState';
import { descriptionRows } from '../../ui/descriptionRows';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { talkKey, type TInquiryDetail } from './talkApi';
import { TT } from '../../texts/talk';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import css from './talk.module.css';
import cm from '../../ui/common.module.css';
import { ExportButton } from '../../ui/ExportButton';

export const INQUIRY_TONES: Record<number, TTone> = { 0: 'processing', 1: 'success' };

function Detail({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const q = useQuery({
    queryKey: [...talkKey, 'info', id],
    queryFn: () => api.get<TInquiryDetail>('/talk/info', { id }),
  });
  const accept = async (offerId: number) => {
    await api.post('/ep/suits', { id: offerId });
    toast.success(TT.accept);
    await q.refetch();
    onChanged();
  };
  return (
    <Modal
      open
      title={TT.detailTitle}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{TT.close}</Button>}
      width={720}
    >
      <QueryState query={q}>
        {(d) => (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              bordered
              items={descriptionRows([
                { key: 'sn', label: TT.col.sn, children: d.sn },
                {
                  key: 'status',
                  label: TT.col.status,
                  children: <StatusTag status={d.status} text={d.status_v} tones={INQUIRY_TONES} />,
                },
                d.equipment && {
                  key: 'equipment',
                  label: TT.col.equipment,
                  wide: true,
                  children: (
                    <Space>
                      <Image
                        src={d.equipment.cover}
                        width={64}
                        height={48}
                        className={css.thumb}
                        alt={d.equipment.name}
                      />
                      <a href={d.equipment.href} target="_blank" rel="noreferrer">
                        {d.equipment.name}
                      </a>
                      <span>
                        {d.equipment.monthly_rent} {TT.perMonth}
                      </span>
                    </Space>
                  ),
                },
                { key: 'user', label: TT.col.user, children: d.user },
                { key: 'phone', label: TT.phone, children: d.phone || TT.none },
                d.to_type === INQUIRY_TO.company && { key: 'to', label: TT.col.toName, children: d.to_name },
                d.equipment && {
                  key: 'providerPhone',
                  label: TT.providerPhone,
                  children: d.equipment.phone || TT.none,
                },
                { key: 'number', label: TT.col.number, children: `${d.number} ${TT.unit}` },
                { key: 'approach', label: TT.col.approach, children: d.approach_time },
                { key: 'address', label: TT.col.address, wide: true, children: d.address },
                { key: 'schedule', label: TT.col.schedule, children: d.schedule_progress },
                { key: 'invoice', label: TT.col.invoice, children: d.invoice_v },
                d.to_type === INQUIRY_TO.platform && {
                  key: 'operator',
                  label: TT.operator,
                  children: d.machine_operator_v,
                },
                d.to_type === INQUIRY_TO.platform && {
                  key: 'payment',
                  label: TT.payment,
                  children: d.payment_method_v,
                },
                d.to_type === INQUIRY_TO.platform && {
                  key: 'equips',
                  label: TT.col.equips,
                  wide: true,
                  children: d.equips.map((e, i) => (
                    <div key={i}>
                      {e.name} {e.model} × {e.count}
                    </div>
                  )),
                },
                { key: 'remark', label: TT.remark, wide: true, children: d.remark || TT.none },
                { key: 'created', label: TT.col.createTime, wide: true, children: d.create_time },
              ])}
            />
            {d.to_type === INQUIRY_TO.platform && (
              <>
                <h4 className={css.offersTitle}>{TT.offers}</h4>
                {d.offers.length === 0 ? (
                  <div className={cm.tertiary}>{TT.noOffers}</div>
                ) : (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={d.offers}
                    scroll={{ x: 'max-content' }}
                    columns={[
                      { title: TT.orderNo, dataIndex: 'order_no' },
                      { title: TT.details, dataIndex: 'product_details', width: 260 },
                      { title: TT.price, dataIndex: 'price_v' },
                      {
                        title: TT.col.status,
                        dataIndex: 'state_v',
                        render: (v: string, r) => (
                          <StatusTag status={r.state} text={v} tones={{ 0: 'warning', 1: 'success' }} />
                        ),
                      },
                      {
                        title: TT.col.action,
                        key: 'a',
                        render: (_: unknown, r) =>
                          actionsOf(SUIT_MACHINE, { status: r.state }, 'tenant').includes('accept') &&
                          isInquiryOpen(d) ? (
                            <Popconfirm
                              title={TT.acceptConfirm}
                              okText={TT.ok}
                              cancelText={TT.cancel}
                              onConfirm={() => accept(r.id)}
                            >
                              <Button size="small" type="link">
                                {TT.accept}
                              </Button>
                            </Popconfirm>
                          ) : null,
                      },
                    ]}
                  />
                )}
              </>
            )}
          </>
        )}
      </QueryState>
    </Modal>
  );
}

/**
 * A page of inquiries (收到的 / 发出的; page size 5 with 5/10/15/20, status filter and page in the URL), a detail
 * dialog and 标记完成 with a confirmation where the transition table lets the caller complete it.
 */
export function InquiryList({
  path,
  params: extra,
  mode,
  empty,
}: {
  path: string;
  params?: Record<string, number>;
  mode: 'receive' | 'send';
  empty: ReactNode;
}) {
  const { params, update, int } = useUrlQuery();
  const page = int('page', 1);
  const size = PAGE_SIZE_OPTIONS.includes(int('size', 5)) ? int('size', 5) : 5;
  const statusRaw = params.get('status');
  const status = statusRaw === '0' || statusRaw === '1' ? Number(statusRaw) : undefined;
  const [open, setOpen] = useState<number | null>(null);
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: [...talkKey, path, { ...extra, page, size, status }],
    queryFn: () => api.get<TPage<TInquiryRow>>(path, { ...extra, page, size, status }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: talkKey });
  const complete = async (id: number) => {
    await api.post('/talk/complete', { id });
    toast.success(TT.complete);
    await refresh();
  };
  const pkg = extra?.to_type === INQUIRY_TO.platform;
  const mobile = useIsMobile();
  const actions = (r: TInquiryRow) => (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => setOpen(r.id)}>
        {TT.detail}
      </Button>
      {r.can_complete && (
        <Popconfirm title={TT.completeConfirm} okText={TT.ok} cancelText={TT.cancel} onConfirm={() => complete(r.id)}>
          <Button type="link" size="small">
            {TT.complete}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
  const title = (r: TInquiryRow) =>
    pkg ? r.equips.map((e) => `${e.name}×${e.count}`).join('，') : (r.equipment?.name ?? TT.none);
  const columns: TableColumnsType<TInquiryRow> = [
    { title: TT.col.sn, dataIndex: 'sn', width: 190 },
    pkg
      ? {
          title: TT.col.equips,
          key: 'equips',
          width: 220,
          render: (_: unknown, r) => r.equips.map((e) => `${e.name}×${e.count}`).join('，'),
        }
      : {
          title: TT.col.equipment,
          key: 'equipment',
          width: 220,
          render: (_: unknown, r) =>
            r.equipment ? (
              <Space>
                <img src={r.equipment.cover} alt="" width={48} height={36} className={css.thumb} />
                <span>{r.equipment.name}</span>
              </Space>
            ) : (
              TT.none
            ),
        },
    mode === 'receive'
      ? { title: TT.col.user, dataIndex: 'user', width: 180, ellipsis: true }
      : pkg
        ? { title: TT.col.responses, dataIndex: 'responses', width: 80 }
        : { title: TT.col.toName, dataIndex: 'to_name', width: 180, ellipsis: true },
    { title: TT.col.number, dataIndex: 'number', width: 90, render: (n: number) => `${n} ${TT.unit}` },
    { title: TT.col.address, key: 'addr', width: 140, render: (_: unknown, r) => `${r.f_province}${r.f_city}` },
    { title: TT.col.approach, dataIndex: 'approach_time', width: 110 },
    {
      title: TT.col.status,
      dataIndex: 'status',
      width: 90,
      render: (s: number, r) => <StatusTag status={s} text={r.status_v} tones={INQUIRY_TONES} />,
    },
    { title: TT.col.createTime, dataIndex: 'create_time', width: 170 },
    {
      title: TT.col.action,
      key: 'action',
      width: 150,
      fixed: 'right',
      render: (_: unknown, r) => actions(r),
    },
  ];
  const onPage = (p: number, s: number) =>
    update({ page: p > 1 && s === size ? p : undefined, size: s === 5 ? undefined : s });
  return (
    <>
      <div className={`${cm.mb12} ${css.filterRow}`}>
        <Select<number | 'all'>
          aria-label={TT.col.status}
          className={css.statusFilter}
          value={status ?? 'all'}
          onChange={(v) => update({ status: v === 'all' ? undefined : v, page: undefined })}
          options={[
            { value: 'all', label: TT.statusAll },
            ...Object.entries(INQUIRY_STATUS_TEXT).map(([k, v]) => ({ value: Number(k), label: v })),
          ]}
        />
        <ExportButton path={`${path}/export`} params={{ ...extra, status }} />
      </div>
      <QueryState query={q} isEmpty={(d) => d.total === 0} empty={empty}>
        {(d) => (
          <PagedList<TInquiryRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            onPage={onPage}
            // phones: one card per inquiry instead of a table scrolled sideways
            card={(r) => (
              <div data-testid="inquiry-card" className={css.card}>
                <div className={cm.row8}>
                  {r.equipment && <img src={r.equipment.cover} alt="" width={56} height={42} className={css.thumb} />}
                  <strong className={cm.growShrink}>{title(r)}</strong>
                  <StatusTag status={r.status} text={r.status_v} tones={INQUIRY_TONES} />
                </div>
                <div className={css.cardMeta}>
                  <div>
                    {TT.col.sn}：{r.sn}
                  </div>
                  <div>
                    {mode === 'receive'
                      ? `${TT.col.user}：${r.user}`
                      : pkg
                        ? `${TT.col.responses}：${r.responses}`
                        : `${TT.col.toName}：${r.to_name}`}
                  </div>
                  <div>
                    {TT.col.number}：{r.number} {TT.unit} · {TT.col.approach}：{r.approach_time}
                  </div>
                  <div>
                    {TT.col.address}：{r.f_province}
                    {r.f_city} · {r.create_time.slice(0, 16)}
                  </div>
                </div>
                <div className={css.cardActions}>{actions(r)}</div>
              </div>
            )}
          />
        )}
      </QueryState>
      {open !== null && <Detail id={open} onClose={() => setOpen(null)} onChanged={() => void refresh()} />}
    </>
  );
}
