import { useState, type ReactNode } from 'react';
import { Form, Input, Modal, Space } from 'antd';
import type { z } from 'zod';
import { fmt } from '@jizu/shared/messages/fmt';
import { api } from '../api/client';
import { inputProps, rulesOf } from './formRules';
import { SmsCodeButton } from './SmsCodeButton';
import cm from './common.module.css';
import { whenValid } from './useFormSave';

/**
 * Signing by a code sent to the company administrator's phone (a contract, a payment's receipt): what is signed, the
 * code field with its 60 s send button, and where the code went once sent. `onSign` posts the code.
 */
export function AdminCodeDialog(props: {
  title: string;
  okText: string;
  intro: ReactNode;
  codeLabel: string;
  codePlaceholder?: string;
  /** '验证码已发送至{phone}' */
  sentTo: string;
  schema: z.ZodObject;
  send: { path: string; body: object };
  pending: boolean;
  onSign: (code: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const [to, setTo] = useState('');
  return (
    <Modal
      title={props.title}
      open
      width={500}
      onCancel={props.onClose}
      okText={props.okText}
      okButtonProps={{ loading: props.pending }}
      destroyOnHidden
      onOk={whenValid(form, (v) => props.onSign(v.code))}
    >
      {props.intro}
      {to && <p className={cm.muted}>{fmt(props.sentTo, { phone: to })}</p>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label={props.codeLabel} required>
          <Space.Compact className={cm.full}>
            <Form.Item name="code" noStyle rules={rulesOf(props.schema, 'code')}>
              <Input placeholder={props.codePlaceholder} inputMode="numeric" {...inputProps(props.schema, 'code')} />
            </Form.Item>
            <SmsCodeButton
              getPhone={() => 'admin'}
              send={async () => {
                const r = await api.post<{ resend_in: number; phone: string }>(props.send.path, props.send.body);
                setTo(r.phone);
                return r;
              }}
            />
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
