/**
 * Order contracts (spec/2 §2 screen 9, §3 Contract, §4 Contract status, §5 Contract upload): the tenant uploads the
 * signed-by-itself PDF, the provider signs it here with an SMS code, the tenant may void one not yet signed.
 */
import { defineMachine } from '../rules/machine';

export const CONTRACT_STATUS = { toSign: 0, effective: 1, voided: 2 } as const;
export const CONTRACT_STATUS_TEXT: Record<number, string> = { 0: '待签署', 1: '已生效', 2: '已作废' };
export const CONTRACT_TABS = [
  { status: -1, label: '全部' },
  { status: 0, label: '待签署' },
  { status: 1, label: '已生效' },
  { status: 2, label: '已作废' },
] as const;

/**
 * order_contracts.status as data: the tenant uploads (a new contract to sign) and may void one to sign; the provider
 * signs it here while it has not (provider_status 0, a flag the signature sets to 1). Uploads need the order in
 * progress (status 2: isOrderInProgress).
 */
export type TContractAction = 'upload' | 'sign' | 'void';
export const CONTRACT_MACHINE = defineMachine<
  { status: number | null; provider_status?: number },
  TContractAction,
  'tenant' | 'provider',
  'providerPending'
>({
  name: 'order_contracts.status',
  statuses: CONTRACT_STATUS,
  status: (c) => c.status,
  guards: { providerPending: (c) => c.provider_status === 0 },
  rows: [
    { action: 'upload', from: [null], to: CONTRACT_STATUS.toSign, who: 'tenant' },
    {
      action: 'sign',
      from: [CONTRACT_STATUS.toSign],
      to: CONTRACT_STATUS.effective,
      who: 'provider',
      providerPending: true,
    },
    { action: 'void', from: [CONTRACT_STATUS.toSign], to: CONTRACT_STATUS.voided, who: 'tenant' },
  ],
});
/** A contract not voided: the order's detail lists it. */
export const isContractLive = (c: { status: number }) => c.status !== CONTRACT_STATUS.voided;

/** spec/2 §5, §9: number and name ≤ 40; the date at most this many days back and not in the future; the void word. */
export const CONTRACT_LIMITS = { snMax: 40, nameMax: 40, voidWord: '确认', pdfMaxMb: 10 } as const;
