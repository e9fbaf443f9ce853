import { contractFailures } from '../messages/contract';

/** Error codes of order contracts (merged into ERRORS). */
export const contractErrors = {
  CONTRACT_NOT_FOUND: { http: 404, msg: contractFailures.notFound },
  CONTRACT_STATE: { http: 409, msg: contractFailures.state },
  CONTRACT_ORDER_NOT_OPEN: { http: 409, msg: contractFailures.orderNotOpen },
  CONTRACT_NO_ADMIN_PHONE: { http: 409, msg: contractFailures.noAdminPhone },
  CONTRACT_FILE_MISSING: { http: 400, msg: contractFailures.fileMissing },
  CONTRACT_NOT_PDF: { http: 400, msg: contractFailures.notPdf },
} as const;
