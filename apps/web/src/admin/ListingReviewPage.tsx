import { useState } from 'react';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Image,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tabs,
  Timeline,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { equipment as msg_equipment } from '@jizu/shared/messages/equipment';
import { fmt } from '@jizu/shared/messages/fmt';
import {
  LISTING_REASON_MAX,
  LISTING_REVIEW,
  LISTING_REVIEW_TABS,
  LISTING_REVIEW_TEXT,
  listingActions,
} from '@jizu/shared/constants/equipment';
import type { TPage } from '@jizu/shared/errors';
import type { TAdminListingDetail, TAdminListingRow } from '@jizu/shared/schemas/equipment';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { useIsMobile } from '../app/useIsMobile';
import { REVIEW_TONES } from '../features/device/ListingsPage';
import { DT } from '../texts/device';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { useUrlQuery } from '../ui/useUrlQuery';
import cm from '../ui/common.module.css';
import ac from './admin.module.css';
import { ExportButton } from '../ui/ExportButton';

const M = { equipment: msg_equipment } as const;

const R = DT.review;
const PATH = '/admin/equipment';
const opts = { noCompany: true } as const;
const TABS = LISTING_REVIEW_TABS.map((t) => t.status as number);
/** The queue's columns by tab: decided listings show when they were reviewed, rejected ones their reason too. */
const TAB_COLUMNS: Partial<Record<number, { reviewed: boolean; reason: boolean }>> = {
  [LISTING_REVIEW.approved]: { reviewed: true, reason: false },
  [LISTING_REVIEW.rejected]: { reviewed: true, reason: true },
};
const statusOf = (r: { is_lease: number; on_sell: number; state: number; has_lease: boolean }) => ({
  is_lease: r.is_lease,
  on_sell: r.on_sell,
  state: r.state,
  has_lease: r.has_lease,
});

function TwoLineTime({ v }: { v: string }) {
  return (
    <div className={cm.nowrap}>
      {v.slice(0, 10)}
      <div className={cm.hint}>{v.slice(11)}</div>
    </div>
  );
}

function Detail({
  id,
  onDecide,
}: {
  id: number;
  onDecide: (r: TAdminListingDetail, action: 'approve' | 'reject') => void;
}) {
  const q = useQuery({
    queryKey: ['admin', PATH, 'one', id],
    queryFn: () => api.get<TAdminListingDetail>(`${PATH}/${id}`, undefined, { ...opts, quiet: true }),
  });
  return (
    <QueryState query={q}>
      {(d) => {
        const actions = listingActions(statusOf(d), 'staff');
        return (
          <div className={ac.detail}>
            <Space wrap>
              <StatusTag status={d.is_lease} text={d.is_lease_v} tones={REVIEW_TONES} />
              {d.reason && <span className={cm.danger}>{fmt(DT.reason, { reason: d.reason })}</span>}
            </Space>
            <section>
              <h4>{R.photos}</h4>
              <Image.PreviewGroup>
                <Space wrap>
                  {d.appearance_image.map((src) => (
                    <Image
                      key={src}
                      src={src}
                      alt={R.photos}
                      width={120}
                      height={90}
                      className={src === d.cover ? `${ac.photo} ${ac.photoCover}` : ac.photo}
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            </section>
            <section>
              <h4>{R.nameplate}</h4>
              <Image src={d.nameplate} alt={R.nameplate} width={200} className={ac.nameplate} />
            </section>
            <Descriptions title={R.basic} column={1} size="small" bordered>
              <Descriptions.Item label={R.company}>{d.company_name}</Descriptions.Item>
              <Descriptions.Item label={R.submitter}>{d.submitter}</Descriptions.Item>
              <Descriptions.Item label={DT.product}>
                {d.category_v} / {d.group_v} / {d.product_name_v}
              </Descriptions.Item>
              <Descriptions.Item label={DT.model}>
                {d.brand} {d.model}
              </Descriptions.Item>
              <Descriptions.Item label={R.playingTime}>{d.playing_time}</Descriptions.Item>
              <Descriptions.Item label={R.workingHours}>{d.working_hours}</Descriptions.Item>
              <Descriptions.Item label={R.rents}>
                ¥{d.monthly_rent_v} {DT.perMonth}
                {d.rent_rent > 0 && ` · ¥${d.rent_rent_v} ${DT.perShift}`}
                {d.hourly_rent > 0 && ` · ¥${d.hourly_rent_v} ${DT.perHour}`}
              </Descriptions.Item>
              <Descriptions.Item label={R.serial}>
                {d.serial_type_v}：{d.serial_number}
              </Descriptions.Item>
              <Descriptions.Item label={R.address}>{d.full_address}</Descriptions.Item>
              {d.explain && <Descriptions.Item label={R.explain}>{d.explain}</Descriptions.Item>}
            </Descriptions>
            <Descriptions title={R.params} column={1} size="small" bordered>
              {d.params_v.map((p) => (
                <Descriptions.Item key={p.key} label={p.name}>
                  {p.value} {p.unit}
                </Descriptions.Item>
              ))}
              {d.attributes_v.map((a) => (
                <Descriptions.Item key={a.name} label={a.name}>
                  {a.value}
                </Descriptions.Item>
              ))}
            </Descriptions>
            <section>
              <h4>{R.trail}</h4>
              <Timeline
                items={d.audit.map((e) => ({
                  content: (
                    <div>
                      <div>
                        {R.actions[e.action] ?? e.action}
                        {e.reason && <span className={cm.danger}>：{e.reason}</span>}
                      </div>
                      <div className={cm.hint}>{e.create_time}</div>
                    </div>
                  ),
                }))}
              />
            </section>
            {actions.length > 0 && (
              <Space>
                {actions.includes('approve') && (
                  <Button type="primary" onClick={() => onDecide(d, 'approve')}>
                    {R.approve}
                  </Button>
                )}
                {actions.includes('reject') && (
                  <Button danger onClick={() => onDecide(d, 'reject')}>
                    {R.reject}
                  </Button>
                )}
              </Space>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}

/**
 * 设备审核 (/admin/equipment): the listings waiting for the platform, approved and rejected, with a detail drawer (photos,
 * nameplate, parameters, the audit trail); approving or rejecting (with a reason) tells the company by message.
 */
export default function ListingReviewPage() {
  const { params, update, int } = useUrlQuery();
  const status = TABS.includes(Number(params.get('status'))) ? Number(params.get('status')) : LISTING_REVIEW.pending;
  const page = int('page', 1);
  const qc = useQueryClient();
  const mobile = useIsMobile();
  const [open, setOpen] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<{ id: number } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['admin', PATH, { status, page }],
    queryFn: () => api.get<TPage<TAdminListingRow>>(PATH, { status, page, size: 10 }, { ...opts, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', PATH] });
  const approve = async (id: number) => {
    try {
      await api.post(`${PATH}/${id}/approve`, undefined, opts);
      toast.success(R.approved);
      setOpen(null);
    } finally {
      await refresh();
    }
  };
  const reject = async () => {
    const text = reason.trim();
    if (!text) return setReasonError(M.equipment.reasonRequired);
    if (text.length > LISTING_REASON_MAX) return setReasonError(M.equipment.reasonTooLong);
    setBusy(true);
    try {
      await api.post(`${PATH}/${rejecting!.id}/reject`, { reason: text }, opts);
      toast.success(R.rejected);
      setRejecting(null);
      setOpen(null);
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const startReject = (id: number) => {
    setRejecting({ id });
    setReason('');
    setReasonError('');
  };
  const columns: TableColumnsType<TAdminListingRow> = [
    {
      title: DT.colDevice,
      key: 'device',
      width: 240,
      render: (_: unknown, r) => (
        <div className={ac.device}>
          <img src={r.cover} alt={r.product_name_v} width={72} height={54} className={ac.thumb} />
          <div>
            <div className={cm.strong}>{r.product_name_v}</div>
            <div className={cm.muted12}>
              {r.brand} {r.model} · {r.group_v}
            </div>
          </div>
        </div>
      ),
    },
    { title: R.company, dataIndex: 'company_name', width: 180, ellipsis: true },
    { title: DT.colRent, key: 'rent', width: 130, render: (_: unknown, r) => `¥${r.monthly_rent_v} ${DT.perMonth}` },
    { title: DT.colRegion, key: 'region', width: 120, render: (_: unknown, r) => `${r.province_v} ${r.city_v}` },
    { title: R.submitted, dataIndex: 'update_time', width: 110, render: (v: string) => <TwoLineTime v={v} /> },
    ...(TAB_COLUMNS[status]?.reviewed
      ? [{ title: R.reviewed, dataIndex: 'review_time', width: 110, render: (v: string) => <TwoLineTime v={v} /> }]
      : []),
    {
      title: DT.colAudit,
      key: 'status',
      width: 100,
      render: (_: unknown, r: TAdminListingRow) => (
        <StatusTag status={r.is_lease} text={LISTING_REVIEW_TEXT[r.is_lease]} tones={REVIEW_TONES} />
      ),
    },
    ...(TAB_COLUMNS[status]?.reason ? [{ title: R.reason, dataIndex: 'reason', width: 200 }] : []),
    {
      title: DT.colAction,
      key: 'action',
      width: TAB_COLUMNS[status]?.reviewed ? 80 : 190,
      fixed: mobile ? undefined : ('right' as const),
      render: (_: unknown, r: TAdminListingRow) => {
        const actions = listingActions(statusOf(r), 'staff');
        return (
          <Space>
            <Button size="small" onClick={() => setOpen(r.id)}>
              {R.detail}
            </Button>
            {actions.includes('approve') && (
              <Popconfirm
                title={R.approveConfirm}
                okText={DT.ok}
                cancelText={DT.cancel}
                onConfirm={() => approve(r.id)}
              >
                <Button type="primary" size="small">
                  {R.approve}
                </Button>
              </Popconfirm>
            )}
            {actions.includes('reject') && (
              <Button danger size="small" onClick={() => startReject(r.id)}>
                {R.reject}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];
  return (
    <>
      <PageHeader title={R.title} extra={<ExportButton path={`${PATH}/export`} params={{ status }} noCompany />} />
      <Card>
        <Tabs
          activeKey={String(status)}
          onChange={(k) => update({ status: k, page: undefined })}
          items={LISTING_REVIEW_TABS.map((t) => ({ key: String(t.status), label: t.label }))}
        />
        <QueryState query={q}>
          {(d) => (
            <Table<TAdminListingRow>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={d.data}
              scroll={{ x: 'max-content' }}
              pagination={{
                current: page,
                pageSize: 10,
                total: d.total,
                showSizeChanger: false,
                showTotal: (n) => fmt(DT.total, { n }),
                onChange: (p) => update({ page: p > 1 ? p : undefined }),
              }}
            />
          )}
        </QueryState>
      </Card>
      <Drawer open={open !== null} onClose={() => setOpen(null)} title={R.title} size="large" destroyOnHidden>
        {open !== null && (
          <Detail id={open} onDecide={(r, action) => (action === 'approve' ? void approve(r.id) : startReject(r.id))} />
        )}
      </Drawer>
      <Modal
        open={!!rejecting}
        title={R.rejectTitle}
        okText={R.reject}
        cancelText={DT.cancel}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => void reject()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={R.reasonPh}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError('');
          }}
          placeholder={R.reasonPh}
          maxLength={LISTING_REASON_MAX}
          showCount
          rows={4}
          status={reasonError ? 'error' : undefined}
        />
        {reasonError && <div className={ac.reasonError}>{reasonError}</div>}
      </Modal>
    </>
  );
}
