/**
 * The window of referrals the upstream serves (addDate within the last 30 days, from midnight UTC)
 * and the two orders the sync reads it in. Invariant: every read of a cycle uses the same window,
 * computed once from the cycle's clock, so a chunk and the change read agree on which referrals
 * are in it.
 */

/** Referrals are read back this many days (agent-console: the widest date filter). */
export const REFERRAL_WINDOW_DAYS = 30;

/** Newest change first: the change read's order. */
export const BY_CHANGE = ['lastModDate,desc', 'opportunityId,desc'] as const;

/** Newest referral first: the reconciliation's and the first load's order (see Place). */
export const BY_ADDED = ['addDate,desc', 'opportunityId,desc'] as const;

/** MM/DD/YYYY of a date, in UTC. */
export function upstreamDate(d: Date): string {
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

/** The window of a cycle: its start as the upstream's filter and as epoch ms. */
export interface ReferralWindow {
  readonly startDate: string;
  readonly startMs: number;
}

/** The start of the window the upstream serves for `now`: midnight UTC, 30 days back. */
export function windowOf(now: Date): ReferralWindow {
  const d = new Date(now.getTime() - REFERRAL_WINDOW_DAYS * 86_400_000);
  return {
    startDate: upstreamDate(d),
    startMs: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
  };
}
