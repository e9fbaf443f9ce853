import { useState } from 'react';
import { Button, Descriptions, Input, Result, Space } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { SANDBOX_REASON_MAX, type TSandboxOrder } from '@jizu/shared/schemas/verify';
import * as TxVerify from '../texts/verify';
import { QueryState } from '../ui/QueryState';
import { SandboxFrame, useSandboxRecord } from './SandboxPartner';
import cm from '../ui/common.module.css';
import s from './Sandbox.module.css';

/**
 * The sandbox third-party verifier (ARCHITECTURE § Providers): it stands in for the provider's own site. Its decision
 * reaches the platform as a signed HTTP callback, exactly the way a real provider's would.
 */
export default function VerifySandboxPage() {
  const { no = '' } = useParams();
  const { q, busy, act } = useSandboxRecord<TSandboxOrder>(`/verify/sandbox/${no}`);
  const [reason, setReason] = useState('');
  const decide = (result: 'PASS' | 'REFUSE') =>
    act(result, 'decide', result === 'REFUSE' && reason.trim() ? { result, reason: reason.trim() } : { result });
  return (
    <SandboxFrame
      icon={<SafetyCertificateOutlined className={s.icon} />}
      title={TxVerify.verify.sandboxTitle}
      hint={TxVerify.verify.sandboxHint}
    >
      <QueryState query={q}>
        {(o) => (
          <>
            <Descriptions bordered column={1} size="middle" classNames={{ label: s.label140, content: s.breakAll }}>
              <Descriptions.Item label={TxVerify.verify.sandboxNo}>{o.no}</Descriptions.Item>
              <Descriptions.Item label={TxVerify.verify.sandboxCompany}>{o.company_name}</Descriptions.Item>
              <Descriptions.Item label={TxVerify.verify.sandboxRegistNo}>{o.regist_no}</Descriptions.Item>
              <Descriptions.Item label={TxVerify.verify.sandboxCreated}>{o.create_time}</Descriptions.Item>
              <Descriptions.Item label={TxVerify.verify.sandboxExpires}>{o.expire_time}</Descriptions.Item>
              <Descriptions.Item label={TxVerify.verify.sandboxState}>
                {TxVerify.verify.sandboxStates[o.state] ?? o.state}
              </Descriptions.Item>
              {o.reason ? (
                <Descriptions.Item label={TxVerify.verify.sandboxReasonShown}>{o.reason}</Descriptions.Item>
              ) : null}
            </Descriptions>
            {o.state === 'WAITING' ? (
              <>
                <div className={s.reason}>
                  <label htmlFor="sandbox-reason" className={s.reasonLabel}>
                    {TxVerify.verify.sandboxReason}
                  </label>
                  <Input.TextArea
                    id="sandbox-reason"
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    maxLength={SANDBOX_REASON_MAX}
                    showCount
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    placeholder={TxVerify.verify.sandboxReasonPlaceholder}
                  />
                </div>
                <Space className={cm.mt16} wrap>
                  <Button
                    type="primary"
                    loading={busy === 'PASS'}
                    disabled={!!busy}
                    onClick={() => void decide('PASS')}
                  >
                    {TxVerify.verify.sandboxPass}
                  </Button>
                  <Button danger loading={busy === 'REFUSE'} disabled={!!busy} onClick={() => void decide('REFUSE')}>
                    {TxVerify.verify.sandboxRefuse}
                  </Button>
                </Space>
              </>
            ) : o.state === 'EXPIRED' ? (
              <Result
                status="info"
                title={TxVerify.verify.sandboxStates.EXPIRED}
                subTitle={TxVerify.verify.sandboxExpiredHint}
              />
            ) : (
              <Result
                status={o.state === 'PASSED' ? 'success' : 'warning'}
                title={TxVerify.verify.sandboxStates[o.state]}
                subTitle={TxVerify.verify.sandboxDone}
              />
            )}
          </>
        )}
      </QueryState>
    </SandboxFrame>
  );
}
