import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Result, Space } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { SANDBOX_REASON_MAX, type TSandboxOrder } from '@jizu/shared/schemas/verify';
import { api } from '../api/client';
import { T } from '../app/texts';
import { QueryState } from '../ui/QueryState';

/**
 * The sandbox third-party verifier (ARCHITECTURE § Providers): it stands in for the provider's own site. Its decision
 * reaches the platform as a signed HTTP callback, exactly the way a real provider's would.
 */
export default function VerifySandboxPage() {
  const { no = '' } = useParams();
  const qc = useQueryClient();
  const key = ['verify', 'sandbox', no];
  const q = useQuery({ queryKey: key, queryFn: () => api.get<TSandboxOrder>(`/verify/sandbox/${no}`, undefined, { noCompany: true, quiet: true, noRedirect: true }) });
  const [busy, setBusy] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const decide = async (result: 'PASS' | 'REFUSE') => {
    setBusy(result);
    try {
      const body = result === 'REFUSE' && reason.trim() ? { result, reason: reason.trim() } : { result };
      const order = await api.post<TSandboxOrder>(`/verify/sandbox/${no}/decide`, body, { noCompany: true, noRedirect: true });
      qc.setQueryData(key, order);
    } catch {
      /* toasted */
    } finally {
      setBusy(null);
    }
  };
  return (
    <div style={{ minHeight: '100vh', background: '#f3f5f8', padding: '40px 16px' }}>
      <div style={{ maxWidth: 640, margin: '0 auto', background: '#fff', borderRadius: 10, padding: 24, boxShadow: '0 2px 8px rgba(0,0,0,.06)' }}>
        <h1 style={{ fontSize: 20, margin: '0 0 8px', display: 'flex', alignItems: 'center', gap: 8 }}>
          <SafetyCertificateOutlined style={{ color: '#0fb5ae' }} /> {T.verify.sandboxTitle}
        </h1>
        <Alert type="info" showIcon title={T.verify.sandboxHint} style={{ marginBottom: 16 }} />
        <QueryState query={q}>
          {(o) => (
            <>
              <Descriptions bordered column={1} size="middle" styles={{ label: { width: 140 }, content: { wordBreak: 'break-all' } }}>
                <Descriptions.Item label={T.verify.sandboxNo}>{o.no}</Descriptions.Item>
                <Descriptions.Item label={T.verify.sandboxCompany}>{o.company_name}</Descriptions.Item>
                <Descriptions.Item label={T.verify.sandboxRegistNo}>{o.regist_no}</Descriptions.Item>
                <Descriptions.Item label={T.verify.sandboxCreated}>{o.create_time}</Descriptions.Item>
                <Descriptions.Item label={T.verify.sandboxExpires}>{o.expire_time}</Descriptions.Item>
                <Descriptions.Item label={T.verify.sandboxState}>{T.verify.sandboxStates[o.state] ?? o.state}</Descriptions.Item>
                {o.reason ? <Descriptions.Item label={T.verify.sandboxReasonShown}>{o.reason}</Descriptions.Item> : null}
              </Descriptions>
              {o.state === 'WAITING' ? (
                <>
                  <div style={{ marginTop: 20 }}>
                    <label htmlFor="sandbox-reason" style={{ display: 'block', marginBottom: 6, color: 'rgba(0,0,0,.65)' }}>
                      {T.verify.sandboxReason}
                    </label>
                    <Input.TextArea
                      id="sandbox-reason"
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                      maxLength={SANDBOX_REASON_MAX}
                      showCount
                      autoSize={{ minRows: 2, maxRows: 4 }}
                      placeholder={T.verify.sandboxReasonPlaceholder}
                    />
                  </div>
                  <Space style={{ marginTop: 16 }} wrap>
                    <Button type="primary" loading={busy === 'PASS'} disabled={!!busy} onClick={() => void decide('PASS')}>
                      {T.verify.sandboxPass}
                    </Button>
                    <Button danger loading={busy === 'REFUSE'} disabled={!!busy} onClick={() => void decide('REFUSE')}>
                      {T.verify.sandboxRefuse}
                    </Button>
                  </Space>
                </>
              ) : o.state === 'EXPIRED' ? (
                <Result status="info" title={T.verify.sandboxStates.EXPIRED} subTitle={T.verify.sandboxExpiredHint} />
              ) : (
                <Result status={o.state === 'PASSED' ? 'success' : 'warning'} title={T.verify.sandboxStates[o.state]} subTitle={T.verify.sandboxDone} />
              )}
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}
