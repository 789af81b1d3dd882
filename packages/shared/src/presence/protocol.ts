/**
 * Team presence: who of an agency has a referral open ("Ana is viewing") and who holds it for a
 * call ("Ana is calling", a soft hold of HOLD_TTL_MS, one per referral per agency).
 *
 * Why these shapes: the server decides the agency from the verified principal, so no message
 * names an agency; a client only ever hears its own agency's presence. Viewing presence goes to
 * the sockets that have the referral open or show it as a row (a room each per agency and
 * referral), holds (rare) to the agency's sockets that watch holds, so a change costs
 * O(viewers + rows showing it), never O(agency).
 */

/** How long a soft hold lasts: set by a button, gone by itself after two minutes. */
export const HOLD_TTL_MS = 120_000;
/** How long a viewer counts without a refresh (a relay that died leaves nobody for longer). */
export const VIEW_TTL_MS = 45_000;
/** How often a relay refreshes the presence of its viewing sockets (well within VIEW_TTL_MS). */
export const VIEW_REFRESH_MS = 15_000;
/** The most rows one socket watches the viewers of: a list page's largest size. */
export const ROW_WATCH_MAX = 100;

/** One teammate who has a referral open. */
export interface PresenceViewer {
  readonly username: string;
  /** The name teammates see ("Ana Producer"); the username when the profile has none. */
  readonly name: string;
}

/** A soft hold: a teammate is calling the prospect; others are asked before they claim. */
export interface PresenceHold {
  readonly referralId: number;
  readonly username: string;
  readonly name: string;
  /** ISO time it was set and the time it lapses (set + HOLD_TTL_MS). */
  readonly since: string;
  readonly until: string;
}

/** A referral's presence within the caller's agency. */
export interface ReferralPresence {
  readonly referralId: number;
  readonly viewers: readonly PresenceViewer[];
  readonly hold: PresenceHold | null;
}

/** What a client asks of presence over the socket (a discriminated union on `kind`). */
export type PresenceRequest =
  /** Joins the agency's holds: answered every hold now, then each change as it happens. */
  | { readonly kind: 'watchHolds' }
  /** The referral this socket has open (null: none); answered its presence, then its changes. */
  | { readonly kind: 'view'; readonly referralId: number | null }
  /**
   * The referrals this socket shows as rows (replacing the set it named before; [] for none):
   * answered their viewers now, then each change of them.
   */
  | { readonly kind: 'watchRows'; readonly referralIds: readonly number[] };

/** The viewers of one row's referral (rows nobody views are left out of an answer). */
export interface RowViewers {
  readonly referralId: number;
  readonly viewers: readonly PresenceViewer[];
}

/** The answer to a presence request. */
export type PresenceAnswer =
  | { readonly kind: 'holds'; readonly holds: readonly PresenceHold[] }
  | { readonly kind: 'presence'; readonly presence: ReferralPresence | null }
  | { readonly kind: 'rows'; readonly rows: readonly RowViewers[] };

/**
 * What the server pushes: a referral's viewers (to its viewers and to the sockets showing its
 * row), or a hold set or lapsed.
 */
export type PresenceMessage =
  | {
      readonly kind: 'viewers';
      readonly referralId: number;
      readonly viewers: readonly PresenceViewer[];
    }
  | { readonly kind: 'hold'; readonly referralId: number; readonly hold: PresenceHold | null };

/** A first name for the short texts ("Ana is viewing"). */
const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

/** "Ana is viewing", "Ana and Bo are viewing", "Ana and 2 others are viewing"; '' for nobody. */
export function viewingText(viewers: readonly PresenceViewer[], me: string | null): string {
  const others = viewers.filter((v) => v.username !== me).map((v) => firstName(v.name));
  if (others.length === 0) return '';
  if (others.length === 1) return `${others[0]} is viewing`;
  if (others.length === 2) return `${others[0]} and ${others[1]} are viewing`;
  return `${others[0]} and ${others.length - 1} others are viewing`;
}

/** "Ana is calling" (or "You are calling" for one's own hold). */
export const holdText = (hold: PresenceHold, me: string | null): string =>
  hold.username === me ? 'You are calling' : `${firstName(hold.name)} is calling`;

/** The question before claiming a referral a teammate holds. */
export const holdConfirmText = (hold: PresenceHold): string =>
  `${hold.name} is calling this referral. Claim anyway?`;

/** Whether a hold still stands at `now` (a client drops one whose time has passed). */
export const holdStands = (hold: PresenceHold | null, now: Date): hold is PresenceHold =>
  hold !== null && Date.parse(hold.until) > now.getTime();
