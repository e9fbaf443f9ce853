import { useState } from 'react';
import { Alert, Button, Descriptions, Image, Modal, Result, Select, Space, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { rights as msg_rights } from '@jizu/shared/messages/rights';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TPage } from '@jizu/shared/errors';
import type { TRight } from '@jizu/shared/schemas/payment';
import type { TRightsEq, TRightsEqInfo, TRightsProject } from '@jizu/shared/schemas/rights';
import { api } from '../../api/client';
import { useUserInfo } from '../../app/session';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { LoadingBlock, QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { RT } from '../../texts/rights';
import s from './rights.module.css';

const M = { rights: msg_rights } as const;

const PAGE = 5;

/** The bound device of a right, with the nameplate download. */
export function BoundDevice({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['rights', 'info', id],
    queryFn: () => api.post<TRightsEqInfo>('/index/user/rightsEqInfo', { id }),
  });
  return (
    <QueryState query={q}>
      {(b) => (
        <Space align="start" wrap size={16}>
          {b.cover && <Image src={b.cover} alt={b.equip_name} width={160} height={110} className={s.cover} />}
          <div>
            <Alert type="success" showIcon title={RT.bound} className={s.bound} />
            <div>
              <a href={b.href} target="_blank" rel="noreferrer">
                <strong>{b.equip_name}</strong> {b.model}
              </a>
            </div>
            <div className={s.boundHint}>
              {RT.boundAt}：{b.bind_time}
            </div>
            <Link to={`/dashboard/down-nameplate?id=${b.id}&url=${encodeURIComponent(b.nameplate_url)}`}>
              <Button type="primary">{RT.download}</Button>
            </Link>
          </div>
        </Space>
      )}
    </QueryState>
  );
}

/** /dashboard/bind-device/:id/:type: an AAA member binds an approved device (optionally a project) to a right; irreversible. */
export default function BindDevicePage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useUserInfo();
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<TRightsEq | null>(null);
  const [project, setProject] = useState<number | undefined>();
  const rights = useQuery({
    queryKey: ['rights', 'all'],
    queryFn: () => api.get<TPage<TRight>>('/index/user/rightsList', { page: 1, size: 100 }),
  });
  const devices = useQuery({
    queryKey: ['rights', 'eqlst', page],
    queryFn: () => api.get<TPage<TRightsEq>>('/index/user/rightsEqlst', { page, size: PAGE }),
    placeholderData: keepPreviousData,
  });
  const projects = useQuery({
    queryKey: ['rights', 'projects'],
    queryFn: () => api.get<TRightsProject[]>('/index/user/projectLst'),
  });
  const [modal, modalHolder] = Modal.useModal();
  const save = useMutation({
    mutationFn: () =>
      api.post('/index/user/rightsEqSave', { id, equipment_id: picked!.id, project_id: project ?? null }),
    onSuccess: async () => {
      toast.success(M.rights.bound);
      await qc.invalidateQueries({ queryKey: ['rights'] });
    },
  });
  if (rights.isPending || me.isPending) return <LoadingBlock />;
  const right = rights.data?.data.find((r) => r.id === id);
  if (!right)
    return (
      <PageCard title={RT.bindTitle}>
        <StateView
          kind="empty"
          title={RT.notFound}
          extra={<Button onClick={() => navigate('/payment-detail')}>{RT.back}</Button>}
        />
      </PageCard>
    );
  const aaa = me.data?.memberLevel.level === 'AAA';
  const confirm = () => {
    if (!picked) return toast.warning(M.rights.chooseDevice);
    modal.confirm({
      title: RT.confirmTitle,
      content: fmt(RT.confirmBody, { name: picked.product_name_v }),
      okText: RT.ok,
      cancelText: RT.cancel,
      onOk: () => save.mutateAsync(),
    });
  };
  const cols: TableColumnsType<TRightsEq> = [
    {
      title: RT.cols.cover,
      dataIndex: 'cover',
      width: 100,
      render: (c: string, d) => (
        <Image src={c} alt={d.product_name_v} width={72} height={48} className={s.thumb} preview={false} />
      ),
    },
    {
      title: RT.cols.name,
      dataIndex: 'product_name_v',
      render: (n: string, d) => `${n}${d.model ? ` ${d.model}` : ''}`,
    },
    {
      title: RT.cols.region,
      key: 'r',
      render: (_: unknown, d) => [d.province_v, d.city_v, d.area_v].filter(Boolean).join(' '),
    },
  ];
  return (
    <PageCard title={RT.bindTitle} extra={<Button onClick={() => navigate('/payment-detail')}>{RT.back}</Button>}>
      {modalHolder}
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered className={s.summary}>
        <Descriptions.Item label={RT.sn}>{right.sn}</Descriptions.Item>
        <Descriptions.Item label={RT.type}>{right.rights_type}</Descriptions.Item>
        <Descriptions.Item label={RT.period}>{`${right.begin_time_v} ~ ${right.expiration_time_v}`}</Descriptions.Item>
        <Descriptions.Item label={RT.status}>{right.status}</Descriptions.Item>
      </Descriptions>
      {right.equipment_id ? (
        <BoundDevice id={id} />
      ) : !aaa ? (
        <Result
          status="warning"
          title={M.rights.aaaOnly}
          extra={
            <Button type="primary" onClick={() => navigate('/user-payment?level=AAA')}>
              {RT.notAaa}
            </Button>
          }
        />
      ) : (
        <>
          <h3 className={s.heading}>{RT.chooseDevice}</h3>
          <QueryState
            query={devices}
            isEmpty={(d) => d.total === 0}
            empty={
              <StateView
                kind="empty"
                title={RT.noDevices}
                extra={<Button onClick={() => navigate('/device/add')}>{RT.toAdd}</Button>}
              />
            }
          >
            {(d) => (
              <Table<TRightsEq>
                rowKey="id"
                size="small"
                columns={cols}
                dataSource={d.data}
                scroll={{ x: 520 }}
                rowSelection={{
                  type: 'radio',
                  selectedRowKeys: picked ? [picked.id] : [],
                  onChange: (_k, rows) => setPicked(rows[0] ?? null),
                }}
                onRow={(r) => ({ onClick: () => setPicked(r), className: s.pickRow })}
                pagination={{
                  current: page,
                  pageSize: PAGE,
                  total: d.total,
                  onChange: setPage,
                  showSizeChanger: false,
                }}
              />
            )}
          </QueryState>
          <div className={s.label}>{RT.project}</div>
          <Select
            allowClear
            className={s.project}
            placeholder={projects.data?.length ? RT.project : RT.noProject}
            disabled={!projects.data?.length}
            value={project}
            onChange={setProject}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
          <div className={s.actions}>
            <Button type="primary" size="large" disabled={!picked} loading={save.isPending} onClick={confirm}>
              {RT.bind}
            </Button>
          </div>
        </>
      )}
    </PageCard>
  );
}
