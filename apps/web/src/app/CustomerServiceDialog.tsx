import { useState } from 'react';
import { Button, Card, Empty, Image, Modal, Radio, Space, Typography } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { common as msg_common } from '@jizu/shared/messages/common';
import { api } from '../api/client';
import type { TStaff } from '../api/types';
import { QueryState } from '../ui/QueryState';
import * as T from '../texts/common';
import { toast } from './toast';
import cm from '../ui/common.module.css';
import css from './CustomerServiceDialog.module.css';
import { fmt } from '@jizu/shared/messages/fmt';

const M = { common: msg_common } as const;

const myStaffKey = ['staff', 'my'] as const;

function StaffCard({ staff }: { staff: TStaff }) {
  return (
    <div className={`${cm.center} ${css.staff}`}>
      <Image
        src={staff.img_qrcode}
        alt={fmt(T.staffQrAlt, { name: staff.name })}
        width={180}
        height={180}
        className={css.qr}
        fallback="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='180' height='180'><rect width='100%' height='100%' fill='%23f5f5f5'/></svg>"
      />
      <Typography.Paragraph type="secondary" className={css.scan}>
        {T.cs.scan}
      </Typography.Paragraph>
      <Typography.Title level={5} className={css.name}>
        {staff.name}
      </Typography.Title>
      <Typography.Text copyable={{ text: staff.phone }}>
        <PhoneOutlined /> {staff.phone}
      </Typography.Text>
    </div>
  );
}

function ChooseStaff({ current, onDone }: { current?: number; onDone: () => void }) {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['staff', 'list'], queryFn: () => api.get<TStaff[]>('/index/staff_list') });
  const [picked, setPicked] = useState<number | undefined>(current);
  const save = useMutation({
    mutationFn: (staffId: number) => api.post('/index/staff', { staff_id: staffId }),
    onSuccess: async () => {
      toast.success(M.common.modified);
      await qc.invalidateQueries({ queryKey: myStaffKey });
      onDone();
    },
  });
  return (
    <QueryState query={list} isEmpty={(d) => d.length === 0}>
      {(staff) => (
        <>
          <Radio.Group value={picked} onChange={(e) => setPicked(e.target.value as number)} className={css.group}>
            <div className={css.staffGrid}>
              {staff.map((s) => (
                <Card
                  key={s.id}
                  size="small"
                  hoverable
                  onClick={() => setPicked(s.id)}
                  className={picked === s.id ? css.picked : undefined}
                >
                  <Radio value={s.id}>
                    <div className={cm.medium}>{s.name}</div>
                    <div className={cm.hint}>{s.phone}</div>
                  </Radio>
                </Card>
              ))}
            </div>
          </Radio.Group>
          <Space className={css.actions}>
            <Button onClick={onDone}>{T.cs.cancel}</Button>
            <Button
              type="primary"
              disabled={!picked}
              loading={save.isPending}
              onClick={() => picked && save.mutate(picked)}
            >
              {T.cs.confirm}
            </Button>
          </Space>
        </>
      )}
    </QueryState>
  );
}

/** 专属客服 (spec/3): the assigned staff member with phone and WeChat QR; any user may choose another. */
export default function CustomerServiceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [choosing, setChoosing] = useState(false);
  const my = useQuery({
    queryKey: myStaffKey,
    queryFn: () => api.get<TStaff | null>('/index/staff', { type: 'my' }),
    enabled: open,
  });
  const close = () => {
    setChoosing(false);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={choosing ? T.cs.choose : T.cs.title}
      onCancel={close}
      footer={null}
      width={choosing ? 560 : 380}
      destroyOnHidden
    >
      {choosing ? (
        <ChooseStaff current={my.data?.staff_id ?? my.data?.id} onDone={() => setChoosing(false)} />
      ) : (
        <QueryState query={my}>
          {(staff) => (
            <>
              {staff && staff.name ? <StaffCard staff={staff} /> : <Empty description={T.cs.none} />}
              <div className={css.change}>
                <Button type="primary" ghost onClick={() => setChoosing(true)}>
                  {T.cs.change}
                </Button>
              </div>
            </>
          )}
        </QueryState>
      )}
    </Modal>
  );
}
