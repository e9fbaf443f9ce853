import { Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { ZPhoneField } from '@jizu/shared/schemas/common';
import * as T from '../texts/common';
import { SmsCodeButton } from './SmsCodeButton';
import { rulesOf } from './formRules';
import cm from './common.module.css';

/** The 11-digit phone field of the login, register and phone-change forms. */
export function PhoneField({
  name = 'phone',
  placeholder = T.form.phone,
  requiredMsg = T.form.phone,
}: {
  name?: string;
  placeholder?: string;
  requiredMsg?: string;
}) {
  return (
    <Form.Item name={name} rules={rulesOf(ZPhoneField, 'phone', { requiredMsg })}>
      <Input
        size="large"
        prefix={<MobileOutlined />}
        placeholder={placeholder}
        maxLength={11}
        inputMode="numeric"
        autoComplete="username"
      />
    </Form.Item>
  );
}

/**
 * The 6-digit SMS code field with its countdown button; the code goes to the phone in `phoneField` of `form`, or to
 * the one `getPhone` answers (the phone change sends to the account's own number).
 */
export function SmsCodeField({
  form,
  send,
  name = 'code',
  phoneField = 'phone',
  getPhone,
  placeholder = T.form.code,
  requiredMsg = T.form.code,
  emptyPhoneMsg,
}: {
  form: FormInstance;
  send: (phone: string) => Promise<unknown>;
  name?: string;
  phoneField?: string;
  getPhone?: () => string | undefined;
  placeholder?: string;
  requiredMsg?: string;
  emptyPhoneMsg?: string;
}) {
  return (
    <Form.Item>
      <Space.Compact className={cm.full}>
        <Form.Item name={name} noStyle rules={[{ required: true, message: requiredMsg }]}>
          <Input
            size="large"
            prefix={<SafetyOutlined />}
            placeholder={placeholder}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SmsCodeButton
          size="large"
          getPhone={getPhone ?? (() => form.getFieldValue(phoneField) as string | undefined)}
          emptyPhoneMsg={emptyPhoneMsg}
          send={send}
        />
      </Space.Compact>
    </Form.Item>
  );
}
