import { Table, type TableColumnsType } from 'antd';
import { offer as msg_offer } from '@jizu/shared/messages/offer';
import type { TOfferLine } from '@jizu/shared/schemas/offer';
import s from './response.module.css';
import cm from '../../ui/common.module.css';

const M = msg_offer;

/** A quote's lines: a table on a desktop, cards on a phone. `allot` adds the allocated quantity (itemised). */
export function QuoteLines({ lines, mobile, allot }: { lines: TOfferLine[]; mobile: boolean; allot?: boolean }) {
  if (mobile)
    return (
      <div className={cm.col8}>
        {lines.map((l) => (
          <div key={l.id} data-testid="quote-line" className={s.quoteLine}>
            <div className={cm.strong}>
              {l.no}. {l.eq_product_v} {l.model}
            </div>
            <div className={cm.hint}>{l.req_lst}</div>
            <div>
              {M.num}：{l.num_to_view}（{M.demanded} {l.req_num}
              {l.num_unit_v}）
            </div>
            <div>
              {M.price}：{l.price_v} · {M.rate}：{l.rate_v}
            </div>
            <div>
              {M.taxTotal}：{l.tax_total_v} · {M.inoutPrice}：{l.inout_price_v}
            </div>
            <div className={cm.strong}>
              {M.amount}：¥{l.amount_v}
              {allot && l.select ? ` · ${M.allotNum} ${l.allot_num}` : ''}
            </div>
          </div>
        ))}
      </div>
    );
  const columns: TableColumnsType<TOfferLine> = [
    { title: '#', dataIndex: 'no', width: 48 },
    {
      title: M.product,
      key: 'p',
      width: 220,
      render: (_: unknown, l) => (
        <div>
          <div className={cm.strong}>
            {l.eq_product_v} {l.model}
          </div>
          <div className={cm.hint}>{l.req_lst}</div>
        </div>
      ),
    },
    { title: M.demanded, key: 'd', width: 90, render: (_: unknown, l) => `${l.req_num}${l.num_unit_v}` },
    { title: M.num, dataIndex: 'num_to_view', width: 90 },
    { title: M.price, dataIndex: 'price_v', width: 120, align: 'right' },
    { title: M.rate, dataIndex: 'rate_v', width: 80, align: 'right' },
    { title: M.taxTotal, dataIndex: 'tax_total_v', width: 120, align: 'right' },
    { title: M.inoutPrice, dataIndex: 'inout_price_v', width: 110, align: 'right' },
    { title: M.amount, dataIndex: 'amount_v', width: 130, align: 'right', render: (v: string) => <strong>{v}</strong> },
    ...(allot
      ? [
          {
            title: M.allotNum,
            key: 'a',
            width: 100,
            render: (_: unknown, l: TOfferLine) => (l.select ? `${l.allot_num}${l.num_unit_v}` : l.select_v),
          },
        ]
      : []),
  ];
  return (
    <Table<TOfferLine>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
