import type { TMessageDel, TMessageListQuery, TMessagePage, TMessageRow } from '@jizu/shared/schemas/message';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import * as repo from './message.repo';
import { publishEvent } from '../events/events.service';

type TRow = Awaited<ReturnType<typeof repo.insertMessage>>;

const toRow = (m: TRow): TMessageRow => ({
  id: m.id,
  msg_title: m.title,
  msg_body: m.body,
  msg_send_time: shanghaiDateTime(m.sendTime),
  msg_open: m.open,
});

/**
 * Puts a message in a user's inbox. Other modules call it with their own transaction, so the message exists exactly
 * when their change does; the user is told live (modules/events) at its commit.
 */
export async function createMessage(
  tx: Executor,
  v: { userId: number; title: string; content: string; kind?: string; event?: false },
): Promise<TMessageRow> {
  const row = toRow(
    await repo.insertMessage(tx, { userId: v.userId, title: v.title, body: v.content, kind: v.kind ?? '' }),
  );
  // the live notification, unless the caller publishes an event of its own for the same change
  if (v.event !== false)
    await publishEvent(tx, { type: 'message', userId: v.userId, link: '/dashboard/message', vars: { title: v.title } });
  return row;
}

export async function listMessages(db: Executor, userId: number, q: TMessageListQuery): Promise<TMessagePage> {
  // the unread inbox's count is the unread count: one query fewer for the list the dashboard opens
  const [{ rows, total }, unread] = await Promise.all([
    repo.pageMessages(db, userId, q.state, (q.page - 1) * q.size, q.size),
    q.state === 0 ? null : repo.countUnread(db, userId),
  ]);
  return { data: rows.map(toRow), total, unread: unread ?? total };
}

/** Opening a message marks it read (spec/3 §4); another user's message is not found. */
export async function readMessage(db: Executor, userId: number, id: number): Promise<TMessageRow> {
  const m = await repo.findOwnMessage(db, userId, id);
  if (!m) throw new AppError('MESSAGE_NOT_FOUND');
  if (m.open !== 1) await repo.markRead(db, userId, id);
  return toRow({ ...m, open: 1 });
}

/** Deletes one or several own messages; if any id is not the caller's, nothing is deleted. */
export async function deleteMessages(db: DB, userId: number, input: TMessageDel['id']): Promise<{ deleted: number }> {
  const ids = [...new Set(Array.isArray(input) ? input : [input])];
  return inTx(db, async (tx) => {
    if ((await repo.countOwn(tx, userId, ids)) !== ids.length) throw new AppError('MESSAGE_NOT_FOUND');
    return { deleted: await repo.deleteOwn(tx, userId, ids) };
  });
}
