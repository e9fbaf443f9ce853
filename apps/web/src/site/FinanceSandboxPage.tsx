import { useState } from 'react';
import { Button, Descriptions, Input, Popconfirm, Result, Space } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { FIN_MACHINE, isFinancingPaid, type TFinEvent } from '@jizu/shared/constants/orderpay';
import { actionsOf, transitionOf } from '@jizu/shared/rules/machine';
import {
  FINPROD_APP_STATE,
  FINPROD_MACHINE,
  FINPROD_NO_PREFIX,
  FINPROD_REASON_MAX,
  isFinProdOpen,
  isFinProdRefused,
} from '@jizu/shared/constants/finprod';
import { finprod as P } from '@jizu/shared/messages/finprod';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TFinProdSandbox } from '@jizu/shared/schemas/finprod';
import { orderpayUi as T } from '../texts/orderpay';
import type { TFinSandbox } from '@jizu/shared/schemas/orderpay';
import { QueryState } from '../ui/QueryState';
import { SandboxFrame, useSandboxRecord } from './SandboxPartner';
import cm from '../ui/common.module.css';
import s from './Sandbox.module.css';

/**
 * The sandbox supply-chain finance partner (ARCHITECTURE § Providers): it stands in for the partner's own site. Each
 * step (approve, refuse, sign and pay out) reaches the platform as the partner's signed HTTP callback.
 */
export default function FinanceSandboxPage() {
  const { no = '' } = useParams();
  return no.startsWith(FINPROD_NO_PREFIX) ? <ProductSandbox no={no} /> : <FinancingSandbox no={no} />;
}

/** Why the partner can no longer decide: the application expired (its deadline), or the platform closed it (why). */
const LATE_TEXT: Partial<Record<number, (a: TFinProdSandbox) => string>> = {
  [FINPROD_APP_STATE.expired]: (a) => a.reason,
  [FINPROD_APP_STATE.closed]: (a) => fmt(P.closedReason, { reason: a.reason }),
};
const lateText = (a: TFinProdSandbox) => LATE_TEXT[a.state]?.(a) ?? null;
/** Whether the financing's table lets the partner take this step now (approve in review, sign once approved). */
const mayStep = (f: TFinSandbox, event: TFinEvent) => !!transitionOf(FIN_MACHINE, f, event, 'finance');

/** An application to open the supply-chain finance product: the person at the partner approves or refuses it. */
function ProductSandbox({ no }: { no: string }) {
  const { q, busy, act } = useSandboxRecord<TFinProdSandbox>(`/finance/sandbox-product/${no}`);
  const [reason, setReason] = useState('');
  const decide = (result: 'PASS' | 'REFUSE') =>
    act(result, 'decide', result === 'REFUSE' ? { result, reason } : { result });
  return (
    <SandboxFrame icon={<BankOutlined className={s.icon} />} title={P.sandboxTitle} hint={P.sandboxHint}>
      <QueryState query={q}>
        {(a) => (
          <>
            <Descriptions bordered column={1} size="middle" classNames={{ label: s.label150, content: s.breakAll }}>
              <Descriptions.Item label={P.sandboxNo}>{a.no}</Descriptions.Item>
              <Descriptions.Item label={P.sandboxCompany}>{a.company_name}</Descriptions.Item>
              <Descriptions.Item label={P.sandboxTime}>{a.create_time}</Descriptions.Item>
              <Descriptions.Item label={P.sandboxState}>
                <span data-testid="sandbox-product-status">{a.state_v}</span>
              </Descriptions.Item>
              {isFinProdRefused({ status: a.state }) && a.reason && (
                <Descriptions.Item label={P.sandboxReason}>{a.reason}</Descriptions.Item>
              )}
            </Descriptions>
            {actionsOf(FINPROD_MACHINE, { status: a.state }, 'partner').includes('approve') ? (
              <Space orientation="vertical" className={s.actions}>
                <Input.TextArea
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  maxLength={FINPROD_REASON_MAX}
                  showCount
                  placeholder={P.sandboxReason}
                  data-testid="sandbox-product-reason"
                />
                <Space wrap>
                  <Button
                    type="primary"
                    loading={busy === 'PASS'}
                    disabled={!!busy}
                    onClick={() => void decide('PASS')}
                  >
                    {P.sandboxApprove}
                  </Button>
                  <Button danger loading={busy === 'REFUSE'} disabled={!!busy} onClick={() => void decide('REFUSE')}>
                    {P.sandboxRefuse}
                  </Button>
                </Space>
              </Space>
            ) : (
              <Result
                status={isFinProdOpen({ status: a.state }) ? 'success' : 'warning'}
                title={a.state_v}
                subTitle={lateText(a) ?? P.sandboxDone}
              />
            )}
          </>
        )}
      </QueryState>
    </SandboxFrame>
  );
}

function FinancingSandbox({ no }: { no: string }) {
  const record = useSandboxRecord<TFinSandbox>(`/finance/sandbox/${no}`);
  const { q, busy } = record;
  const act = (action: 'approve' | 'refuse' | 'sign') => record.act(action, 'act', { action });
  return (
    <SandboxFrame icon={<BankOutlined className={s.icon} />} title={T.sandboxTitle} hint={T.sandboxHint}>
      <QueryState query={q}>
        {(f) => (
          <>
            <Descriptions bordered column={1} size="middle" classNames={{ label: s.label150, content: s.breakAll }}>
              <Descriptions.Item label={T.finOrderNo}>{f.order_no}</Descriptions.Item>
              <Descriptions.Item label={T.sandboxApplicant}>{f.applicant}</Descriptions.Item>
              <Descriptions.Item label={T.project}>{f.project_name}</Descriptions.Item>
              <Descriptions.Item label={T.sn}>{f.payment_sn}</Descriptions.Item>
              <Descriptions.Item label={T.sandboxCash}>{f.cash_date}</Descriptions.Item>
              <Descriptions.Item label={T.applyAmount}>{f.apply_amount_v}</Descriptions.Item>
              <Descriptions.Item label={T.rate}>{f.rate_v}</Descriptions.Item>
              <Descriptions.Item label={T.interest}>{f.interest_v}</Descriptions.Item>
              <Descriptions.Item label={T.finReal}>{f.real_v}</Descriptions.Item>
              <Descriptions.Item label={T.status}>
                <span data-testid="sandbox-fin-status">{f.status_v}</span>
              </Descriptions.Item>
            </Descriptions>
            {mayStep(f, 'APPROVED') ? (
              <Space className={cm.mt16} wrap>
                <Button
                  type="primary"
                  loading={busy === 'approve'}
                  disabled={!!busy}
                  onClick={() => void act('approve')}
                >
                  {T.sandboxApprove}
                </Button>
                <Button danger loading={busy === 'refuse'} disabled={!!busy} onClick={() => void act('refuse')}>
                  {T.sandboxRefuse}
                </Button>
              </Space>
            ) : mayStep(f, 'LOANED') ? (
              <Space className={cm.mt16} wrap>
                <Popconfirm
                  title={T.sandboxSign}
                  description={<div className={s.ask}>{T.sandboxSignAsk}</div>}
                  onConfirm={() => act('sign')}
                >
                  <Button type="primary" loading={busy === 'sign'} disabled={!!busy}>
                    {T.sandboxSign}
                  </Button>
                </Popconfirm>
                <Button danger loading={busy === 'refuse'} disabled={!!busy} onClick={() => void act('refuse')}>
                  {T.sandboxRefuse}
                </Button>
              </Space>
            ) : (
              <Result status={isFinancingPaid(f) ? 'success' : 'warning'} title={f.status_v} subTitle={T.sandboxDone} />
            )}
          </>
        )}
      </QueryState>
    </SandboxFrame>
  );
}
