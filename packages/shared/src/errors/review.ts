import { reviewFailures } from '../messages/review';

/** Error codes of reviews (merged into ERRORS): code → HTTP status and its catalogue message. */
export const reviewErrors = {
  REVIEW_NOT_COMPLETED: { http: 409, msg: reviewFailures.notCompleted },
  REVIEW_ALREADY: { http: 409, msg: reviewFailures.already },
  REVIEW_WINDOW_CLOSED: { http: 409, msg: reviewFailures.windowClosed },
  REVIEW_NOT_FOUND: { http: 404, msg: reviewFailures.notFound },
  REVIEW_HIDDEN: { http: 409, msg: reviewFailures.alreadyHidden },
} as const;
