import { isBought, MarketplaceStatus } from '../domain/opportunity.js';
import type { Opportunity } from '../schemas/opportunity.js';

/** Statuses an Available referral lapses into when nobody claims it in time. */
const LAPSED: ReadonlySet<string> = new Set([
  MarketplaceStatus.Ineligible,
  MarketplaceStatus.Undefined,
]);

const parse = (iso: string | null): number => (iso === null ? Number.NaN : Date.parse(iso));

/**
 * When a referral was bought (an ISO date), or null when it was not. The opportunity service keeps no claim
 * date: it stamps `lastModDate` at every status change, so for Claimed and Assigned referrals it
 * is the time of the claim (or of the routing). A Settled referral's `lastModDate` is when it
 * closed, which comes after its claim: it is counted then, a later hour than the claim itself.
 */
export const boughtDate = (o: Opportunity): string | null =>
  isBought(o.marketplaceStatus) ? o.lastModDate : null;

/**
 * When a referral expired (an ISO date), or null when it did not: an Ineligible or Undefined referral that had a
 * claim window (`marketplaceExpirationDate`) lapsed at its end. Incoming referrals, which are
 * routed rather than claimed, have no window, so routing one to Ineligible is not an expiry.
 */
export const expiryDate = (o: Opportunity): string | null =>
  LAPSED.has(o.marketplaceStatus) ? o.marketplaceExpirationDate : null;

/** True when a referral can be claimed at `nowMs`: Available and its window still open. */
export const isOpenAt = (o: Opportunity, nowMs: number): boolean => {
  if (o.marketplaceStatus !== MarketplaceStatus.Available) return false;
  const expiry = parse(o.marketplaceExpirationDate);
  return Number.isNaN(expiry) || expiry > nowMs;
};
