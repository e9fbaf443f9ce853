import { M } from '../messages';

/** Error codes of the talk area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const talkErrors = {
  INQUIRY_OWN_LISTING: { http: 409, msg: M.talk.ownListing },
  INQUIRY_OFF_SHELF: { http: 409, msg: M.talk.offShelf },
  INQUIRY_NOT_FOUND: { http: 404, msg: M.talk.notFound },
  INQUIRY_COMPLETED: { http: 409, msg: M.talk.completed },
  INQUIRY_NOT_PACKAGE: { http: 409, msg: M.talk.notPackage },
  RESPONSE_NOT_FOUND: { http: 404, msg: M.talk.responseNotFound },
  RESPONSE_ACCEPTED: { http: 409, msg: M.talk.responseAccepted },
} as const;
