import { Button, Modal, Skeleton, Tag } from 'antd';
import { DesktopOutlined, MobileOutlined, QuestionOutlined, TabletOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { account as msg_account } from '@jizu/shared/messages/account';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TDeviceRow } from '@jizu/shared/schemas/account';
import * as TxAccount from '../../texts/account';
import { toast } from '../../app/toast';
import { devicesKey, endDevice, endOtherDevices, useDevices } from './accountApi';
import css from './DevicesDialog.module.css';

const T = TxAccount.devices;
const ICONS: Record<string, typeof DesktopOutlined> = {
  desktop: DesktopOutlined,
  mobile: MobileOutlined,
  tablet: TabletOutlined,
};

/** "Chrome 131 · Windows 10", with the maker and model when the browser named them; 未知设备 when it said nothing known. */
export function deviceName(d: TDeviceRow): string {
  const name = [d.device, d.browser, d.os].filter(Boolean).join(' · ');
  return name || T.unknown;
}

function DeviceItem({ d, onEnd, busy }: { d: TDeviceRow; onEnd: (d: TDeviceRow) => void; busy: boolean }) {
  const Icon = ICONS[d.type] ?? QuestionOutlined;
  return (
    <div className={css.item} data-testid="device-row" data-current={d.current ? '1' : '0'}>
      <span className={css.icon} aria-label={T.type[d.type] ?? T.unknown}>
        <Icon />
      </span>
      <div className={css.body}>
        <div className={css.name}>
          <span>{deviceName(d)}</span>
          {d.current && <Tag color="blue">{T.current}</Tag>}
        </div>
        <div className={css.meta}>
          <span>{fmt(T.ip, { ip: d.ip || '-' })}</span>
          <span>{fmt(T.firstUsed, { at: d.created_at.slice(0, 16) })}</span>
          <span>{fmt(T.lastUsed, { at: d.last_seen_at.slice(0, 16) })}</span>
        </div>
      </div>
      {!d.current && (
        <div className={css.action}>
          <Button size="small" danger disabled={busy} onClick={() => onEnd(d)}>
            {T.endOne}
          </Button>
        </div>
      )}
    </div>
  );
}

/** 登录设备: every valid login of the account; another one can be ended, or all others at once (each asked first). */
export function DevicesDialog({ onClose }: { onClose: () => void }) {
  const [modal, modalHolder] = Modal.useModal();
  const qc = useQueryClient();
  const devices = useDevices();
  const rows = devices.data?.data ?? [];
  const others = rows.filter((d) => !d.current).length;
  const refresh = () => qc.invalidateQueries({ queryKey: devicesKey });
  const one = useMutation({
    mutationFn: (id: number) => endDevice(id),
    onSuccess: async () => {
      toast.success(msg_account.deviceEnded);
      await refresh();
    },
    // gone meanwhile (ended elsewhere): the list shows what is left
    onError: () => void refresh(),
  });
  const all = useMutation({
    mutationFn: endOtherDevices,
    onSuccess: async () => {
      toast.success(msg_account.othersEnded);
      await refresh();
    },
  });
  const askOne = (d: TDeviceRow) =>
    modal.confirm({
      title: T.endOneAsk,
      content: fmt(T.endOneBody, { device: deviceName(d) }),
      okText: T.ok,
      cancelText: T.cancel,
      okButtonProps: { danger: true },
      onOk: () => one.mutateAsync(d.id),
    });
  const askOthers = () =>
    modal.confirm({
      title: T.endOthersAsk,
      content: fmt(T.endOthersBody, { n: others }),
      okText: T.ok,
      cancelText: T.cancel,
      okButtonProps: { danger: true },
      onOk: () => all.mutateAsync(),
    });
  return (
    <Modal
      open
      title={T.title}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <div className={css.footer}>
          <Button danger disabled={others === 0 || all.isPending} onClick={askOthers} data-testid="devices-end-others">
            {T.endOthers}
          </Button>
          <Button onClick={onClose}>{T.close}</Button>
        </div>
      }
    >
      {devices.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <div className={css.list} data-testid="device-list">
          {rows.map((d) => (
            <DeviceItem key={d.id} d={d} onEnd={askOne} busy={one.isPending} />
          ))}
          {others === 0 && <div className={css.meta}>{T.onlyThis}</div>}
        </div>
      )}
      {modalHolder}
    </Modal>
  );
}
