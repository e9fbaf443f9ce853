import { hash, verify } from '@node-rs/argon2';
import { fmt, M } from '@jizu/shared/messages';
import { maskPhone } from '@jizu/shared/rules/mask';
import type { TAuthResult, TLogin, TRegister } from '@jizu/shared/schemas/auth';
import type { TSmsScene } from '@jizu/shared/constants/user';
import { inTx, type DB, type Executor } from '../../db/client';
import { closeStreams } from '../events/events.service';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { TDeps } from '../../platform/deps';
import { createSession } from '../../platform/session';
import { createPersonalCompany } from '../company/company.service';
import { sendSmsCode, verifySmsCode } from './sms.service';
import * as repo from './auth.repo';

/** argon2id (the library's default algorithm) with its default cost. */
export const hashPassword = (password: string) => hash(password);

// Unknown phones are checked against this so that a wrong number costs the same time as a wrong password.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hash('not-a-password-0'));

export interface TClient {
  ip: string;
  userAgent: string;
}

/** POST /auth/sms: the scene's precondition, then the platform's send rules. */
export async function requestSmsCode(deps: TDeps, phone: string, scene: TSmsScene, ip: string) {
  const exists = await repo.phoneExists(deps.db, phone);
  if (scene === 'register' && exists) throw new AppError('PHONE_REGISTERED');
  if ((scene === 'login' || scene === 'reset') && !exists) throw new AppError('PHONE_UNKNOWN');
  return sendSmsCode(deps, phone, scene, ip);
}

async function startSession(
  deps: TDeps,
  db: Executor,
  user: { id: number; phone: string; username: string },
  client: TClient,
): Promise<TAuthResult> {
  const { token } = await createSession(db, user.id, {
    ip: client.ip,
    userAgent: client.userAgent,
    days: deps.config.sessionDays,
  });
  return { token, user: { id: user.id, phone: maskPhone(user.phone), username: user.username } };
}

/** A user with the level A membership, a personal company as its main account, and a first session. */
export async function register(deps: TDeps, input: TRegister, client: TClient): Promise<TAuthResult> {
  if (await repo.phoneExists(deps.db, input.phone)) throw new AppError('PHONE_REGISTERED');
  await verifySmsCode(deps.db, input.phone, 'register', input.code, deps.config.sms.maxAttempts);
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTx(deps.db, async (tx) => {
      const user = await repo.insertUser(tx, {
        phone: input.phone,
        passwordHash,
        username: `${M.auth.usernamePrefix}${input.phone.slice(-4)}`,
        level: 'A',
        lastLoginAt: new Date(),
      });
      await createPersonalCompany(tx, user);
      return startSession(deps, tx, user, client);
    });
  } catch (e) {
    // Two registrations of one phone at once: the unique index lets one through.
    if (isUniqueViolation(e)) throw new AppError('PHONE_REGISTERED');
    throw e;
  }
}

const loginKey = (phone: string) => `login:fail:${phone}`;

/** Phone + password or phone + SMS code, with the failed-login throttle per phone. */
export async function login(deps: TDeps, input: TLogin, client: TClient): Promise<TAuthResult> {
  const { maxFails, failWindowMinutes } = deps.config.login;
  const windowSeconds = failWindowMinutes * 60;
  const key = loginKey(input.phone);
  if ((await deps.limiter.peek(key, windowSeconds)) >= maxFails) {
    const windowMs = windowSeconds * 1000;
    const end = Math.floor(Date.now() / windowMs) * windowMs + windowMs;
    const minutes = Math.max(1, Math.ceil((end - Date.now()) / 60_000));
    throw new AppError('LOGIN_LOCKED', fmt(M.auth.loginLocked, { n: minutes }), { data: { retry_in: minutes * 60 } });
  }
  const user = await repo.findUserByPhone(deps.db, input.phone);
  try {
    if (input.code) {
      if (!user) throw new AppError('LOGIN_FAILED');
      await verifySmsCode(deps.db, input.phone, 'login', input.code, deps.config.sms.maxAttempts);
    } else {
      const good = await verify(user?.passwordHash ?? (await getDummyHash()), input.password ?? '');
      if (!user || !good) throw new AppError('LOGIN_FAILED');
    }
  } catch (e) {
    if (e instanceof AppError && e.code !== 'VALIDATION') await deps.limiter.hit(key, windowSeconds);
    throw e;
  }
  if (!user) throw new AppError('LOGIN_FAILED');
  if (user.status !== 1) throw new AppError('USER_DISABLED');
  await deps.limiter.reset(key, windowSeconds);
  return inTx(deps.db, async (tx) => {
    await repo.touchLogin(tx, user.id);
    return startSession(deps, tx, user, client);
  });
}

export async function logout(db: DB, sessionId: number) {
  await inTx(db, async (tx) => {
    await repo.deleteSessionById(tx, sessionId);
    // its live-notification streams end at once, on every server (modules/events)
    await closeStreams(tx, { sessionId });
  });
}

export const findUserById = repo.findUserById;
export const findUserByPhone = repo.findUserByPhone;
export const insertUser = repo.insertUser;
export const countUsers = repo.countUsers;
export const countSessionsSince = repo.countSessionsSince;
export const pageUsers = repo.pageUsers;

/** The upkeep job's: deletes the sessions past their expiry, in batches; how many went. */
export const purgeExpiredSessions = (db: Executor) => repo.deleteExpiredSessions(db);
