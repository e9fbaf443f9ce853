import { offerFailures } from '../messages/offer';

/** Error codes of the offer area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const offerErrors = {
  OFFER_NOT_FOUND: { http: 404, msg: offerFailures.notFound },
} as const;
