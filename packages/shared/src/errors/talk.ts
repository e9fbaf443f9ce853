import { talkFailures } from '../messages/talk';

/** Error codes of the talk area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const talkErrors = {
  INQUIRY_OWN_LISTING: { http: 409, msg: talkFailures.ownListing },
  INQUIRY_OFF_SHELF: { http: 409, msg: talkFailures.offShelf },
  INQUIRY_NOT_FOUND: { http: 404, msg: talkFailures.notFound },
  INQUIRY_COMPLETED: { http: 409, msg: talkFailures.completed },
  INQUIRY_NOT_PACKAGE: { http: 409, msg: talkFailures.notPackage },
  RESPONSE_NOT_FOUND: { http: 404, msg: talkFailures.responseNotFound },
  RESPONSE_ACCEPTED: { http: 409, msg: talkFailures.responseAccepted },
} as const;
