import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/session';
import { askVisitor } from '../../app/visitor';
import * as T from '../../texts/common';
import { TabBar } from '../../ui/TabBar';
import { AuthLayout, AuthTitle } from './AuthLayout';
import type { TMode } from './LoginForm';
import s from './auth.module.css';

// The page paints its layout, title and tabs from a chunk without antd; the form (antd's inputs) follows from its own
// chunk, asked for as soon as this one runs, into a room of its height so nothing moves when it arrives.
const formChunk = import('./LoginForm');
const LoginForm = lazy(() => formChunk);

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [mode, setMode] = useState<TMode>('password');
  // a quiet look (none for a stranger, askVisitor): a logged-in user has nothing to do here
  const probe = useQuery({ queryKey: ['info', 'probe'], queryFn: askVisitor, retry: false, staleTime: 0, gcTime: 0 });
  if (probe.data) return <Navigate to={redirect} replace />;

  return (
    <AuthLayout>
      <AuthTitle>{T.login.title}</AuthTitle>
      <TabBar<TMode>
        active={mode}
        onChange={setMode}
        items={[
          { key: 'password', label: T.login.byPassword },
          { key: 'sms', label: T.login.bySms },
        ]}
      />
      <Suspense fallback={<div className={s.formSlot} />}>
        <LoginForm mode={mode} redirect={redirect} />
      </Suspense>
      <div className={s.switch}>
        {T.login.noAccount}
        <Link to={`/register${redirect !== '/' ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>
          {T.login.toRegister}
        </Link>
      </div>
    </AuthLayout>
  );
}
