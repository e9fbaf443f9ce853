import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Input, Space } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import * as T from '../../texts/common';
import { SmsCodeButton } from '../../ui/SmsCodeButton';
import { FormError } from './AuthLayout';
import { login, PHONE_RE, sendSms } from './authApi';
import s from './auth.module.css';

export type TMode = 'password' | 'sms';
type TField = 'phone' | 'password' | 'code';
type TValues = Record<TField, string>;

/*
 * The first page many people see, so its first load is budgeted (bench/bundle.ts): antd's inputs, but not antd's Form
 * (rc-form and its validator, the grid; ~25 KB gzipped) for three fields. The rules and the look are those of the
 * register page's Form: each field checked as it changes and all on submit, the message under the field, the server's
 * field errors beside their fields.
 */
const fieldsOf = (mode: TMode): TField[] => (mode === 'password' ? ['phone', 'password'] : ['phone', 'code']);

function check(field: TField, v: string): string | undefined {
  if (field === 'phone') return !v ? T.form.phone : PHONE_RE.test(v) ? undefined : T.form.phoneBad;
  if (field === 'password') return v ? undefined : T.form.password;
  return v ? undefined : T.form.code;
}

/** A form row as antd's Form.Item draws it: 24 px below, or the message in that room when there is one. */
function Row({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={error ? undefined : s.row}>
      {children}
      {error && (
        <div role="alert" className={s.fieldError}>
          {error}
        </div>
      )}
    </div>
  );
}

/** The login form of `mode` (LoginPage): fields, their messages, the refusal above them, and the submit. */
export default function LoginForm({ mode, redirect }: { mode: TMode; redirect: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [values, setValues] = useState<TValues>({ phone: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // switching mode: the other mode's field leaves the form, and its message with it
  const [shownMode, setShownMode] = useState(mode);
  if (shownMode !== mode) {
    setShownMode(mode);
    setError(null);
    setErrors(({ phone }) => ({ phone }));
  }

  const change = (field: TField) => (e: { target: { value: string } }) => {
    const v = e.target.value;
    setValues((o) => ({ ...o, [field]: v }));
    setErrors((o) => ({ ...o, [field]: check(field, v) }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = Object.fromEntries(fieldsOf(mode).map((f) => [f, check(f, values[f])]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setError(null);
    setBusy(true);
    try {
      await login(
        mode === 'password'
          ? { phone: values.phone, password: values.password }
          : { phone: values.phone, code: values.code },
      );
      qc.clear();
      navigate(redirect, { replace: true });
    } catch (err) {
      const mine = err instanceof ApiError ? err.errors.filter((f) => fieldsOf(mode).includes(f.field as TField)) : [];
      if (mine.length) setErrors(Object.fromEntries(mine.map((f) => [f.field, f.msg])));
      else setError(err instanceof ApiError ? err.msg : String(err));
    } finally {
      setBusy(false);
    }
  };

  const status = (f: TField) => (errors[f] ? 'error' : undefined);
  return (
    <>
      <FormError text={error} />
      <form onSubmit={(e) => void submit(e)} autoComplete="on" noValidate>
        <Row error={errors.phone}>
          <Input
            id="phone"
            name="phone"
            size="large"
            prefix={<MobileOutlined />}
            placeholder={T.form.phone}
            maxLength={11}
            inputMode="numeric"
            autoComplete="username"
            value={values.phone}
            onChange={change('phone')}
            status={status('phone')}
            aria-invalid={!!errors.phone}
          />
        </Row>
        {mode === 'password' ? (
          <Row error={errors.password}>
            <Input.Password
              id="password"
              name="password"
              size="large"
              prefix={<LockOutlined />}
              placeholder={T.form.password}
              autoComplete="current-password"
              value={values.password}
              onChange={change('password')}
              status={status('password')}
              aria-invalid={!!errors.password}
            />
          </Row>
        ) : (
          <Row error={errors.code}>
            <Space.Compact className={s.full}>
              <Input
                id="code"
                name="code"
                size="large"
                prefix={<SafetyOutlined />}
                placeholder={T.form.code}
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={values.code}
                onChange={change('code')}
                status={status('code')}
                aria-invalid={!!errors.code}
              />
              <SmsCodeButton size="large" getPhone={() => values.phone} send={(phone) => sendSms(phone, 'login')} />
            </Space.Compact>
          </Row>
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {T.login.submit}
        </Button>
      </form>
    </>
  );
}
