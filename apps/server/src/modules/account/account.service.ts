import { hash, verify } from '@node-rs/argon2';
import { fmt, M } from '@jizu/shared/messages';
import { maskPhone } from '@jizu/shared/rules/mask';
import type { TChangeMobile, TChangePassword } from '@jizu/shared/schemas/account';
import { inTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { TDeps } from '../../platform/deps';
import type { TAuthUser } from '../../platform/session';
import { findUserById, findUserByPhone } from '../auth/auth.service';
import { checkSmsCode, sendSmsCode, verifySmsCode } from '../auth/sms.service';
import { findOwnUpload } from '../upload/upload.service';
import * as repo from './account.repo';
import { closeStreams } from '../events/events.service';

/**
 * The account centre's security actions (spec/1 §4, §5, §7). Every change of a credential (password, phone) ends
 * the user's other sessions and keeps the one that made it: the spec does not log the user out.
 */

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown } | null;
  return !!err && (err.code === '23505' || isUniqueViolation(err.cause));
};

/** Runs an SMS check and tells which of the two codes of the phone change was wrong. */
async function withCodeMessage(field: 'code' | 'vcode', wrongMsg: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (e) {
    if (e instanceof AppError && e.code === 'SMS_CODE_WRONG')
      throw new AppError('SMS_CODE_WRONG', wrongMsg, { errors: [{ field, msg: wrongMsg }] });
    if (e instanceof AppError && e.code !== 'VALIDATION')
      throw new AppError(e.code, e.message, { errors: [{ field, msg: e.message }], data: e.data });
    throw e;
  }
}

/** POST /index/saveNickname: once only (nick_name_status 0 → 1). */
export async function saveNickname(deps: TDeps, userId: number, nickName: string) {
  const row = await repo.setNicknameOnce(deps.db, userId, nickName);
  if (!row) throw new AppError('NICKNAME_ONCE');
  return { username: row.username, nick_name_status: row.nickNameStatus };
}

const passwdKey = (userId: number) => `passwd:fail:${userId}`;

/** POST /index/passwd: the old password, then the new one (argon2id); wrong old passwords are throttled like logins. */
export async function changePassword(deps: TDeps, me: TAuthUser, input: TChangePassword) {
  const { maxFails, failWindowMinutes } = deps.config.login;
  const windowSeconds = failWindowMinutes * 60;
  const key = passwdKey(me.id);
  if ((await deps.limiter.peek(key, windowSeconds)) >= maxFails) {
    throw new AppError('PASSWORD_LOCKED', fmt(M.account.passwordLocked, { n: failWindowMinutes }));
  }
  const user = await findUserById(deps.db, me.id);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!(await verify(user.passwordHash, input.oldpassword))) {
    await deps.limiter.hit(key, windowSeconds);
    throw new AppError('OLD_PASSWORD_WRONG', undefined, {
      errors: [{ field: 'oldpassword', msg: M.account.oldPasswordWrong }],
    });
  }
  if (input.password === input.oldpassword)
    throw new AppError('VALIDATION', M.account.passwordSame, {
      errors: [{ field: 'password', msg: M.account.passwordSame }],
    });
  await deps.limiter.reset(key, windowSeconds);
  const passwordHash = await hash(input.password);
  await inTx(deps.db, async (tx) => {
    await repo.setPasswordHash(tx, me.id, passwordHash);
    await repo.revokeOtherSessions(tx, me.id, me.sessionId);
    await closeStreams(tx, { userId: me.id, keepSessionId: me.sessionId });
  });
}

/** POST /sms/oldMobile: a code to the account's own number. */
export async function sendOldMobileCode(deps: TDeps, me: TAuthUser, ip: string) {
  return sendSmsCode(deps, me.phone, 'old_mobile', ip);
}

/** POST /index/checkOldMobile: step 1 of the phone change; the code stays usable for the final call. */
export async function checkOldMobileCode(deps: TDeps, me: TAuthUser, code: string) {
  await withCodeMessage('code', M.account.oldCodeWrong, () =>
    checkSmsCode(deps.db, me.phone, 'old_mobile', code, deps.config.sms.maxAttempts),
  );
}

async function assertNewPhoneFree(deps: TDeps, me: TAuthUser, phone: string) {
  if (phone === me.phone)
    throw new AppError('PHONE_SAME', undefined, { errors: [{ field: 'phone', msg: M.account.phoneSame }] });
  if (await findUserByPhone(deps.db, phone))
    throw new AppError('PHONE_TAKEN', undefined, { errors: [{ field: 'phone', msg: M.account.phoneTaken }] });
}

/** POST /sms/newMobile: a code to the new number, which must be free. */
export async function sendNewMobileCode(deps: TDeps, me: TAuthUser, phone: string, ip: string) {
  await assertNewPhoneFree(deps, me, phone);
  return sendSmsCode(deps, phone, 'new_mobile', ip);
}

/**
 * POST /index/changeMobile. Order matters: the old code is checked first without using it, then the new code is
 * used, then the old; a wrong new code leaves the old one usable, so the user only retypes what was wrong.
 */
export async function changeMobile(deps: TDeps, me: TAuthUser, input: TChangeMobile) {
  const max = deps.config.sms.maxAttempts;
  await assertNewPhoneFree(deps, me, input.phone);
  await withCodeMessage('code', M.account.oldCodeWrong, () =>
    checkSmsCode(deps.db, me.phone, 'old_mobile', input.code, max),
  );
  await withCodeMessage('vcode', M.account.newCodeWrong, () =>
    verifySmsCode(deps.db, input.phone, 'new_mobile', input.vcode, max),
  );
  await withCodeMessage('code', M.account.oldCodeWrong, () =>
    verifySmsCode(deps.db, me.phone, 'old_mobile', input.code, max),
  );
  try {
    await inTx(deps.db, async (tx) => {
      await repo.setPhone(tx, me.id, input.phone);
      await repo.revokeOtherSessions(tx, me.id, me.sessionId);
      await closeStreams(tx, { userId: me.id, keepSessionId: me.sessionId });
    });
  } catch (e) {
    // someone registered the number between the check and the update
    if (isUniqueViolation(e))
      throw new AppError('PHONE_TAKEN', undefined, { errors: [{ field: 'phone', msg: M.account.phoneTaken }] });
    throw e;
  }
  return { phone: maskPhone(input.phone) };
}

/** POST /index/saveAvatar: an avatar this user uploaded through /api/index/upload/avatar. */
export async function saveAvatar(deps: TDeps, userId: number, address: string) {
  const row = await findOwnUpload(deps, userId, address, 'avatar');
  if (!row) throw new AppError('AVATAR_BAD', undefined, { errors: [{ field: 'avatar', msg: M.account.avatarBad }] });
  await repo.setAvatar(deps.db, userId, row.path);
  return { avatar: row.path };
}
