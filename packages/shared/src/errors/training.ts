import { training } from '../messages/training';

/** Error codes of the training area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const trainingErrors = {
  TRAINING_NEED_AUTH: { http: 403, msg: training.needPersonAuth },
  TRAINING_MAJOR_OFFLINE: { http: 409, msg: training.majorOffline },
  TRAINING_MAJOR_NOT_FOUND: { http: 404, msg: training.majorNotFound },
  TRAINING_PRICE_CHANGED: { http: 409, msg: training.priceChanged },
  TRAINING_ALREADY_PAID: { http: 409, msg: training.alreadyPaid },
  TRAINING_ALREADY_PENDING: { http: 409, msg: training.alreadyPending },
  TRAINING_ENROL_PAID: { http: 409, msg: training.enrolPaid },
  TRAINING_ENROL_NOT_FOUND: { http: 404, msg: training.enrolNotFound },
  TRAINING_NAME_TAKEN: { http: 409, msg: training.nameTaken },
} as const;
