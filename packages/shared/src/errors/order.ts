import { orderFailures } from '../messages/order';

/** Error codes of the order area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const orderErrors = {
  ORDER_NOT_FOUND: { http: 404, msg: orderFailures.notFound },
} as const;
