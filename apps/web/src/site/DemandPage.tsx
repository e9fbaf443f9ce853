import { Button, Descriptions, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { demandExtra, demandUi as T } from '../texts/demand';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TDemandPublic } from '@jizu/shared/schemas/demand';
import { ApiError, api } from '../api/client';
import { useVisitor } from '../app/visitor';
import { LoadingBlock } from '../ui/QueryState';
import { StateView } from '../ui/StateView';
import css from './Bidding.module.css';
import { pageTitle, titles } from '../texts/site';

/** /site/demand/:id — a passed demand's public page; the contact is whole for logged-in users. */
export default function DemandPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['site', 'demand', id],
    queryFn: () => api.get<TDemandPublic>(`/site/demand/${id}`, undefined, { noCompany: true, quiet: true }),
    enabled: id > 0,
    retry: false,
  });
  const me = useVisitor();
  const d = q.data;
  useEffect(() => {
    if (d) document.title = pageTitle(fmt(titles.demand, { name: d.eq_name, num: d.num }), T.hallTitle);
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
  return (
    <div className={css.page}>
      <div className={css.panel}>
        <Tag color="green">{d.label}</Tag>
        <span className={css.meta}>{fmt(T.validUntil, { date: d.expire_date })}</span>
        <h1 className={css.detailTitle}>{fmt(demandExtra.detailHead, { name: d.eq_name, num: d.num })}</h1>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={T.time}>{d.time}</Descriptions.Item>
          <Descriptions.Item label={T.address}>{`${d.region_v}${d.address}`}</Descriptions.Item>
          <Descriptions.Item label={T.remark}>{d.remark}</Descriptions.Item>
          <Descriptions.Item label={demandExtra.publisher}>{d.company_v}</Descriptions.Item>
          <Descriptions.Item label={T.contact}>{`${d.contacts} ${d.tel}`}</Descriptions.Item>
        </Descriptions>
        {!me.data && (
          <Button
            type="primary"
            onClick={() => navigate(`/login?redirect=${encodeURIComponent(`/site/demand/${id}`)}`)}
          >
            {T.loginToContact}
          </Button>
        )}
      </div>
    </div>
  );
}
