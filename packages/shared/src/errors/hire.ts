import { hire, recruit } from '../messages/recruit';

/** Error codes of hiring demands (merged into ERRORS): code → HTTP status and its catalogue message. */
export const hireErrors = {
  HIRE_NOT_FOUND: { http: 404, msg: recruit.notFound },
  HIRE_STATE: { http: 409, msg: recruit.state },
  HIRE_NOT_PUBLIC: { http: 404, msg: recruit.hireGone },
  /** publishing and editing need the publisher's personal verification (spec/3 §5) */
  HIRE_NEED_AUTH: { http: 403, msg: recruit.needPersonAuth },
  /** the hirer's phone is for personally verified users */
  HIRE_PHONE_VERIFY: { http: 403, msg: recruit.phoneVerify },
  HIRE_PHONE_ENDED: { http: 409, msg: hire.phoneEnded },
  HIRE_PHONE_LIMIT: { http: 429, msg: hire.phoneTooMany },
} as const;
