/**
 * Order contracts (spec/2 §2 screen 9, §3 Contract, §4 Contract status, §5 Contract upload): the tenant uploads the
 * signed-by-itself PDF, the provider signs it here with an SMS code, the tenant may void one not yet signed.
 */
export const CONTRACT_STATUS = { toSign: 0, effective: 1, voided: 2 } as const;
export const CONTRACT_STATUS_TEXT: Record<number, string> = { 0: '待签署', 1: '已生效', 2: '已作废' };
export const CONTRACT_TABS = [
  { status: -1, label: '全部' },
  { status: 0, label: '待签署' },
  { status: 1, label: '已生效' },
  { status: 2, label: '已作废' },
] as const;

/**
 * The contract state machine as data: `sign` by the provider while to sign and not yet signed by it (provider_status
 * 0); `void` by the tenant while to sign. Uploads need the order in progress (status 2).
 */
export type TContractAction = 'sign' | 'void';
export const CONTRACT_TRANSITIONS: { action: TContractAction; from: number[]; to: number; who: 'tenant' | 'provider' }[] = [
  { action: 'sign', from: [CONTRACT_STATUS.toSign], to: CONTRACT_STATUS.effective, who: 'provider' },
  { action: 'void', from: [CONTRACT_STATUS.toSign], to: CONTRACT_STATUS.voided, who: 'tenant' },
];
export function contractActions(c: { status: number; provider_status: number }, who: 'tenant' | 'provider'): TContractAction[] {
  return CONTRACT_TRANSITIONS.filter((t) => t.who === who && t.from.includes(c.status) && (t.action !== 'sign' || c.provider_status === 0)).map((t) => t.action);
}

/** spec/2 §5, §9: number and name ≤ 40; the date at most this many days back and not in the future; the void word. */
export const CONTRACT_LIMITS = { snMax: 40, nameMax: 40, dateDaysBack: 10, voidWord: '确认', pdfMaxMb: 10 } as const;
