import { lazy, Suspense, useState, type ReactNode } from 'react';
import { mayChangeNickName } from '@jizu/shared/constants/flags';
import { Button } from 'antd';
import { HoverTip } from '../../ui/HoverTip';
import {
  EditOutlined,
  LaptopOutlined,
  LockOutlined,
  MobileOutlined,
  PictureOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { fmt } from '@jizu/shared/messages/fmt';
import { maskPhone } from '@jizu/shared/rules/mask';
import type { TUserInfo } from '../../api/types';
import * as TxAccount from '../../texts/account';
import { PageCard } from '../../ui/PageCard';
import type { TSecurityAction } from './SecurityDialogs';
import cm from '../../ui/common.module.css';
import s from './dashboard.module.css';

const SecurityDialog = lazy(() => import('./SecurityDialogs'));

/** Opens one of the security dialogs; the dialogs' code loads on first use. */
function useSecurityDialog(info: TUserInfo) {
  const [action, setAction] = useState<TSecurityAction | null>(null);
  const dialog = action && (
    <Suspense fallback={null}>
      <SecurityDialog action={action} info={info} onClose={() => setAction(null)} />
    </Suspense>
  );
  return { open: setAction, dialog };
}

function Row({
  icon,
  label,
  hint,
  action,
  testId,
}: {
  icon: ReactNode;
  label: string;
  hint: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  return (
    <div data-testid={testId} className={s.secRow}>
      <span className={s.secIcon}>{icon}</span>
      <div className={cm.growShrink}>
        <div className={cm.medium}>{label}</div>
        <div className={s.secHint}>{hint}</div>
      </div>
      <div className={cm.fixed}>{action}</div>
    </div>
  );
}

/** 安全设置 (spec/1 §2): password, phone, avatar and nickname, each changed in its own dialog. */
export function SecurityCard({ info }: { info: TUserInfo }) {
  const { open, dialog } = useSecurityDialog(info);
  const nickOpen = mayChangeNickName(info.member_profile);
  return (
    <PageCard title={TxAccount.security.title} className={s.gridCard} bodyClassName={s.listBody}>
      <Row
        testId="sec-password"
        icon={<LockOutlined />}
        label={TxAccount.security.password}
        hint={TxAccount.security.passwordHint}
        action={
          <Button size="small" onClick={() => open('password')}>
            {TxAccount.security.change}
          </Button>
        }
      />
      <Row
        testId="sec-phone"
        icon={<MobileOutlined />}
        label={TxAccount.security.phone}
        hint={fmt(TxAccount.security.phoneHint, { phone: maskPhone(info.phone) })}
        action={
          <Button size="small" onClick={() => open('phone')}>
            {TxAccount.security.changePhone}
          </Button>
        }
      />
      <Row
        testId="sec-devices"
        icon={<LaptopOutlined />}
        label={TxAccount.security.devices}
        hint={TxAccount.security.devicesHint}
        action={
          <Button size="small" onClick={() => open('devices')}>
            {TxAccount.security.manage}
          </Button>
        }
      />
      <Row
        testId="sec-avatar"
        icon={<PictureOutlined />}
        label={TxAccount.security.avatar}
        hint={TxAccount.security.avatarHint}
        action={
          <Button size="small" onClick={() => open('avatar')}>
            {TxAccount.security.upload}
          </Button>
        }
      />
      <Row
        testId="sec-nickname"
        icon={<UserOutlined />}
        label={TxAccount.security.nickname}
        hint={fmt(nickOpen ? TxAccount.security.nicknameHint : TxAccount.security.nicknameDone, {
          name: info.username,
        })}
        action={
          // spec/1 §4: once changed (nick_name_status 1) the edit action is gone
          nickOpen ? (
            <Button size="small" onClick={() => open('nickname')}>
              {TxAccount.security.change}
            </Button>
          ) : (
            <span className={s.changed}>{TxAccount.security.changed}</span>
          )
        }
      />
      {dialog}
    </PageCard>
  );
}

/** The pencil beside the name on the account card, shown only while the nickname may still change. */
export function NicknameEdit({ info }: { info: TUserInfo }) {
  const { open, dialog } = useSecurityDialog(info);
  if (!mayChangeNickName(info.member_profile)) return null;
  return (
    <>
      <HoverTip title={TxAccount.security.editNickname}>
        <Button
          type="text"
          size="small"
          aria-label={TxAccount.security.editNickname}
          icon={<EditOutlined />}
          onClick={() => open('nickname')}
        />
      </HoverTip>
      {dialog}
    </>
  );
}

/** The account card's avatar: click to change it. */
export function AvatarEdit({ info, children }: { info: TUserInfo; children: ReactNode }) {
  const { open, dialog } = useSecurityDialog(info);
  return (
    <>
      <button
        type="button"
        aria-label={TxAccount.security.uploadAvatar}
        onClick={() => open('avatar')}
        className={s.avatarButton}
      >
        {children}
      </button>
      {dialog}
    </>
  );
}
