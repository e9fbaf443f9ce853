import { randomInt, timingSafeEqual } from 'node:crypto';
import { fmt, M } from '@jizu/shared/messages';
import type { TSmsScene } from '@jizu/shared/constants/user';
import type { TErrorCode } from '@jizu/shared/errors';
import { inTx, type Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { TDeps } from '../../platform/deps';
import { SmsSendError, type TSmsFailure } from '../../platform/sms';
import { sha256 } from '../../platform/session';
import { shanghaiMidnight } from '@jizu/shared/rules/datetime';
import * as repo from './sms.repo';

const hashCode = (phone: string, scene: string, code: string) => sha256(`${phone}:${scene}:${code}`);

/**
 * Sends a 6-digit code (ARCHITECTURE § Auth): a gap between sends per phone, daily caps per phone and per IP.
 * The checks and the insert run under an advisory lock per phone and per IP, so two quick clicks cannot both pass.
 * The caller checks the scene's own preconditions (registered or not) first.
 *
 * The code's row is written before the provider is called (the row is what holds the gap and the caps while the call
 * is under way; the call itself is outside the transaction, so a slow provider holds no lock). When the provider
 * refuses or is not reached the row is deleted again: the user got nothing, so the try counts against no cap, starts
 * no gap, and the code they had before stays the one that works. Only a delivered code retires the older ones.
 */
export async function sendSmsCode(
  deps: Pick<TDeps, 'db' | 'config' | 'sms'>,
  phone: string,
  scene: TSmsScene,
  ip: string,
): Promise<{ resend_in: number }> {
  const { sms } = deps.config;
  const code = sms.devCode ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await inTx(deps.db, async (tx) => {
    await repo.lockKey(tx, `sms:phone:${phone}`);
    await repo.lockKey(tx, `sms:ip:${ip}`);
    const since = await repo.msSinceLastSend(tx, phone);
    if (since !== null) {
      const wait = Math.ceil((sms.resendSeconds * 1000 - since) / 1000);
      if (wait > 0)
        throw new AppError('SMS_TOO_SOON', fmt(M.auth.smsTooSoon, { n: wait }), { data: { resend_in: wait } });
    }
    const today = shanghaiMidnight();
    if ((await repo.countSendsByPhoneSince(tx, phone, today)) >= sms.dailyPerPhone)
      throw new AppError('SMS_DAILY_LIMIT');
    if (ip && (await repo.countSendsByIpSince(tx, ip, today)) >= sms.dailyPerIp) throw new AppError('SMS_DAILY_LIMIT');
    return repo.insertCode(tx, {
      phone,
      scene,
      codeHash: hashCode(phone, scene, code),
      ip: ip.slice(0, 64),
      expiresAt: new Date(Date.now() + sms.ttlMinutes * 60_000),
    });
  });
  try {
    await deps.sms.send(phone, code, scene);
  } catch (err) {
    await repo.deleteCode(deps.db, id);
    throw new AppError(SEND_FAILURES[err instanceof SmsSendError ? err.reason : 'failed']);
  }
  await repo.retireCodesBefore(deps.db, phone, scene, id);
  return { resend_in: sms.resendSeconds };
}

/** What the user is told when the provider did not take the message. */
const SEND_FAILURES = {
  rate_limited: 'SMS_PROVIDER_LIMIT',
  daily_limited: 'SMS_PROVIDER_DAILY_LIMIT',
  bad_phone: 'SMS_PHONE_UNREACHABLE',
  failed: 'SMS_SEND_FAILED',
} as const satisfies Record<TSmsFailure, TErrorCode>;

/**
 * Checks and consumes the latest code of a phone and scene; throws the user-facing error otherwise.
 * Call it outside the transaction of the action it guards: a wrong try must be counted even when that action fails.
 * Reused by later modules (old/new mobile, member add) with their own scene.
 */
export async function verifySmsCode(
  db: Executor,
  phone: string,
  scene: TSmsScene,
  code: string,
  maxAttempts = 5,
): Promise<void> {
  const row = await matchCode(db, phone, scene, code, maxAttempts);
  if (!(await repo.consumeCode(db, row.id, maxAttempts))) throw new AppError('SMS_CODE_EXPIRED');
}

/**
 * Checks the latest code like verifySmsCode but leaves it usable: a step of a multi-step form (the phone change's
 * "old number" step) tells the user at once, and the final call uses the code up. Wrong tries count all the same.
 */
export async function checkSmsCode(
  db: Executor,
  phone: string,
  scene: TSmsScene,
  code: string,
  maxAttempts = 5,
): Promise<void> {
  await matchCode(db, phone, scene, code, maxAttempts);
}

async function matchCode(db: Executor, phone: string, scene: TSmsScene, code: string, maxAttempts: number) {
  const input = (code ?? '').trim();
  if (!input)
    throw new AppError('VALIDATION', M.auth.codeRequired, { errors: [{ field: 'code', msg: M.auth.codeRequired }] });
  const row = await repo.latestLiveCode(db, phone, scene);
  if (!row || row.expiresAt.getTime() <= Date.now()) throw new AppError('SMS_CODE_EXPIRED');
  if (row.attempts >= maxAttempts) throw new AppError('SMS_CODE_DEAD');
  const given = Buffer.from(hashCode(phone, scene, input));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    const attempts = await repo.bumpAttempts(db, row.id);
    if (attempts === null) throw new AppError('SMS_CODE_EXPIRED');
    if (attempts >= maxAttempts) throw new AppError('SMS_CODE_DEAD');
    throw new AppError('SMS_CODE_WRONG');
  }
  return row;
}
