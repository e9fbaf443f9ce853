import { Button, InputNumber, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bidding as msg_bidding, biddingFailures } from '@jizu/shared/messages/bidding';
import { watchUi as T } from '../../texts/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TQuoteRow } from '@jizu/shared/schemas/selection';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { StatusTag } from '../../ui/StatusTag';
import { OFFER_TONES } from '../response/responseApi';
import { biddingKey } from '../bidding/biddingApi';
import cm from '../../ui/common.module.css';
import { ScoreBadge } from '../review/ScoreBadge';
import { useScoreCards } from '../review/reviewApi';
import s from './watch.module.css';
import { ExportButton } from '../../ui/ExportButton';

type TSort = { sortName?: 'price' | 'tax_total' | 'amount' | 'turnover'; sortOrder?: 'asc' | 'desc' };
type TPre = {
  balance: number;
  total_num: number;
  num: number;
  allot_num: number;
  default_allot: number;
  company_v: string;
};

/** The allocation dialog of an itemised line: 0 up to the balance, defaulting to the smaller of the quote and the balance. */
function SelectDialog({ bid, rid, row, onClose }: { bid: number; rid: number; row: TQuoteRow; onClose: () => void }) {
  const qc = useQueryClient();
  const pre = useQuery({
    queryKey: [...biddingKey, 'pre', row.id],
    queryFn: () => api.get<TPre>('/rent/bidding/select', { id: row.id, bid, rid }),
  });
  const [n, setN] = useState<number | null>(null);
  const value = n ?? pre.data?.default_allot ?? 0;
  const save = useMutation({
    mutationFn: () => api.post('/rent/bidding/offerSave', { id: row.id, bid, rid, allot_num: value }),
    onSuccess: async () => {
      toast.success(msg_bidding.selected);
      await qc.invalidateQueries({ queryKey: biddingKey });
      onClose();
    },
  });
  return (
    <Modal
      title={T.selectTitle}
      open
      width={500}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending, disabled: !pre.data }}
      okText={T.ok}
      cancelText={T.cancel}
    >
      <p className={cm.strong}>{row.company_v}</p>
      {pre.data && (
        <>
          <p>{fmt(T.selectBalance, { n: pre.data.balance })}</p>
          <Space>
            <span>{T.selectNum}</span>
            <InputNumber
              aria-label={T.selectNum}
              min={0}
              max={pre.data.balance}
              precision={0}
              value={value}
              onChange={(v) => setN(v ?? 0)}
            />
            <span>{row.num_unit_v}</span>
          </Space>
        </>
      )}
    </Modal>
  );
}

/**
 * A quote table (spec/2 §2 item 2): per line (itemised, rid) or the project's one (comprehensive). Sorting by price,
 * tax-inclusive total and turnover is done by the server; select / cancel at cut-off.
 */
export function QuoteTable({
  bid,
  rid,
  classify,
  selectable,
}: {
  bid: number;
  rid?: number;
  classify: number;
  selectable: boolean;
}) {
  const qc = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [sort, setSort] = useState<TSort>({});
  const [selecting, setSelecting] = useState<TQuoteRow | null>(null);
  const total = classify === 2;
  const q = useQuery({
    queryKey: [...biddingKey, 'quotes', bid, rid ?? 0, sort],
    queryFn: () => api.get<{ data: TQuoteRow[]; total: number }>('/rent/bidding/reqlst', { bid, rid, ...sort }),
  });
  const scores = useScoreCards((q.data?.data ?? []).map((r) => r.company_id));
  const refresh = () => qc.invalidateQueries({ queryKey: biddingKey });
  // a refusal is toasted by the client; the question closes with it (asking again would only be refused again)
  const deselect = useMutation({
    mutationFn: (r: TQuoteRow) => api.post('/rent/bidding/deselect', { id: r.id, bid, rid }),
    onSuccess: () => (toast.success(msg_bidding.deselected), refresh()),
  });
  const selectTotal = useMutation({
    mutationFn: (r: TQuoteRow) => api.post('/rent/bidding/offerSave', { id: r.id, bid }),
    onSuccess: () => (toast.success(msg_bidding.selected), refresh()),
  });
  const open = selectable;
  const select = (r: TQuoteRow) => {
    if (!total) return setSelecting(r);
    // one provider only, and another one is selected: the table already says what the server would answer
    if (q.data?.data.some((x) => x.select === 1 && x.id !== r.id)) return toast.error(biddingFailures.oneProvider);
    modal.confirm({
      title: T.selectTitle,
      content: fmt(msg_bidding.selectAsk, { name: r.company_v }),
      okText: T.ok,
      cancelText: T.cancel,
      onOk: () => selectTotal.mutateAsync(r).catch(() => undefined),
    });
  };
  const sorter = (key: TSort['sortName']) => ({
    sorter: true,
    sortOrder: sort.sortName === key ? (sort.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
  });
  const columns: TableColumnsType<TQuoteRow> = [
    {
      title: T.colProvider,
      dataIndex: 'company_v',
      width: 170,
      render: (name: string, r) => (
        <>
          <div>{name}</div>
          <ScoreBadge card={scores.get(r.company_id)} />
        </>
      ),
    },
    { title: T.colTel, key: 'tel', width: 116, render: (_: unknown, r) => r.link.tel },
    { title: T.colNum, key: 'num', width: 80, render: (_: unknown, r) => `${r.num}${r.num_unit_v}` },
    { title: T.colPrice, dataIndex: 'price_v', key: 'price', width: 110, ...sorter('price') },
    ...(total ? [] : [{ title: T.colRate, dataIndex: 'rate_v', width: 60 }]),
    {
      title: total ? T.colTax : T.colTaxTotal,
      dataIndex: 'tax_total_v',
      key: 'tax_total',
      width: 110,
      ...sorter('tax_total'),
    },
    { title: T.colInout, dataIndex: 'inout_price_v', width: 90 },
    ...(total
      ? [{ title: T.colAmount, dataIndex: 'bid_amount_v', key: 'amount', width: 130, ...sorter('amount') }]
      : []),
    {
      title: T.colStatus,
      key: 'status',
      width: 80,
      render: (_: unknown, r) =>
        r.select ? (
          <StatusTag tone="success" text={r.select_v} />
        ) : (
          <StatusTag status={r.status} text={r.status_v} tones={OFFER_TONES} />
        ),
    },
    ...(total ? [] : [{ title: T.colAllot, dataIndex: 'allot_num', width: 80 }]),
    {
      title: T.colAction,
      key: 'action',
      width: 150,
      fixed: 'right' as const,
      render: (_: unknown, r: TQuoteRow) => (
        <Space size={4} wrap>
          <Button size="small" type="link" href={`/rent/see/${r.offer_id}/${classify}`} target="_blank">
            {T.viewQuote}
          </Button>
          {open && (
            <Button size="small" type="link" onClick={() => select(r)}>
              {T.select}
            </Button>
          )}
          {open && r.select === 1 && (
            <Button
              size="small"
              type="link"
              danger
              onClick={() =>
                modal.confirm({
                  title: T.deselect,
                  content: fmt(msg_bidding.deselectAsk, { name: r.company_v }),
                  okText: T.ok,
                  cancelText: T.cancel,
                  onOk: () => deselect.mutateAsync(r).catch(() => undefined),
                })
              }
            >
              {T.deselect}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const byTurnover = sort.sortName === 'turnover';
  return (
    <>
      {holder}
      <div className={s.sortRow}>
        <Button
          size="small"
          type={byTurnover ? 'primary' : 'link'}
          onClick={() => setSort(byTurnover ? {} : { sortName: 'turnover', sortOrder: 'desc' })}
        >
          {T.turnoverSort}
        </Button>
        <ExportButton path="/rent/bidding/reqlst/export" params={{ bid, rid, ...sort }} />
      </div>
      <Table<TQuoteRow>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: T.noQuotes }}
        onChange={(_p, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          setSort(
            one?.order
              ? { sortName: one.columnKey as TSort['sortName'], sortOrder: one.order === 'descend' ? 'desc' : 'asc' }
              : {},
          );
        }}
      />
      {selecting && rid && <SelectDialog bid={bid} rid={rid} row={selecting} onClose={() => setSelecting(null)} />}
    </>
  );
}
