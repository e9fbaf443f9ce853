import { orderpayFailures } from '../messages/orderpay';

/** Error codes of payments and financing (merged into ERRORS). */
export const orderpayErrors = {
  PAY_NOT_FOUND: { http: 404, msg: orderpayFailures.notFound },
  PAY_STATE: { http: 409, msg: orderpayFailures.state },
  PAY_FIN_NOT_FOUND: { http: 404, msg: orderpayFailures.finNotFound },
  PAY_FIN_BAD_SIGNATURE: { http: 400, msg: orderpayFailures.badSignature },
  PAY_FIN_AMOUNT: { http: 409, msg: orderpayFailures.finAmount },
  PAY_COLLECT_TOO_MUCH: { http: 409, msg: orderpayFailures.collectTooMuch },
  PAY_BANK_REF_USED: { http: 409, msg: orderpayFailures.bankRefUsed },
  PAY_NO_ADMIN_PHONE: { http: 409, msg: orderpayFailures.noAdminPhone },
  PAY_REISSUE_TOO_MUCH: { http: 409, msg: orderpayFailures.reissueTooMuch },
} as const;
