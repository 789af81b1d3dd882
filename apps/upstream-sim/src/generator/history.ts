import { MarketplaceStatus, OpportunityType } from '@referrals/shared';
import { MEAN_CLAIM_MS, MEAN_SETTLE_MS } from './catalog.js';
import type { Lifecycle } from './lifecycle.js';
import { applyDecay } from './pricing.js';
import type { Rng } from './prng.js';
import { draftReferral } from './referral.js';

/** The history covers the widest date filter of the spec (Last 30 Days). */
export const HISTORY_MS = 30 * 86_400_000;

/** An exponentially distributed delay with the given mean. */
export const exponential = (rng: Rng, meanMs: number): number => -Math.log(1 - rng.next()) * meanMs;

/**
 * Ages skewed toward now (age = window x u^3): about a tenth of the referrals fall in the last
 * hour, a third in the last day, so every date filter (24 h to 30 days) shows a different count
 * and the claim market has live Available referrals at start.
 */
function addDates(rng: Rng, count: number, nowMs: number): number[] {
  const dates: number[] = [];
  for (let i = 0; i < count; i++)
    dates.push(nowMs - 1_000 - Math.floor((HISTORY_MS - 1_000) * rng.next() ** 3));
  return dates.sort((a, b) => a - b);
}

/**
 * Generates `count` referrals over the last 30 days and plays each one's life forward to `nowMs`
 * with the same transitions the live market uses: claims and settlements at drawn instants,
 * expiry at the end of the claim window, routing of Incoming ones.
 */
export function generateHistory(life: Lifecycle, rng: Rng, count: number, nowMs: number): void {
  const store = life.state.referrals;
  for (const addMs of addDates(rng, count, nowMs)) {
    const draft = draftReferral(rng, store.nextId(), addMs);
    const referral = life.arrive(draft, addMs);
    const id = referral.opportunityId;
    if (referral.marketplaceStatus === MarketplaceStatus.Incoming) {
      const routeAt = store.meta(id)?.routeAtMs ?? addMs;
      if (routeAt > nowMs) continue;
      life.route(id, routeAt);
      // Some assigned consumer-choice referrals have been closed since.
      const settleAt = routeAt + exponential(rng, MEAN_SETTLE_MS * 4);
      if (
        referral.opportunityType === OpportunityType.CCR &&
        settleAt <= nowMs &&
        rng.chance(0.3)
      ) {
        life.settle(id, settleAt);
      }
      continue;
    }
    const expiry = Date.parse(referral.marketplaceExpirationDate ?? new Date(addMs).toISOString());
    const claimAt = addMs + exponential(rng, MEAN_CLAIM_MS);
    if (
      claimAt < expiry &&
      claimAt <= nowMs &&
      life.claimBySomeone(id, claimAt, new Set())?.kind === 'claimed'
    ) {
      const settleAt = claimAt + exponential(rng, MEAN_SETTLE_MS);
      if (settleAt <= nowMs) life.settle(id, settleAt);
      continue;
    }
    if (expiry > nowMs) {
      applyDecay(referral, draft.decays, nowMs);
      continue;
    }
    applyDecay(referral, draft.decays, expiry);
    // An admin sometimes holds an expired referral for review instead of letting it lapse.
    if (rng.chance(0.04)) store.setStatus(id, MarketplaceStatus.OnHold, expiry);
    else life.expire(id, expiry);
  }
}
