import { ERRORS, type TErrorCode } from '@jizu/shared/errors';

/** A failure the user is told about: a catalogue code, its HTTP status, and a catalogue message. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly http: number;
  readonly errors?: { field: string; msg: string }[];
  /** extra data the client may need (for example the seconds to wait) */
  readonly data: unknown;

  constructor(
    code: TErrorCode,
    msg?: string,
    opts: { errors?: { field: string; msg: string }[]; data?: unknown } = {},
  ) {
    super(msg ?? ERRORS[code].msg);
    this.code = code;
    this.http = ERRORS[code].http;
    this.errors = opts.errors;
    this.data = opts.data ?? null;
  }
}

export const fail = (
  code: TErrorCode,
  msg?: string,
  opts?: { errors?: { field: string; msg: string }[]; data?: unknown },
): never => {
  throw new AppError(code, msg, opts);
};

/** 400 with one field error: the form shows it beside the field. */
export const invalid = (field: string, msg: string): never => fail('VALIDATION', msg, { errors: [{ field, msg }] });
export const notFound = (msg?: string): never => fail('NOT_FOUND', msg);
export const conflict = (msg?: string): never => fail('CONFLICT', msg);

/** A unique index refused the write (PostgreSQL 23505, also when wrapped by the driver or drizzle). */
export const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown } | null;
  return !!err && (err.code === '23505' || isUniqueViolation(err.cause));
};
