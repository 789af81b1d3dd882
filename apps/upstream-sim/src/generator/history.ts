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
function addDates(rng: Rng, count: number, nowMs: number): Float64Array {
  const dates = new Float64Array(count);
  for (let i = 0; i < count; i++)
    dates[i] = nowMs - 1_000 - Math.floor((HISTORY_MS - 1_000) * rng.next() ** 3);
  // A typed array sorts numerically without a comparator: ~10x faster than an array at 1,000,000.
  return dates.sort();
}

/** History claims may go to any agency, demo ones included. */
const NO_AGENCIES: ReadonlySet<number> = new Set();

/** Referrals generated between two yields of `historySteps`. */
export const HISTORY_CHUNK = 5_000;

/**
 * Generates `count` referrals over the last 30 days and plays each one's life forward to `nowMs`
 * with the same transitions the live market uses: claims and settlements at drawn instants,
 * expiry at the end of the claim window, routing of Incoming ones.
 */
export function generateHistory(life: Lifecycle, rng: Rng, count: number, nowMs: number): void {
  // Drained in one go: the synchronous form, for tests and small markets.
  const steps = historySteps(life, rng, count, nowMs);
  while (steps.next().done !== true);
}

/**
 * The history generation as steps: yields how many referrals are done after every `chunk`, so a
 * caller can give the event loop a turn between chunks. Draws are the same however it is driven:
 * the same seed gives the same market.
 */
export function* historySteps(
  life: Lifecycle,
  rng: Rng,
  count: number,
  nowMs: number,
  chunk = HISTORY_CHUNK,
): Generator<number, void, void> {
  const store = life.state.referrals;
  const dates = addDates(rng, count, nowMs);
  for (let i = 0; i < dates.length; i++) {
    if (i > 0 && i % chunk === 0) yield i;
    const addMs = dates[i] as number;
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
      life.claimBySomeone(id, claimAt, NO_AGENCIES)?.kind === 'claimed'
    ) {
      const settleAt = claimAt + exponential(rng, MEAN_SETTLE_MS);
      if (settleAt <= nowMs) life.settle(id, settleAt);
      continue;
    }
    if (expiry > nowMs) {
      // Still on the market: priced for now, lastModDate at its latest price step.
      store.reprice(id, nowMs);
      continue;
    }
    applyDecay(referral, draft.decays, expiry);
    // An admin sometimes holds an expired referral for review instead of letting it lapse.
    if (rng.chance(0.04)) store.setStatus(id, MarketplaceStatus.OnHold, expiry);
    else life.expire(id, expiry);
  }
}
