import { Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { PHONE_RE } from '../features/auth/authApi';
import { T } from '../app/texts';
import { SmsCodeButton } from './SmsCodeButton';

/** The 11-digit phone field of the login, register and phone-change forms. */
export function PhoneField({ name = 'phone', placeholder = T.form.phone }: { name?: string; placeholder?: string }) {
  return (
    <Form.Item name={name} rules={[{ required: true, message: T.form.phone }, { pattern: PHONE_RE, message: T.form.phoneBad }]}>
      <Input size="large" prefix={<MobileOutlined />} placeholder={placeholder} maxLength={11} inputMode="numeric" autoComplete="username" />
    </Form.Item>
  );
}

/** The 6-digit SMS code field with its countdown button; the code goes to the phone in `phoneField` of `form`. */
export function SmsCodeField({ form, send, name = 'code', phoneField = 'phone' }: { form: FormInstance; send: (phone: string) => Promise<unknown>; name?: string; phoneField?: string }) {
  return (
    <Form.Item>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={[{ required: true, message: T.form.code }]}>
          <Input size="large" prefix={<SafetyOutlined />} placeholder={T.form.code} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <SmsCodeButton size="large" getPhone={() => form.getFieldValue(phoneField) as string | undefined} send={send} />
      </Space.Compact>
    </Form.Item>
  );
}
