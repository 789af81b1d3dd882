import { MarketplaceStatus } from '../domain/opportunity.js';
import type { Opportunity } from '../schemas/opportunity.js';

/**
 * "Expiring first", the admin referral list's default order under the expiration flag: the lead
 * is the referrals that can still be claimed before their window closes, soonest expiry first;
 * every other referral follows in the list's sort. The relay's indexes, the reference query and
 * the web's live placement all read the lead and its order from here.
 */

type Leading = Partial<Pick<Opportunity, 'marketplaceStatus' | 'marketplaceExpirationDate'>>;

/**
 * Whether a referral leads a list by expiration first at `nowMs`: Available, and its claim
 * window, which closes at its marketplaceExpirationDate, still open. One whose date has passed
 * follows with the rest although the upstream may not have moved it out of Available yet (it does
 * so on its next tick, and the relay sees it a poll later): a closed window is no longer the first
 * thing to act on. An Available referral without a readable expiry has no window to close, and
 * follows with the rest too.
 */
export function claimWindowOpen(o: Leading, nowMs: number): boolean {
  if (o.marketplaceStatus !== MarketplaceStatus.Available) return false;
  const closes = Date.parse(o.marketplaceExpirationDate ?? '');
  return Number.isFinite(closes) && closes > nowMs;
}

/**
 * The order of the lead: soonest expiry first (no expiry last), `then` breaking ties. It does not
 * read the clock, so the relay can keep a tree in it and read the lead from it by the clock.
 */
export function soonestExpiryThen<T>(
  recordOf: (t: T) => Leading,
  then: (a: T, b: T) => number,
): (a: T, b: T) => number {
  return (a, b) => {
    const ea = recordOf(a).marketplaceExpirationDate ?? null;
    const eb = recordOf(b).marketplaceExpirationDate ?? null;
    if (ea !== eb) {
      if (ea === null) return 1;
      if (eb === null) return -1;
      const c = ea.localeCompare(eb);
      if (c !== 0) return c;
    }
    return then(a, b);
  };
}

/** The whole order by expiration first at `nowMs`: the lead (see `claimWindowOpen`), then `rest`. */
export function expiringFirst<T>(
  recordOf: (t: T) => Leading,
  rest: (a: T, b: T) => number,
  nowMs: number,
): (a: T, b: T) => number {
  const lead = soonestExpiryThen(recordOf, rest);
  return (a, b) => {
    const la = claimWindowOpen(recordOf(a), nowMs);
    const lb = claimWindowOpen(recordOf(b), nowMs);
    if (la !== lb) return la ? -1 : 1;
    return la ? lead(a, b) : rest(a, b);
  };
}
