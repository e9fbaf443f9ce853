import type { TMyStaff, TStaffRow } from '@jizu/shared/schemas/staff';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './staff.repo';

type TStaff = NonNullable<Awaited<ReturnType<typeof repo.findActiveStaff>>>;

const row = (s: TStaff): TStaffRow => ({ id: s.id, sn: s.sn, name: s.name, phone: s.phone, img_qrcode: s.imgQrcode });
const mine = (s: TStaff): TMyStaff => ({ ...row(s), staff_id: s.id });

/**
 * The user's customer-service contact. A user without one (or whose contact left) gets the active staff member
 * with the fewest users; null only when the platform has no active staff at all.
 */
export async function getMyStaff(db: DB, userId: number): Promise<TMyStaff | null> {
  const current = await repo.assignedStaff(db, userId);
  if (current?.status === 1) return mine(current);
  return inTx(db, async (tx) => {
    const pick = await repo.leastLoadedStaff(tx);
    if (!pick) return null;
    if (current) await repo.replaceAssignment(tx, userId, current.id, pick.id);
    else await repo.insertAssignment(tx, userId, pick.id);
    // Whoever won a concurrent first assignment, the row now says who serves this user.
    const now = await repo.assignedStaff(tx, userId);
    return now ? mine(now) : null;
  });
}

export async function listStaff(db: Executor): Promise<TStaffRow[]> {
  return (await repo.activeStaff(db)).map(row);
}

/** Any user may change their contact (spec/1 §6) to an active staff member. */
export async function changeMyStaff(db: Executor, userId: number, staffId: number): Promise<TMyStaff> {
  const staff = (await repo.findActiveStaff(db, staffId)) ?? null;
  if (!staff) throw new AppError('STAFF_NOT_FOUND');
  await repo.upsertAssignment(db, userId, staff.id);
  return mine(staff);
}

export const createStaff = repo.insertStaff;
export const countActiveStaff = repo.countActiveStaff;
