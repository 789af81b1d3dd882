/**
 * Presence of a single relay (no Redis): maps with expiry times, notices told in process.
 * Invariant: the same answers as redisPresence.ts for one instance (one contract suite).
 */
import { VIEW_TTL_MS, type PresenceHold, type PresenceViewer } from '@referrals/shared';
import {
  uniqueViewers,
  type PresenceNotice,
  type PresenceStore,
  type ViewerEntry,
} from './store.js';

const key = (agencyId: number, referralId: number) => `${agencyId}:${referralId}`;

/** Presence held in this process. */
export function memoryPresence(): PresenceStore {
  /** Per agency and referral: socket id → entry and its expiry. */
  const views = new Map<string, Map<string, { entry: ViewerEntry; expires: number }>>();
  const holds = new Map<string, { agencyId: number; hold: PresenceHold }>();
  const listeners = new Set<(n: PresenceNotice) => void>();
  const standing = (k: string, now: number) => {
    const h = holds.get(k);
    if (h && Date.parse(h.hold.until) <= now) holds.delete(k);
    return holds.get(k)?.hold ?? null;
  };
  return {
    view(agencyId, referralId, viewer, now) {
      const k = key(agencyId, referralId);
      const room = views.get(k) ?? new Map<string, { entry: ViewerEntry; expires: number }>();
      room.set(viewer.socketId, { entry: viewer, expires: now + VIEW_TTL_MS });
      views.set(k, room);
      return Promise.resolve();
    },
    leave(agencyId, referralId, viewer) {
      const k = key(agencyId, referralId);
      const room = views.get(k);
      room?.delete(viewer.socketId);
      if (room?.size === 0) views.delete(k);
      return Promise.resolve();
    },
    viewers(agencyId, referralId, now) {
      const k = key(agencyId, referralId);
      const room = views.get(k);
      let pruned = false;
      for (const [id, v] of room ?? []) {
        if (v.expires > now) continue;
        room?.delete(id);
        pruned = true;
      }
      if (room?.size === 0) views.delete(k);
      const entries = [...(room?.values() ?? [])].map((v) => v.entry);
      return Promise.resolve({ viewers: uniqueViewers(entries), pruned });
    },
    viewersOf(agencyId, referralIds, now) {
      const out = new Map<number, PresenceViewer[]>();
      for (const id of referralIds) {
        const live = [...(views.get(key(agencyId, id))?.values() ?? [])].filter(
          (v) => v.expires > now,
        );
        if (live.length > 0) out.set(id, uniqueViewers(live.map((v) => v.entry)));
      }
      return Promise.resolve(out);
    },
    hold(agencyId, hold) {
      const k = key(agencyId, hold.referralId);
      const current = standing(k, Date.parse(hold.since));
      if (current && current.username !== hold.username)
        return Promise.resolve({ ok: false, current });
      holds.set(k, { agencyId, hold });
      return Promise.resolve({ ok: true, hold, renewed: current !== null });
    },
    release(agencyId, referralId, username) {
      const k = key(agencyId, referralId);
      const current = standing(k, Date.now());
      if (!current || current.username !== username) return Promise.resolve({ ok: false, current });
      holds.delete(k);
      return Promise.resolve({ ok: true, released: current });
    },
    holdOf: (agencyId, referralId, now) =>
      Promise.resolve(standing(key(agencyId, referralId), now)),
    holds(agencyId, now) {
      const out: PresenceHold[] = [];
      for (const [k, h] of [...holds]) {
        if (h.agencyId !== agencyId) continue;
        const s = standing(k, now);
        if (s) out.push(s);
      }
      return Promise.resolve(out);
    },
    publish(notice) {
      for (const l of [...listeners]) l(notice);
      return Promise.resolve();
    },
    onNotice(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      return Promise.resolve();
    },
  };
}
