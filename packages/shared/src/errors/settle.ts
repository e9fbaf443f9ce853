import { settleFailures } from '../messages/settle';

/** Error codes of settlements (merged into ERRORS). */
export const settleErrors = {
  SETTLE_NOT_FOUND: { http: 404, msg: settleFailures.notFound },
  SETTLE_STATE: { http: 409, msg: settleFailures.state },
  SETTLE_INV_ISSUED: { http: 409, msg: settleFailures.invIssued },
  SETTLE_ORDER_NOT_OPEN: { http: 409, msg: settleFailures.orderNotOpen },
  SETTLE_INVOICE_NOT_FOUND: { http: 404, msg: settleFailures.invoiceNotFound },
  SETTLE_INVOICE_TOTAL: { http: 409, msg: settleFailures.invoiceTotal },
  SETTLE_NO_INVOICES: { http: 409, msg: settleFailures.noInvoices },
  SETTLE_IMAGE_MISSING: { http: 400, msg: settleFailures.imageMissing },
} as const;
