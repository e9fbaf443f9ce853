import { jobcardTexts as J, recruit as R } from '../messages/recruit';

/** Error codes of job cards, comments and likes (merged into ERRORS): code → HTTP status and its catalogue message. */
export const jobcardErrors = {
  CARD_NOT_FOUND: { http: 404, msg: R.notFound },
  CARD_STATE: { http: 409, msg: R.state },
  CARD_NOT_PUBLIC: { http: 404, msg: J.cardGone },
  CARD_LIVE_EXISTS: { http: 409, msg: J.liveExists },
  CARD_NEED_AUTH: { http: 403, msg: R.needPersonAuth },
  CARD_IMAGE_BAD: { http: 400, msg: J.imageBad },
  LABOUR_TARGET_NOT_PUBLIC: { http: 404, msg: R.notPublic },
  COMMENT_NOT_FOUND: { http: 404, msg: J.commentNotFound },
  PHONE_NEED_AUTH: { http: 403, msg: R.phoneVerify },
  PHONE_TOO_MANY: { http: 429, msg: J.phoneTooMany },
} as const;
