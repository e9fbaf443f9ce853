import type {
  TAdminNoticeRow,
  TAdminNoticeSave,
  TNoticeDetail,
  TNoticeQuery,
  TNoticeRow,
} from '@jizu/shared/schemas/notice';
import type { TPage } from '@jizu/shared/errors';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import * as repo from './notice.repo';

/** Platform notices: the dashboard's list and detail for users, and the admin console's editor. */
export const createNotice = repo.insertNotice;
export const countPublishedNotices = repo.countPublished;

/** GET /index/notice: published notices, newest first (the dashboard asks for the first 6). */
export async function listNotices(db: Executor, userId: number, q: TNoticeQuery): Promise<TPage<TNoticeRow>> {
  const { rows, total } = await repo.pagePublished(db, userId, {
    offset: (q.page - 1) * q.size,
    limit: q.size,
    state: q.state,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      msg_title: r.title,
      msg_open: Number(r.open),
      msg_send_time: shanghaiDateTime(r.sendTime),
    })),
    total,
  };
}

/** GET /index/notice/:id: one published notice; opening it marks it read for this user. */
export async function readNotice(db: Executor, userId: number, id: number): Promise<TNoticeDetail> {
  const row = await repo.findPublished(db, id);
  if (!row) throw new AppError('NOTICE_NOT_FOUND');
  await repo.markRead(db, id, userId);
  return {
    id: row.id,
    msg_title: row.title,
    msg_content: row.body,
    msg_open: 1,
    msg_send_time: shanghaiDateTime(row.sendTime),
  };
}

const adminRow = (r: NonNullable<Awaited<ReturnType<typeof repo.findById>>>): TAdminNoticeRow => ({
  id: r.id,
  title: r.title,
  content: r.body,
  status: r.status,
  send_time: shanghaiDateTime(r.sendTime),
  create_time: shanghaiDateTime(r.createdAt),
});

export async function adminListNotices(
  db: Executor,
  q: { page: number; size: number },
): Promise<TPage<TAdminNoticeRow>> {
  const { rows, total } = await repo.pageAll(db, { offset: (q.page - 1) * q.size, limit: q.size });
  return { data: rows.map(adminRow), total };
}

export async function adminCreateNotice(db: Executor, v: TAdminNoticeSave) {
  return adminRow(await repo.insertNotice(db, { title: v.title, body: v.content, status: v.status }));
}

export async function adminUpdateNotice(db: Executor, id: number, v: TAdminNoticeSave) {
  const before = await repo.findById(db, id);
  if (!before) throw new AppError('NOTICE_NOT_FOUND');
  await repo.updateNotice(db, id, { title: v.title, body: v.content });
  const row = await repo.setStatus(db, id, v.status);
  if (!row) throw new AppError('NOTICE_NOT_FOUND');
  return adminRow(row);
}

export async function adminSetNoticeStatus(db: Executor, id: number, status: number) {
  const row = await repo.setStatus(db, id, status);
  if (!row) throw new AppError('NOTICE_NOT_FOUND');
  return adminRow(row);
}

export async function adminDeleteNotice(db: Executor, id: number) {
  if (!(await repo.deleteNotice(db, id))) throw new AppError('NOTICE_NOT_FOUND');
}
