import type { ReactNode } from 'react';
import { Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { hireUi as T, recruit as R } from '@jizu/shared/messages/recruit';
import { api } from '../../api/client';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import s from './recruit.module.css';

/**
 * Publishing in the labour area needs personal verification (spec/3 §5): the form shows only once
 * GET /recruit/check_person_auth says 1; otherwise a prompt leads to /dashboard/person.
 */
export function PersonAuthGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['recruit', 'check_person_auth'],
    queryFn: () => api.get<number>('/recruit/check_person_auth', undefined, { noCompany: true, quiet: true }),
    staleTime: 30_000,
  });
  return (
    <QueryState query={q}>
      {(ok) =>
        ok === 1 ? (
          children
        ) : (
          <StateView
            icon={<SafetyCertificateOutlined className={s.authIcon} />}
            title={<span data-testid="need-person-auth">{R.needPersonAuth}</span>}
            sub={T.authBody}
            extra={
              <Button type="primary" onClick={() => navigate('/dashboard/person')}>
                {R.goPersonAuth}
              </Button>
            }
          />
        )
      }
    </QueryState>
  );
}
