import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Steps } from 'antd';
import type { FormInstance } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { account as msg_account } from '@jizu/shared/messages/account';
import { common as msg_common } from '@jizu/shared/messages/common';
import { fmt } from '@jizu/shared/messages/fmt';
import { NICK_MAX } from '@jizu/shared/schemas/account';
import { ApiError } from '../../api/client';
import type { TUserInfo } from '../../api/types';
import { infoKey } from '../../app/session';
import * as TxAccount from '../../texts/account';
import { toast } from '../../app/toast';
import { PhoneField, SmsCodeField } from '../../ui/AuthFields';
import { AvatarUpload } from '../../ui/AvatarUpload';
import { applyFieldErrors } from '../auth/authApi';
import { DevicesDialog } from './DevicesDialog';
import {
  changeMobile,
  changePassword,
  checkOldMobile,
  saveAvatar,
  saveNickname,
  sendNewMobileSms,
  sendOldMobileSms,
} from './accountApi';
import cm from '../../ui/common.module.css';
import s from './dialogs.module.css';

const M = { account: msg_account, common: msg_common } as const;

export type TSecurityAction = 'password' | 'phone' | 'avatar' | 'nickname' | 'devices';

/** A failed call: its field messages beside the fields, otherwise a toast (the calls are quiet). */
function showError(form: FormInstance | null, e: unknown) {
  if (form && applyFieldErrors(form, e)) return;
  if (e instanceof ApiError && !e.loggedOut) toast.error(e.msg);
}

function useDone(onClose: () => void) {
  const qc = useQueryClient();
  return async () => {
    toast.success(M.common.modified);
    await qc.invalidateQueries({ queryKey: infoKey });
    onClose();
  };
}

function NicknameDialog({ info, onClose }: { info: TUserInfo; onClose: () => void }) {
  const [form] = Form.useForm<{ nick_name: string }>();
  const [busy, setBusy] = useState(false);
  const done = useDone(onClose);
  const submit = async ({ nick_name }: { nick_name: string }) => {
    setBusy(true);
    try {
      await saveNickname(nick_name);
      await done();
    } catch (e) {
      showError(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={TxAccount.security.editNickname}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={TxAccount.security.submit}
      cancelText={TxAccount.security.cancel}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={TxAccount.security.nicknameOnceWarn} className={s.nicknameWarn} />
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ nick_name: info.username }}>
        <Form.Item
          name="nick_name"
          label={TxAccount.security.nickname}
          rules={[
            { required: true, whitespace: true, message: M.account.nickRequired },
            { max: NICK_MAX, message: fmt(M.account.nickTooLong, { n: NICK_MAX }) },
          ]}
        >
          <Input placeholder={TxAccount.security.nicknamePlaceholder} maxLength={NICK_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PasswordDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ oldpassword: string; password: string; repassword: string }>();
  const [busy, setBusy] = useState(false);
  const done = useDone(onClose);
  const submit = async (v: { oldpassword: string; password: string; repassword: string }) => {
    setBusy(true);
    try {
      await changePassword(v);
      await done();
    } catch (e) {
      showError(form, e);
    } finally {
      setBusy(false);
    }
  };
  // spec/1 §5: only emptiness is checked here; the server checks the rule and the confirmation
  return (
    <Modal
      open
      title={TxAccount.security.changePassword}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={TxAccount.security.submit}
      cancelText={TxAccount.security.cancel}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item
          name="oldpassword"
          label={TxAccount.security.oldPassword}
          rules={[{ required: true, message: M.account.oldPasswordRequired }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={M.account.oldPasswordRequired}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={TxAccount.security.newPassword}
          extra={TxAccount.security.passwordRule}
          rules={[{ required: true, message: M.account.newPasswordRequired }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={M.account.newPasswordRequired}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="repassword"
          label={TxAccount.security.confirmPassword}
          rules={[{ required: true, message: M.account.confirmPasswordRequired }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={M.account.confirmPasswordRequired}
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
      <div className={cm.hint}>{TxAccount.security.passwordDoneHint}</div>
    </Modal>
  );
}

function PhoneDialog({ info, onClose }: { info: TUserInfo; onClose: () => void }) {
  const [form] = Form.useForm<{ code: string; phone: string; vcode: string }>();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const done = useDone(onClose);

  const next = async () => {
    try {
      const { code } = await form.validateFields(['code']);
      setBusy(true);
      await checkOldMobile(code);
      setStep(1);
    } catch (e) {
      showError(form, e);
    } finally {
      setBusy(false);
    }
  };
  const submit = async () => {
    try {
      const v = await form.validateFields(['phone', 'vcode']);
      setBusy(true);
      await changeMobile({ code: form.getFieldValue('code') as string, phone: v.phone, vcode: v.vcode });
      await done();
    } catch (e) {
      // the old code went stale meanwhile: back to step 1 with its message
      if (e instanceof ApiError && e.errors.some((f) => f.field === 'code')) setStep(0);
      showError(form, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={TxAccount.security.changePhoneTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={
        step === 0
          ? [
              <Button key="c" onClick={onClose}>
                {TxAccount.security.cancel}
              </Button>,
              <Button key="n" type="primary" loading={busy} onClick={() => void next()}>
                {TxAccount.security.next}
              </Button>,
            ]
          : [
              <Button key="p" onClick={() => setStep(0)}>
                {TxAccount.security.prev}
              </Button>,
              <Button key="s" type="primary" loading={busy} onClick={() => void submit()}>
                {TxAccount.security.submit}
              </Button>,
            ]
      }
    >
      <Steps
        size="small"
        responsive={false}
        current={step}
        items={[{ title: TxAccount.security.stepOld }, { title: TxAccount.security.stepNew }]}
        className={s.phoneSteps}
      />
      <Form form={form} layout="vertical" requiredMark={false} preserve>
        <div style={{ display: step === 0 ? 'block' : 'none' }}>
          <Form.Item label={TxAccount.security.oldPhone}>
            <Input size="large" value={info.phone} disabled data-testid="old-phone" />
          </Form.Item>
          <SmsCodeField
            form={form}
            name="code"
            getPhone={() => info.phone}
            send={() => sendOldMobileSms()}
            placeholder={TxAccount.security.oldCode}
            requiredMsg={M.account.oldCodeRequired}
          />
        </div>
        {step === 1 && (
          <>
            <PhoneField
              name="phone"
              placeholder={TxAccount.security.newPhone}
              requiredMsg={M.account.newPhoneRequired}
            />
            <SmsCodeField
              form={form}
              name="vcode"
              phoneField="phone"
              send={sendNewMobileSms}
              placeholder={TxAccount.security.newCode}
              requiredMsg={M.account.newCodeRequired}
              emptyPhoneMsg={M.account.newPhoneSmsRequired}
            />
          </>
        )}
      </Form>
    </Modal>
  );
}

function AvatarDialog({ info, onClose }: { info: TUserInfo; onClose: () => void }) {
  const [path, setPath] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useDone(onClose);
  const submit = async () => {
    if (!path) return toast.warning(M.account.avatarRequired);
    setBusy(true);
    try {
      await saveAvatar(path);
      await done();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={TxAccount.security.uploadAvatar}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={TxAccount.security.saveAvatar}
      cancelText={TxAccount.security.cancel}
      okButtonProps={{ disabled: !path }}
      confirmLoading={busy}
      destroyOnHidden
    >
      <div className={s.avatarBody}>
        <AvatarUpload current={info.avatar} onUploaded={(r) => setPath(r.path)} />
      </div>
    </Modal>
  );
}

/** The security settings' dialogs (loaded on first use). */
export default function SecurityDialog({
  action,
  info,
  onClose,
}: {
  action: TSecurityAction;
  info: TUserInfo;
  onClose: () => void;
}) {
  if (action === 'nickname') return <NicknameDialog info={info} onClose={onClose} />;
  if (action === 'password') return <PasswordDialog onClose={onClose} />;
  if (action === 'phone') return <PhoneDialog info={info} onClose={onClose} />;
  if (action === 'devices') return <DevicesDialog onClose={onClose} />;
  return <AvatarDialog info={info} onClose={onClose} />;
}
