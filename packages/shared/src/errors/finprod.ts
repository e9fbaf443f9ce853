import { finprodFailures } from '../messages/finprod';

/** Error codes of the supply-chain finance product (merged into ERRORS). */
export const finprodErrors = {
  FINPROD_NEED_SUPER: { http: 409, msg: finprodFailures.needSuper },
  FINPROD_OPEN: { http: 409, msg: finprodFailures.alreadyOpen },
  FINPROD_IN_PROGRESS: { http: 409, msg: finprodFailures.inProgress },
  FINPROD_NOT_FOUND: { http: 404, msg: finprodFailures.notFound },
  FINPROD_DECIDED: { http: 409, msg: finprodFailures.decided },
  FINPROD_BAD_SIGNATURE: { http: 400, msg: finprodFailures.badSignature },
  FINPROD_EXPIRED: { http: 409, msg: finprodFailures.expired },
  FINPROD_CLOSED: { http: 409, msg: finprodFailures.closed },
} as const;
