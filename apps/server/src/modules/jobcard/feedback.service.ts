import { createHash } from 'node:crypto';
import { CARD_LIMITS, LABOUR_TYPE_LABEL } from '@jizu/shared/constants/recruit';
import { jobcardTexts as J } from '@jizu/shared/messages/recruit';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TCommentRow, TLabourStat, TLabourTypeName, TTargetComment } from '@jizu/shared/schemas/jobcard';
import { inTx, type DB, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDate, shanghaiDateTime, shanghaiMidnight } from '@jizu/shared/rules/datetime';
import { createMessage } from '../message/message.service';
import { loadLabourTargets, type TLabourTarget } from '../recruit/labour';
import { isPersonVerified } from '../verify/verify.service';
import * as repo from './feedback.repo';
import { usersBrief } from './jobcard.repo';

/**
 * Comments, likes, browses and phone reveals of the labour area's public targets (job cards and hiring demands, spec/3
 * §2 "Comments"). The targets come from their owner modules through the labour registry (recruit/labour.ts); the
 * counters live here, each changed in the transaction that adds or removes the row it counts, and only when a row
 * really was added or removed, so repeated and concurrent calls count once.
 */
const AUDIT = 'labour_comment';
export type TCounters = { browse_num: number; comment_num: number; like_num: number };
const ZERO: TCounters = { browse_num: 0, comment_num: 0, like_num: 0 };

/** The counters of targets of one kind (zeros for a target nobody has touched). */
export async function labourCounters(
  db: Executor,
  type: TLabourTypeName,
  ids: number[],
): Promise<Map<number, TCounters>> {
  const rows = await repo.countersOf(db, type, [...new Set(ids)]);
  const out = new Map<number, TCounters>(ids.map((id) => [id, ZERO]));
  for (const r of rows)
    out.set(r.targetId, { browse_num: r.browseNum, comment_num: r.commentNum, like_num: r.likeNum });
  return out;
}

/** A target that is shown publicly, or the not-public answer (404: the same for a missing one). */
async function publicTarget(db: Executor, type: TLabourTypeName, id: number): Promise<TLabourTarget> {
  const t = (await loadLabourTargets(db, type, [id])).get(id);
  if (!t?.public) throw new AppError('LABOUR_TARGET_NOT_PUBLIC');
  return t;
}

export async function targetStat(
  db: Executor,
  type: TLabourTypeName,
  id: number,
  userId: number | null,
): Promise<TLabourStat> {
  await publicTarget(db, type, id);
  const [c, liked] = await Promise.all([
    labourCounters(db, type, [id]),
    userId ? repo.likes(db, type, id, userId) : false,
  ]);
  return { ...(c.get(id) ?? ZERO), liked };
}

export async function addComment(
  db: DB,
  actor: TActor,
  userId: number,
  v: { type: TLabourTypeName; id: number; content: string },
) {
  return inTx(db, async (tx) => {
    const t = await publicTarget(tx, v.type, v.id);
    const c = await repo.insertComment(tx, {
      targetType: v.type,
      targetId: v.id,
      targetOwnerId: t.ownerUserId,
      userId,
      content: v.content,
    });
    await repo.bumpCounter(tx, v.type, v.id, 'commentNum', 1);
    await recordAudit(tx, actor, {
      entity: AUDIT,
      entityId: c.id,
      action: 'create',
      from: null,
      to: `${v.type}:${v.id}`,
    });
    return { id: c.id };
  });
}

const member = (u: { username: string; avatar: string } | undefined) => ({
  avatar: u?.avatar ?? '',
  username: u?.username ?? '',
});

/** Comments with their author and target, as the user centre and the console list them. */
async function commentRows(db: Executor, rows: repo.TComment[]) {
  const byType = new Map<TLabourTypeName, number[]>();
  for (const r of rows)
    byType.set(r.targetType as TLabourTypeName, [...(byType.get(r.targetType as TLabourTypeName) ?? []), r.targetId]);
  const targets = new Map<string, TLabourTarget>();
  for (const [type, ids] of byType)
    for (const [id, t] of await loadLabourTargets(db, type, ids)) targets.set(`${type}:${id}`, t);
  const authors = await usersBrief(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => {
    const type = r.targetType as TLabourTypeName;
    const t = targets.get(`${type}:${r.targetId}`);
    return {
      id: r.id,
      user_id: r.userId,
      member: member(authors.get(r.userId)),
      content: r.content,
      create_time: shanghaiDateTime(r.createdAt),
      type,
      type_v: LABOUR_TYPE_LABEL[type] ?? '',
      target_id: r.targetId,
      view_url: t?.view_url ?? '',
      address: t?.address ?? '',
      resume_category: t?.resume_category ?? '',
    };
  });
}

/** GET /recruit/comment: received (others' comments on my cards and demands) or published (mine). */
export async function listMyComments(
  db: Executor,
  userId: number,
  q: { type: 'receive' | 'publish'; page: number; size: number },
): Promise<{ data: TCommentRow[]; total: number }> {
  const offset = (q.page - 1) * q.size;
  const { rows, total } =
    q.type === 'receive'
      ? await repo.pageReceived(db, userId, offset, q.size)
      : await repo.pagePublished(db, userId, offset, q.size);
  return { data: (await commentRows(db, rows)).map(({ user_id: _u, ...r }) => r), total };
}

/** A public target's comments, newest first; `mine` marks the caller's own. */
export async function listTargetComments(
  db: Executor,
  q: { type: TLabourTypeName; id: number; page: number; size: number },
  userId: number | null,
): Promise<{ data: TTargetComment[]; total: number }> {
  await publicTarget(db, q.type, q.id);
  const { rows, total } = await repo.pageOfTarget(db, q.type, q.id, (q.page - 1) * q.size, q.size);
  const authors = await usersBrief(
    db,
    rows.map((r) => r.userId),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      member: member(authors.get(r.userId)),
      content: r.content,
      create_time: shanghaiDateTime(r.createdAt),
      mine: r.userId === userId,
    })),
    total,
  };
}

/**
 * DELETE /recruit/comment/{id}: the author deletes their comment, and the owner of the card or demand may delete one
 * left on it (the 收到的评论 list offers it: the owner keeps their own public page clean; staff remove the rest).
 * Anyone else's → 404, as if it did not exist.
 */
export async function deleteComment(db: DB, actor: TActor, userId: number, id: number) {
  await inTx(db, async (tx) => {
    const c = await repo.findComment(tx, id);
    if (!c || (c.userId !== userId && c.targetOwnerId !== userId)) throw new AppError('COMMENT_NOT_FOUND');
    await removeRow(tx, actor, c, c.userId === userId ? 'delete' : 'owner_delete', '');
  });
}

async function removeRow(tx: Executor, actor: TActor, c: repo.TComment, action: string, reason: string) {
  if (!(await repo.deleteCommentRow(tx, c.id))) throw new AppError('COMMENT_NOT_FOUND');
  await repo.bumpCounter(tx, c.targetType, c.targetId, 'commentNum', -1);
  await recordAudit(tx, actor, {
    entity: AUDIT,
    entityId: c.id,
    action,
    from: `${c.targetType}:${c.targetId}`,
    to: null,
    reason: reason || c.content,
  });
}

/** The console: every comment, newest first. */
export async function pageAllComments(db: Executor, q: { type?: TLabourTypeName; page: number; size: number }) {
  const { rows, total } = await repo.pageAll(db, q.type, (q.page - 1) * q.size, q.size);
  return { data: await commentRows(db, rows), total };
}

/** Staff remove a comment (audited with the reason); its author is told. */
export async function removeComment(db: DB, actor: TActor, id: number, reason: string) {
  await inTx(db, async (tx) => {
    const c = await repo.findComment(tx, id);
    if (!c) throw new AppError('COMMENT_NOT_FOUND');
    await removeRow(tx, actor, c, 'remove', reason);
    const what = LABOUR_TYPE_LABEL[c.targetType as TLabourTypeName] ?? '';
    await createMessage(tx, {
      userId: c.userId,
      kind: 'labour_comment',
      title: J.commentRemovedTitle,
      content: fmt(J.commentRemovedBody, {
        what,
        content: c.content.slice(0, 30),
        reason: reason ? `原因：${reason}。` : '',
      }),
    });
  });
}

/** POST /recruit/like: like (or take the like back); a repeated or concurrent call changes nothing more. */
export async function setLike(
  db: DB,
  userId: number,
  v: { type: TLabourTypeName; id: number; like: boolean },
): Promise<{ liked: boolean; like_num: number }> {
  return inTx(db, async (tx) => {
    await publicTarget(tx, v.type, v.id);
    const changed = v.like
      ? await repo.insertLike(tx, v.type, v.id, userId)
      : await repo.deleteLike(tx, v.type, v.id, userId);
    if (changed) await repo.bumpCounter(tx, v.type, v.id, 'likeNum', v.like ? 1 : -1);
    return { liked: v.like, like_num: (await labourCounters(tx, v.type, [v.id])).get(v.id)?.like_num ?? 0 };
  });
}

/** Who is browsing: the user, or for a stranger a hash of the address and the browser (no address is kept). */
export function viewerKey(userId: number | null, ip: string, userAgent: string): string {
  if (userId) return `u:${userId}`;
  return `a:${createHash('sha256').update(`${ip}\n${userAgent}`).digest('hex').slice(0, 32)}`;
}

/**
 * A browse of a public target: each viewer counts once a day (Asia/Shanghai); the owner's own visits do not count, and
 * an address sending more than CARD_LIMITS.viewsPerHour browses an hour is not counted beyond them (a stranger's key is
 * its address and browser, so changing the browser must not inflate the count).
 */
export async function recordBrowse(
  deps: Pick<TDeps, 'db' | 'limiter'>,
  type: TLabourTypeName,
  id: number,
  viewer: { key: string; ip: string },
): Promise<TCounters> {
  const t = await publicTarget(deps.db, type, id);
  // the limiter has its own connection: asked before the transaction, never inside it
  const counts =
    viewer.key !== `u:${t.ownerUserId}` &&
    (await deps.limiter.hit(`labour:view:${viewer.ip}`, 3600)) <= CARD_LIMITS.viewsPerHour;
  return inTx(deps.db, async (tx) => {
    if (counts && (await repo.insertView(tx, type, id, shanghaiDate(new Date()), viewer.key)))
      await repo.bumpCounter(tx, type, id, 'browseNum', 1);
    return (await labourCounters(tx, type, [id])).get(id) ?? ZERO;
  });
}

/**
 * The phone of a public card's operator (or a demand's hirer) for a logged-in, personally verified viewer. Every reveal
 * is recorded; a viewer sees at most CARD_LIMITS.phoneViewsPerHour new phones an hour (one already seen today is free).
 */
export async function revealPhone(
  deps: Pick<TDeps, 'db' | 'limiter'>,
  viewerId: number,
  ip: string,
  type: TLabourTypeName,
  id: number,
): Promise<{ phone: string }> {
  const db = deps.db;
  const t = await publicTarget(db, type, id);
  if (!(await isPersonVerified(db, viewerId))) throw new AppError('PHONE_NEED_AUTH');
  if (!(await repo.sawPhoneSince(db, viewerId, type, id, shanghaiMidnight()))) {
    const n = await deps.limiter.hit(`labour:phone:${viewerId}`, 3600);
    if (n > CARD_LIMITS.phoneViewsPerHour) throw new AppError('PHONE_TOO_MANY');
  }
  const owner = (await usersBrief(db, [t.ownerUserId])).get(t.ownerUserId);
  await repo.insertPhoneView(db, { targetType: type, targetId: id, viewerId, ip: ip.slice(0, 45) });
  return { phone: owner?.phone ?? '' };
}

/** Comments others left on the user's cards and demands (the labour centre). */
export const receivedCount = repo.countReceived;
