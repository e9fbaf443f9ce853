import type { ServerResponse } from 'node:http';
import { EVENTS_LIMITS } from '@jizu/shared/constants/events';
import type { TLiveEvent } from '@jizu/shared/schemas/events';
import type { TWire } from './events.service';

/** One open stream: whose, in which company, and its response. */
export interface TConn {
  userId: number;
  companyId: number;
  sessionId: number;
  /** main account: every company-wide event; a sub-user: those of its menu grants */
  master: boolean;
  grants: Set<number>;
  res: ServerResponse;
  /** while the replay of Last-Event-ID is written: the live events that came meanwhile (sent after it, deduplicated) */
  pending: TLiveEvent[] | null;
  sent: Set<number>;
}

/** A stream whose client reads slower than this much unsent data is cut (it reconnects and replays). */
const MAX_BUFFERED = 1 << 20;
/** ids of the events this process delivered lately: a listener catching up never sends one twice */
const RECENT_MAX = 20_000;

const frame = (e: TLiveEvent) => `id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`;

/**
 * The streams open on this process, by user and by company, and the fan-out of what the NOTIFY channel brings: one
 * event is written to the streams it is for (a map lookup, not a scan); a close message ends the streams it names. One
 * timer writes the heartbeat comment to every stream.
 */
export class EventHub {
  private byUser = new Map<number, Set<TConn>>();
  private byCompany = new Map<number, Set<TConn>>();
  private recent = new Set<number>();
  private timer: NodeJS.Timeout;
  /** the highest event id seen (where a listener that lost its connection catches up from) */
  maxSeen = 0;

  constructor(heartbeatMs: number = EVENTS_LIMITS.heartbeatMs) {
    this.timer = setInterval(() => this.heartbeat(), heartbeatMs);
    this.timer.unref();
  }

  count(userId?: number): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  add(c: TConn) {
    let u = this.byUser.get(c.userId);
    if (!u) this.byUser.set(c.userId, (u = new Set()));
    u.add(c);
    let k = this.byCompany.get(c.companyId);
    if (!k) this.byCompany.set(c.companyId, (k = new Set()));
    k.add(c);
  }

  remove(c: TConn) {
    const u = this.byUser.get(c.userId);
    if (u?.delete(c) && u.size === 0) this.byUser.delete(c.userId);
    const k = this.byCompany.get(c.companyId);
    if (k?.delete(c) && k.size === 0) this.byCompany.delete(c.companyId);
  }

  /** A payload of the NOTIFY channel (malformed ones are ignored). */
  onPayload(payload: string) {
    let w: TWire;
    try {
      w = JSON.parse(payload) as TWire;
    } catch {
      return;
    }
    if (w.k === 'e') this.deliver(w);
    else if (w.k === 'x') this.closeWhere(w);
  }

  deliver(w: Extract<TWire, { k: 'e' }>) {
    const id = w.e.id;
    if (this.recent.has(id)) return;
    this.recent.add(id);
    if (this.recent.size > RECENT_MAX) this.recent.delete(this.recent.values().next().value!);
    if (id > this.maxSeen) this.maxSeen = id;
    const targets = w.u !== null ? this.byUser.get(w.u) : w.c !== null ? this.byCompany.get(w.c) : undefined;
    if (!targets) return;
    let text: string | null = null;
    for (const c of targets) {
      if (w.u !== null && w.c !== null && c.companyId !== w.c) continue;
      if (w.u === null && w.m !== null && !c.master && !c.grants.has(w.m)) continue;
      if (c.pending) {
        c.pending.push(w.e);
        continue;
      }
      if (c.sent.has(id)) continue;
      this.write(c, (text ??= frame(w.e)));
    }
  }

  /** Writes the replay of a new stream, then what arrived meanwhile, each event once. */
  replayed(c: TConn, events: TLiveEvent[]) {
    for (const e of events) {
      c.sent.add(e.id);
      this.write(c, frame(e));
    }
    const pending = c.pending ?? [];
    c.pending = null;
    for (const e of pending) if (!c.sent.has(e.id)) this.write(c, frame(e));
    // only the replay's ids can come again (live ones arrive once): the set is not needed any more
    c.sent.clear();
  }

  private write(c: TConn, text: string) {
    if (c.res.writableLength > MAX_BUFFERED) {
      c.res.destroy();
      return;
    }
    c.res.write(text);
  }

  private closeWhere(w: Extract<TWire, { k: 'x' }>) {
    const ends: TConn[] = [];
    if (w.s !== undefined) {
      for (const set of this.byUser.values()) for (const c of set) if (c.sessionId === w.s) ends.push(c);
    } else if (w.u !== undefined) {
      for (const c of this.byUser.get(w.u) ?? [])
        if ((w.c === undefined || c.companyId === w.c) && c.sessionId !== w.keep) ends.push(c);
    }
    for (const c of ends) {
      this.remove(c);
      c.res.end();
    }
  }

  private heartbeat() {
    for (const set of this.byUser.values()) for (const c of set) if (!c.pending) this.write(c, ':\n\n');
  }

  /** Ends every stream (the server closes). */
  stop() {
    clearInterval(this.timer);
    for (const set of [...this.byUser.values()]) for (const c of [...set]) c.res.end();
    this.byUser.clear();
    this.byCompany.clear();
  }
}
