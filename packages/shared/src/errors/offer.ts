import { offerFailures } from '../messages/offer';

/** Error codes of the offer area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const offerErrors = {
  OFFER_NOT_FOUND: { http: 404, msg: offerFailures.notFound },
  OFFER_OWN_PROJECT: { http: 403, msg: offerFailures.ownProject },
  OFFER_NOT_RESPONDING: { http: 409, msg: offerFailures.notResponding },
  OFFER_DEADLINE: { http: 409, msg: offerFailures.deadline },
  OFFER_RESPONDED: { http: 409, msg: offerFailures.responded },
  OFFER_WITHDRAWN_BEFORE: { http: 409, msg: offerFailures.withdrawnBefore },
  OFFER_NOT_EDITABLE: { http: 409, msg: offerFailures.notEditable },
} as const;
