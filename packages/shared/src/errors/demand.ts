import { demandFailures } from '../messages/demand';

/** Error codes of the demand area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const demandErrors = {
  DEMAND_NOT_FOUND: { http: 404, msg: demandFailures.notFound },
  DEMAND_STATE: { http: 409, msg: demandFailures.state },
  DEMAND_NOT_PUBLIC: { http: 404, msg: demandFailures.notPublic },
} as const;
