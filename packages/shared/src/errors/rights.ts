import { rights } from '../messages/rights';

/** Error codes of the rights area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const rightsErrors = {
  RIGHTS_AAA_ONLY: { http: 403, msg: rights.aaaOnly },
  RIGHT_INVALID: { http: 409, msg: rights.rightInvalid },
  RIGHT_BOUND: { http: 409, msg: rights.alreadyBound },
  RIGHT_NOT_BOUND: { http: 404, msg: rights.notBound },
} as const;
