import { M } from './messages';
import { equipmentErrors } from './errors/equipment';
import { marketErrors } from './errors/market';
import { talkErrors } from './errors/talk';
import { favoriteErrors } from './errors/favorite';
import { reportErrors } from './errors/report';
import { reviewErrors } from './errors/review';
import { shopErrors } from './errors/shop';
import { shelfErrors } from './errors/shelf';
import { rightsErrors } from './errors/rights';
import { biddingErrors } from './errors/bidding';
import { offerErrors } from './errors/offer';
import { demandErrors } from './errors/demand';
import { jobcardErrors } from './errors/jobcard';
import { orderErrors } from './errors/order';
import { contractErrors } from './errors/contract';
import { machineErrors } from './errors/machine';
import { settleErrors } from './errors/settle';
import { orderpayErrors } from './errors/orderpay';
import { finprodErrors } from './errors/finprod';
import { trainingErrors } from './errors/training';
import { hireErrors } from './errors/hire';
import { eventsErrors } from './errors/events';

/**
 * The typed error catalogue: a code maps to an HTTP status and a default user message.
 * Clients branch on `code`, never on message text. A module adds its codes to its own section.
 */
export const ERRORS = {
  // shared
  VALIDATION: { http: 400, msg: M.common.validation },
  UNAUTHENTICATED: { http: 401, msg: M.auth.expired },
  FORBIDDEN: { http: 403, msg: M.common.forbidden },
  CSRF: { http: 403, msg: M.common.csrf },
  NOT_FOUND: { http: 404, msg: M.common.notFound },
  ROUTE_NOT_FOUND: { http: 404, msg: M.common.routeNotFound },
  CONFLICT: { http: 409, msg: M.common.conflict },
  TOO_MANY: { http: 429, msg: M.common.tooMany },
  INTERNAL: { http: 500, msg: M.common.internal },
  // platform: a dependency (PostgreSQL, Redis) is away; the call may be retried later
  SERVICE_UNAVAILABLE: { http: 503, msg: M.platform.unavailable },
  LIMITER_UNAVAILABLE: { http: 503, msg: M.platform.limiterUnavailable },
  // the request itself: its encoding and shape (the edge and Fastify's parsers)
  CONTROL_CHARS: { http: 400, msg: M.input.controlChars },
  BAD_JSON: { http: 400, msg: M.input.badJson },
  EMPTY_BODY: { http: 400, msg: M.input.emptyJson },
  BODY_TOO_LARGE: { http: 413, msg: M.input.bodyTooLarge },
  BAD_MEDIA_TYPE: { http: 415, msg: M.input.badMediaType },
  BAD_CONTENT_LENGTH: { http: 400, msg: M.input.badContentLength },
  BAD_URL: { http: 400, msg: M.input.badUrl },
  PARAM_TOO_LONG: { http: 414, msg: M.input.paramTooLong },
  NOT_MULTIPART: { http: 415, msg: M.input.notMultipart },
  BAD_MULTIPART: { http: 400, msg: M.input.badMultipart },
  TOO_MANY_PARTS: { http: 413, msg: M.input.tooManyParts },
  // auth
  SMS_TOO_SOON: { http: 429, msg: M.auth.smsTooSoon },
  SMS_DAILY_LIMIT: { http: 429, msg: M.auth.smsDailyLimit },
  SMS_SEND_FAILED: { http: 503, msg: M.auth.smsSendFailed },
  SMS_PROVIDER_LIMIT: { http: 429, msg: M.auth.smsProviderBusy },
  SMS_PROVIDER_DAILY_LIMIT: { http: 429, msg: M.auth.smsProviderDaily },
  SMS_PHONE_UNREACHABLE: { http: 400, msg: M.auth.smsPhoneUnreachable },
  PHONE_REGISTERED: { http: 409, msg: M.auth.phoneRegistered },
  PHONE_UNKNOWN: { http: 400, msg: M.auth.phoneUnknown },
  SMS_CODE_WRONG: { http: 400, msg: M.auth.codeWrong },
  SMS_CODE_EXPIRED: { http: 400, msg: M.auth.codeExpired },
  SMS_CODE_DEAD: { http: 400, msg: M.auth.codeTooManyTries },
  LOGIN_FAILED: { http: 400, msg: M.auth.loginWrong },
  LOGIN_LOCKED: { http: 429, msg: M.auth.loginLocked },
  USER_DISABLED: { http: 403, msg: M.auth.userDisabled },
  // company
  NOT_MEMBER: { http: 403, msg: M.company.notMember },
  NO_GRANT: { http: 403, msg: M.company.noGrant },
  MAIN_ONLY: { http: 403, msg: M.company.mainOnly },
  // points
  POINTS_SHORT: { http: 409, msg: M.points.peasShort },
  // bank cards
  BANK_LIMIT: { http: 409, msg: M.bank.limit },
  BANK_DUPLICATE: { http: 409, msg: M.bank.duplicate },
  BANK_DEFAULT_DELETE: { http: 409, msg: M.bank.defaultNoDelete },
  // invoice
  INVOICE_ADDRESS_LIMIT: { http: 409, msg: M.invoice.addressLimit },
  INVOICE_DEFAULT_DELETE: { http: 409, msg: M.invoice.defaultNoDelete },
  // company members
  MEMBER_EXISTS: { http: 409, msg: M.member.alreadyMember },
  MEMBER_NAME_TAKEN: { http: 409, msg: M.member.nameTaken },
  MEMBER_MAIN_LOCKED: { http: 403, msg: M.member.mainLocked },
  // seals
  SEAL_LIMIT: { http: 409, msg: M.seal.limit },
  SEAL_REVIEWED: { http: 409, msg: M.seal.reviewed },
  SEAL_NOT_USABLE: { http: 409, msg: M.seal.notUsable },
  SIGNED_TODAY: { http: 409, msg: M.points.signedToday },
  RATIO_CHANGED: { http: 409, msg: M.points.ratioChanged },
  // upload
  UPLOAD_NO_FILE: { http: 400, msg: M.upload.noFile },
  UPLOAD_TOO_MANY_FILES: { http: 400, msg: M.upload.tooManyFiles },
  UPLOAD_TOO_LARGE: { http: 400, msg: M.upload.tooLarge },
  UPLOAD_BAD_TYPE: { http: 400, msg: M.upload.badImageType },
  UPLOAD_TOO_MANY_PIXELS: { http: 400, msg: M.upload.tooManyPixels },
  UPLOAD_BROKEN: { http: 400, msg: M.upload.broken },
  UPLOAD_DUPLICATE: { http: 409, msg: M.upload.duplicate },
  UPLOAD_BAD_PATH: { http: 400, msg: M.upload.badPath },
  UPLOAD_NOT_FOUND: { http: 404, msg: M.upload.notFound },
  // region
  // payment
  PAY_ORDER_NOT_FOUND: { http: 404, msg: M.payment.orderNotFound },
  PAY_ORDER_CLOSED: { http: 409, msg: M.payment.orderClosed },
  PAY_ORDER_PAID: { http: 409, msg: M.payment.orderPaid },
  PAY_BAD_SIGN: { http: 400, msg: M.payment.badSign },
  PAY_BAD_AMOUNT: { http: 400, msg: M.payment.badAmount },
  PAY_BAD_MERCHANT: { http: 400, msg: M.payment.badMerchant },
  PAY_CHANNEL_UNAVAILABLE: { http: 503, msg: M.payment.channelUnavailable },
  MEMBER_LEVEL_LOWER: { http: 409, msg: M.payment.levelLower },
  // staff
  STAFF_NOT_FOUND: { http: 404, msg: M.staff.notFound },
  // account
  NICKNAME_ONCE: { http: 409, msg: M.account.nickOnce },
  OLD_PASSWORD_WRONG: { http: 400, msg: M.account.oldPasswordWrong },
  PASSWORD_LOCKED: { http: 429, msg: M.account.passwordLocked },
  PHONE_TAKEN: { http: 409, msg: M.account.phoneTaken },
  PHONE_SAME: { http: 400, msg: M.account.phoneSame },
  AVATAR_BAD: { http: 400, msg: M.account.avatarBad },
  DEVICE_NOT_FOUND: { http: 404, msg: M.account.deviceNotFound },
  DEVICE_CURRENT: { http: 409, msg: M.account.deviceCurrent },
  // notice
  NOTICE_NOT_FOUND: { http: 404, msg: M.notice.notFound },
  // message
  MESSAGE_NOT_FOUND: { http: 404, msg: M.message.notFound },
  // verify
  VERIFY_PENDING: { http: 409, msg: M.verify.personPending },
  VERIFY_DONE: { http: 409, msg: M.verify.personDone },
  VERIFY_CARD_TAKEN: { http: 409, msg: M.verify.cardTaken },
  VERIFY_COMPANY_TAKEN: { http: 409, msg: M.verify.companyTaken },
  VERIFY_NEED_COMPANY: { http: 409, msg: M.verify.needCompany },
  VERIFY_REVIEWED: { http: 409, msg: M.verify.alreadyReviewed },
  VERIFY_BAD_SIGNATURE: { http: 403, msg: M.verify.badSignature },
  // the marketplace areas keep their codes in errors/<area>.ts
  ...equipmentErrors,
  ...marketErrors,
  ...talkErrors,
  ...biddingErrors,
  ...offerErrors,
  ...demandErrors,
  ...jobcardErrors,
  ...orderErrors,
  ...contractErrors,
  ...machineErrors,
  ...settleErrors,
  ...orderpayErrors,
  ...finprodErrors,
  ...favoriteErrors,
  ...reportErrors,
  ...reviewErrors,
  ...shopErrors,
  ...shelfErrors,
  ...rightsErrors,
  ...trainingErrors,
  ...hireErrors,
  ...eventsErrors,
} as const satisfies Record<string, { http: number; msg: string }>;

export type TErrorCode = keyof typeof ERRORS;

/** Envelope status values (spec/1 §8). */
export const STATUS = { OK: 1, FAIL: 0, EXPIRED: -1, PACKAGE_CHANGED: 201 } as const;

export interface TEnvelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
  code?: TErrorCode | string;
  errors?: { field: string; msg: string }[];
}

export interface TPage<T> {
  data: T[];
  total: number;
}
