import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { safeRedirect } from '../../app/session';
import * as T from '../../texts/common';
import { PhoneField, SmsCodeField } from '../../ui/AuthFields';
import { AuthLayout, AuthTitle, FormError } from './AuthLayout';
import { applyFieldErrors, register, sendSms } from './authApi';
import { ZRegister } from '@jizu/shared/schemas/auth';
import { rulesOf } from '../../ui/formRules';
import s from './auth.module.css';

interface TValues {
  phone: string;
  code: string;
  password: string;
  confirm: string;
  agree: boolean;
}

export default function RegisterPage() {
  const [form] = Form.useForm<TValues>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (v: TValues) => {
    setError(null);
    setBusy(true);
    try {
      await register({ phone: v.phone, code: v.code, password: v.password });
      qc.clear();
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      if (!applyFieldErrors(form, e)) setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <AuthTitle>{T.register.title}</AuthTitle>
      <FormError text={error} />
      <Form form={form} onFinish={submit} requiredMark={false} initialValues={{ agree: false }}>
        <PhoneField />
        <SmsCodeField form={form} send={(phone) => sendSms(phone, 'register')} />
        <Form.Item
          name="password"
          rules={rulesOf(ZRegister, 'password', { requiredMsg: T.form.password })}
          extra={T.form.passwordRule}
        >
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            placeholder={T.form.password}
            autoComplete="new-password"
            maxLength={20}
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: T.form.confirm },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(T.form.confirmMismatch)),
            }),
          ]}
        >
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            placeholder={T.form.confirm}
            autoComplete="new-password"
            maxLength={20}
          />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(T.form.agree))) }]}
        >
          <Checkbox>
            {T.register.agreement}
            <span className={s.agreementName}>{T.register.agreementName}</span>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {T.register.submit}
        </Button>
      </Form>
      <div className={s.switch}>
        {T.register.hasAccount}
        <Link to="/login">{T.register.toLogin}</Link>
      </div>
    </AuthLayout>
  );
}
