/**
 * Where team presence lives: who of an agency views which referral, and the agency's soft holds.
 * Redis for a cluster (redisPresence.ts), this process for a single instance (memoryPresence.ts),
 * chosen once with the backend. Both pass one contract suite (presenceStore.contract.testkit.ts).
 *
 * Why ephemeral: presence and holds are worth minutes; they live with TTLs, never in the
 * database, and a relay that dies leaves nothing for longer than VIEW_TTL_MS / HOLD_TTL_MS.
 */
import { HOLD_TTL_MS, type PresenceHold, type PresenceViewer } from '@referrals/shared';

/** One socket viewing a referral: a user's tabs are entries of their own, shown once. */
export interface ViewerEntry extends PresenceViewer {
  readonly socketId: string;
}

/**
 * A change of presence, told to every relay (Redis pub/sub, or in process): each reads the new
 * state and sends it to its own sockets of the room, if it has any. It names no state, so a
 * notice that overtakes another never leaves a stale list on screen.
 */
export type PresenceNotice =
  | { readonly kind: 'viewers'; readonly agencyId: number; readonly referralId: number }
  | { readonly kind: 'hold'; readonly agencyId: number; readonly referralId: number };

/** A hold asked for: set (or renewed by its holder), or refused as another user holds it. */
export type HoldOutcome =
  | { readonly ok: true; readonly hold: PresenceHold; readonly renewed: boolean }
  | { readonly ok: false; readonly current: PresenceHold };

/** A release asked for: done, or refused (nobody holds it, or someone else does). */
export type ReleaseOutcome =
  | { readonly ok: true; readonly released: PresenceHold }
  | { readonly ok: false; readonly current: PresenceHold | null };

/**
 * The presence store. Every method is scoped by agency: no call reads or writes across agencies.
 * Times are epoch ms passed in (the callers' clock), so tests step time without waiting.
 * A store that cannot be reached rejects with CoordinationUnavailableError (REST answers 503).
 */
export interface PresenceStore {
  /** Marks the socket viewing the referral until now + VIEW_TTL_MS; calling again refreshes it. */
  view(agencyId: number, referralId: number, viewer: ViewerEntry, now: number): Promise<void>;
  /** The socket no longer views the referral (nothing when it did not). */
  leave(agencyId: number, referralId: number, viewer: ViewerEntry): Promise<void>;
  /**
   * The referral's viewers at `now`, one per user (in no promised order); entries past their
   * expiry are dropped, and `pruned` says whether any were (a change nobody announced).
   */
  viewers(
    agencyId: number,
    referralId: number,
    now: number,
  ): Promise<{ viewers: PresenceViewer[]; pruned: boolean }>;
  /**
   * The viewers of several referrals at `now` (a list's rows), those with any, one per user, in
   * one round trip. It only reads: entries past their expiry are left out, and left for
   * `viewers` to prune and announce.
   */
  viewersOf(
    agencyId: number,
    referralIds: readonly number[],
    now: number,
  ): Promise<Map<number, PresenceViewer[]>>;
  /**
   * Sets the agency's hold of the referral for HOLD_TTL_MS, atomically: refused when another
   * user holds it; its holder's second hold renews it.
   */
  hold(agencyId: number, hold: PresenceHold): Promise<HoldOutcome>;
  /** Ends a hold, only the holder's own (atomic check and delete). */
  release(agencyId: number, referralId: number, username: string): Promise<ReleaseOutcome>;
  /** The agency's hold of the referral, if one stands at `now`. */
  holdOf(agencyId: number, referralId: number, now: number): Promise<PresenceHold | null>;
  /** Every hold of the agency standing at `now`. */
  holds(agencyId: number, now: number): Promise<PresenceHold[]>;
  /** Tells every relay (this one included) of a change. */
  publish(notice: PresenceNotice): Promise<void>;
  /** Hears every relay's notices; returns the stop. */
  onNotice(listener: (notice: PresenceNotice) => void): () => void;
  /** Stops hearing notices and drops what the store opened. */
  close(): Promise<void>;
}

/** The viewers of a referral, one per user, from its entries in their order. */
export function uniqueViewers(entries: Iterable<ViewerEntry>): PresenceViewer[] {
  const byUser = new Map<string, PresenceViewer>();
  for (const e of entries) {
    if (!byUser.has(e.username)) byUser.set(e.username, { username: e.username, name: e.name });
  }
  return [...byUser.values()];
}

/** Parses a notice heard on the channel; null for anything else (never throws). */
export function parseNotice(text: string): PresenceNotice | null {
  try {
    const n = JSON.parse(text) as Partial<PresenceNotice>;
    if (
      (n.kind === 'viewers' || n.kind === 'hold') &&
      Number.isSafeInteger(n.agencyId) &&
      Number.isSafeInteger(n.referralId)
    ) {
      return { kind: n.kind, agencyId: n.agencyId!, referralId: n.referralId! };
    }
  } catch {
    // not a notice of ours
  }
  return null;
}

/** When a hold set at `since` (epoch ms) lapses, as the hold's ISO `until`. */
export const holdUntil = (since: number): string => new Date(since + HOLD_TTL_MS).toISOString();
