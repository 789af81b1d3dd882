/**
 * The tab's team presence over its one socket: the agency's holds and the viewers of the rows the
 * list shows, and the presence of the referral the details panel shows. It announces all three
 * after every (re)connect, since a relay keeps nothing of a socket that came back (the relay may
 * even be another one), and again after a renewed session. Holds past their `until` are dropped
 * by their readers (holdStands).
 */
import {
  type PresenceHold,
  type PresenceMessage,
  type PresenceRequest,
  type PresenceViewer,
  type ReferralPresence,
  type RowViewers,
} from '@referrals/shared';
import { logger } from '../log';
import type { LiveSocket } from '../live/LiveSocket';

const log = logger('live');

/** How long after a renewed session presence is announced again (the renewal goes first). */
const AFTER_RENEWAL_MS = 2000;

/** Presence of one tab: what it watches, what it hears. */
export class PresenceClient {
  private connected = false;
  private watchers = 0;
  private holdMap: ReadonlyMap<number, PresenceHold> = new Map();
  private viewing: number | null = null;
  private current: ReferralPresence | null = null;
  private rows: readonly number[] = [];
  private rowMap: ReadonlyMap<number, readonly PresenceViewer[]> = new Map();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly socket: LiveSocket) {
    socket.onConnection((e) => {
      this.connected = e.connected;
      if (!e.connected) return;
      // The relay answers every row again: what was heard before may have changed meanwhile.
      this.rowMap = new Map();
      this.announce();
    });
    socket.on('presence', (m) => this.onMessage(m));
    socket.on('sessionExpired', () => {
      setTimeout(() => this.announce(), AFTER_RENEWAL_MS);
    });
  }

  /** Hears every change of holds or of the viewed referral's presence; returns the stop. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The agency's holds by referral id (a new map at each change). */
  holds = (): ReadonlyMap<number, PresenceHold> => this.holdMap;

  /** The viewers of the rows watched, by referral id (rows nobody views are absent). */
  rowViewers = (): ReadonlyMap<number, readonly PresenceViewer[]> => this.rowMap;

  /** The presence of the referral the panel shows (null: none, or not yet answered). */
  presence = (): ReferralPresence | null => this.current;

  /** Watches the agency's holds while the returned stop is not called. */
  watchHolds(): () => void {
    this.watchers += 1;
    if (this.watchers === 1 && this.connected) this.send({ kind: 'watchHolds' });
    return () => {
      this.watchers -= 1;
    };
  }

  /**
   * The referrals the list shows as rows ([]: none); replaces the set named before, whose rows
   * no longer shown are forgotten at once.
   */
  watchRows(referralIds: readonly number[]): void {
    const same =
      referralIds.length === this.rows.length && referralIds.every((id, i) => this.rows[i] === id);
    if (same) return;
    this.rows = [...referralIds];
    const kept = new Set(referralIds);
    this.rowMap = new Map([...this.rowMap].filter(([id]) => kept.has(id)));
    this.notify();
    if (this.connected) this.send({ kind: 'watchRows', referralIds: this.rows });
  }

  /** The referral the panel shows (null: it closed). */
  view(referralId: number | null): void {
    if (referralId === this.viewing) return;
    this.viewing = referralId;
    this.current = null;
    this.notify();
    if (this.connected) this.send({ kind: 'view', referralId });
  }

  /** Takes a hold the relay answered (the holder's own screen need not wait for the echo). */
  takeHold(referralId: number, hold: PresenceHold | null): void {
    this.onMessage({ kind: 'hold', referralId, hold });
  }

  private announce(): void {
    if (!this.connected) return;
    if (this.watchers > 0) this.send({ kind: 'watchHolds' });
    if (this.viewing !== null) this.send({ kind: 'view', referralId: this.viewing });
    if (this.rows.length > 0) this.send({ kind: 'watchRows', referralIds: this.rows });
  }

  private send(request: PresenceRequest): void {
    this.socket.emit('presence', request, (a) => {
      if (!a.ok) return log.info(`presence refused: ${a.error}`);
      if (a.kind === 'holds') {
        this.holdMap = new Map(a.holds.map((h) => [h.referralId, h]));
      } else if (a.kind === 'rows') {
        this.takeRows(a.rows);
      } else if (a.presence === null || a.presence.referralId === this.viewing) {
        this.current = a.presence;
      }
      this.notify();
    });
  }

  private onMessage(m: PresenceMessage): void {
    switch (m.kind) {
      case 'viewers':
        if (this.rows.includes(m.referralId)) this.takeRows([m]);
        if (this.current?.referralId === m.referralId)
          this.current = { ...this.current, viewers: m.viewers };
        break;
      case 'hold': {
        const next = new Map(this.holdMap);
        if (m.hold) next.set(m.referralId, m.hold);
        else next.delete(m.referralId);
        this.holdMap = next;
        if (this.current?.referralId === m.referralId)
          this.current = { ...this.current, hold: m.hold };
        break;
      }
    }
    this.notify();
  }

  /** Takes the viewers of rows still watched (an answer may come after the rows moved on). */
  private takeRows(rows: readonly RowViewers[]) {
    const next = new Map(this.rowMap);
    for (const r of rows) {
      if (!this.rows.includes(r.referralId)) continue;
      if (r.viewers.length > 0) next.set(r.referralId, r.viewers);
      else next.delete(r.referralId);
    }
    this.rowMap = next;
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }
}
