import Bowser from 'bowser';
import type { TDeviceRow } from '@jizu/shared/schemas/account';
import { AppError } from '../../platform/errors';
import type { TDeps } from '../../platform/deps';
import type { TAuthUser } from '../../platform/session';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import * as repo from './devices.repo';
import { revokeOtherSessions } from './account.repo';
import { closeStreams } from '../events/events.service';

/**
 * 登录设备: the account's active sessions, as the security area of the account home lists them. A session ended here
 * is a deleted row, and every request reads its session row (platform/session.ts findSessionAuth): the very next
 * request with it answers 401 on every process.
 */

/** What a user agent says of the device: browser and system with their major versions, maker and model if named. */
export function describeAgent(ua: string): Pick<TDeviceRow, 'type' | 'device' | 'browser' | 'os'> {
  if (!ua.trim()) return { type: '', device: '', browser: '', os: '' };
  const p = Bowser.parse(ua);
  const major = (v: string | undefined) => (v ? v.split('.')[0] : '');
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  const type = p.platform.type && ['desktop', 'mobile', 'tablet'].includes(p.platform.type) ? p.platform.type : '';
  return {
    type,
    device: join(p.platform.vendor, p.platform.model),
    browser: join(p.browser.name, major(p.browser.version)),
    os: join(p.os.name, p.os.versionName ?? major(p.os.version)),
  };
}

export async function listDevices(deps: TDeps, me: TAuthUser) {
  const rows = await repo.listUserSessions(deps.db, me.id);
  const data: TDeviceRow[] = rows.map((r) => ({
    id: r.id,
    ...describeAgent(r.userAgent),
    ip: r.ip,
    created_at: shanghaiDateTime(r.createdAt),
    last_seen_at: shanghaiDateTime(r.lastSeenAt),
    current: r.id === me.sessionId,
  }));
  return { data, total: data.length };
}

/** 退出该设备: another session of the account; this one ends by logging out. */
export async function endDevice(deps: TDeps, me: TAuthUser, sessionId: number) {
  if (sessionId === me.sessionId) throw new AppError('DEVICE_CURRENT');
  // another user's session is not found either
  if ((await repo.deleteUserSession(deps.db, me.id, sessionId)) === 0) throw new AppError('DEVICE_NOT_FOUND');
  await closeStreams(deps.db, { sessionId });
  return { ended: 1 };
}

/** 退出其他设备: every session of the account but this one. */
export async function endOtherDevices(deps: TDeps, me: TAuthUser) {
  const ended = await revokeOtherSessions(deps.db, me.id, me.sessionId);
  await closeStreams(deps.db, { userId: me.id, keepSessionId: me.sessionId });
  return { ended };
}
