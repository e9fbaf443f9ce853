import { useState, type ReactNode } from 'react';
import { Alert } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import s from './Sandbox.module.css';

/**
 * What the sandbox partners' pages share (the verifier, the finance partner's financing and product pages): the page a
 * partner's person sees, and its record read and moved by one action at a time. They stand in for the partner's own
 * site: each action reaches the platform as the partner's signed callback.
 */
export function SandboxFrame({
  icon,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <div className={s.frame}>
      <div className={s.panel}>
        <h1 className={s.title}>
          {icon} {title}
        </h1>
        <Alert type="info" showIcon title={hint} className={s.hint} />
        {children}
      </div>
    </div>
  );
}

/** The partner's record at `path` and `act(label, subPath, body)`, which posts one action and shows its answer. */
export function useSandboxRecord<T>(path: string) {
  const qc = useQueryClient();
  const key = ['sandbox', path];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<T>(path, undefined, { noCompany: true, quiet: true, noRedirect: true }),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (label: string, subPath: string, body: object) => {
    setBusy(label);
    try {
      qc.setQueryData(key, await api.post<T>(`${path}/${subPath}`, body, { noCompany: true, noRedirect: true }));
    } catch {
      /* toasted */
    } finally {
      setBusy(null);
    }
  };
  return { q, busy, act };
}
