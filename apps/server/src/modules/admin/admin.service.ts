import type { TAdminOverview, TAdminUserRow, TAdminUsersQuery } from '@jizu/shared/schemas/admin';
import type { TPage } from '@jizu/shared/errors';
import type { Executor } from '../../db/client';
import { countSessionsSince, countUsers, pageUsers } from '../auth/auth.service';
import { shanghaiDateTime, shanghaiMidnight } from '@jizu/shared/rules/datetime';
import { activeMemberships, countCompanies } from '../company/company.service';
import { countActiveStaff } from '../staff/staff.service';
import { countPublishedNotices } from '../notice/notice.service';

export async function getOverview(db: Executor): Promise<TAdminOverview> {
  const [users, companies, staff, notices, sessionsToday] = await Promise.all([
    countUsers(db),
    countCompanies(db),
    countActiveStaff(db),
    countPublishedNotices(db),
    countSessionsSince(db, shanghaiMidnight()),
  ]);
  return { users, companies, staff, notices, sessions_today: sessionsToday };
}

export async function listUsers(db: Executor, q: TAdminUsersQuery): Promise<TPage<TAdminUserRow>> {
  const { rows, total } = await pageUsers(db, {
    offset: (q.page - 1) * q.size,
    limit: q.size,
    phonePrefix: q.phone || undefined,
  });
  const memberships = await activeMemberships(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      username: r.username,
      role: r.role,
      level: r.level,
      status: r.status,
      created_at: shanghaiDateTime(r.createdAt),
      last_login_date: shanghaiDateTime(r.lastLoginAt),
      companies: memberships
        .filter((m) => m.userId === r.id)
        .map((m) => ({ id: m.companyId, name: m.companyName, master: m.master })),
    })),
  };
}
