import { Fragment, type ReactNode } from 'react';
import { Pagination, Table, type TableColumnsType } from 'antd';
import { fmt } from '@jizu/shared/messages/fmt';
import * as T from '../texts/common';
import cm from './common.module.css';

/** The page sizes a user-centre list offers (spec/1 §9: 5, 10, 15, 20; 5 by default). */
export const PAGE_SIZE_OPTIONS = [5, 10, 15, 20];

/**
 * One page of a user-centre list: a table on a desktop, one card per row on a phone (no table scrolled sideways),
 * the same pager under both. `onPage(page, size)` gets antd's arguments; the page keeps them in the URL.
 */
export function PagedList<R extends { id: number }>(props: {
  data: R[];
  total: number;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  columns: TableColumnsType<R>;
  /** a phone's card of one row */
  card: (r: R) => ReactNode;
  mobile: boolean;
  /** the pager's total text, `{n}` filled in (共 {n} 条 by default) */
  totalText?: string;
}) {
  const { data, total, page, size, onPage, mobile } = props;
  const pager = {
    current: page,
    pageSize: size,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    onChange: onPage,
  };
  if (mobile)
    return (
      <div className={cm.col12}>
        {data.map((r) => (
          <Fragment key={r.id}>{props.card(r)}</Fragment>
        ))}
        <Pagination size="small" align="end" {...pager} />
      </div>
    );
  return (
    <Table<R>
      rowKey="id"
      size="middle"
      columns={props.columns}
      dataSource={data}
      scroll={{ x: 'max-content' }}
      pagination={{ ...pager, showTotal: (n) => fmt(props.totalText ?? T.state.total, { n }) }}
    />
  );
}
