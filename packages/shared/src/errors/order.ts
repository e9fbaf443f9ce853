import { orderFailures } from '../messages/order';

/** Error codes of the order area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const orderErrors = {
  ORDER_NOT_FOUND: { http: 404, msg: orderFailures.notFound },
  ORDER_STATE: { http: 409, msg: orderFailures.state },
  ORDER_NOTHING_TO_CREATE: { http: 409, msg: orderFailures.nothingToCreate },
  ORDER_NEED_COMPANY: { http: 403, msg: orderFailures.needCompany },
  ORDER_BIDDING_DONE: { http: 409, msg: orderFailures.biddingDone },
  ORDER_BIDDING_NOT_COMPLETED: { http: 409, msg: orderFailures.biddingNotCompleted },
  ORDER_LAST_LINE: { http: 409, msg: orderFailures.lastLine },
  ORDER_LINE_NOT_FOUND: { http: 404, msg: orderFailures.lineNotFound },
  ORDER_ENTER_EARLY: { http: 400, msg: orderFailures.enterBeforeOriginal },
  ORDER_MACHINES_ON_SITE: { http: 409, msg: orderFailures.machinesOnSite },
  /** spec/2 §6 gates: the side that lacks advanced verification (and, for the provider, the finance product) */
  GATE_TENANT: { http: 403, msg: orderFailures.tenantNotSuper },
  GATE_PROVIDER_TO_TENANT: { http: 403, msg: orderFailures.providerNotSuperToTenant },
  GATE_PROVIDER: { http: 403, msg: orderFailures.providerNotSuper },
  GATE_TENANT_TO_PROVIDER: { http: 403, msg: orderFailures.tenantNotSuperToProvider },
} as const;
