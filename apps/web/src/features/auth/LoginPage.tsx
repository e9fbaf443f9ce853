import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError } from '../../api/client';
import type { TUserInfo } from '../../api/types';
import { safeRedirect } from '../../app/session';
import { T } from '../../app/texts';
import { PhoneField, SmsCodeField } from '../../ui/AuthFields';
import { TabBar } from '../../ui/TabBar';
import { AuthLayout, AuthTitle, FormError } from './AuthLayout';
import { applyFieldErrors, login, sendSms } from './authApi';

type TMode = 'password' | 'sms';

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [mode, setMode] = useState<TMode>('password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a quiet look: a logged-in user has nothing to do here
  const probe = useQuery({
    queryKey: ['info', 'probe'],
    queryFn: () => api.get<TUserInfo>('/index/info', undefined, { quiet: true, noRedirect: true }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  if (probe.isSuccess) return <Navigate to={redirect} replace />;

  const submit = async (v: { phone: string; password?: string; code?: string }) => {
    setError(null);
    setBusy(true);
    try {
      await login(mode === 'password' ? { phone: v.phone, password: v.password } : { phone: v.phone, code: v.code });
      qc.clear();
      navigate(redirect, { replace: true });
    } catch (e) {
      if (!applyFieldErrors(form, e)) setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <AuthTitle>{T.login.title}</AuthTitle>
      <TabBar<TMode>
        active={mode}
        onChange={(k) => {
          setMode(k);
          setError(null);
        }}
        items={[
          { key: 'password', label: T.login.byPassword },
          { key: 'sms', label: T.login.bySms },
        ]}
      />
      <FormError text={error} />
      <Form form={form} onFinish={submit} autoComplete="on" requiredMark={false}>
        <PhoneField />
        {mode === 'password' ? (
          <Form.Item name="password" rules={[{ required: true, message: T.form.password }]}>
            <Input.Password size="large" prefix={<LockOutlined />} placeholder={T.form.password} autoComplete="current-password" />
          </Form.Item>
        ) : (
          <SmsCodeField form={form} send={(phone) => sendSms(phone, 'login')} />
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {T.login.submit}
        </Button>
      </Form>
      <div style={{ marginTop: 20, textAlign: 'center', color: 'rgba(0,0,0,.55)' }}>
        {T.login.noAccount}
        <Link to={`/register${redirect !== '/' ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>{T.login.toRegister}</Link>
      </div>
    </AuthLayout>
  );
}
