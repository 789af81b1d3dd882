import { LineCategory, OpportunityType, type Opportunity } from '@referrals/shared';
import { DECAY, DECAYED } from './catalog.js';
import type { Rng } from './prng.js';

const BASE_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  [LineCategory.COMMERCIAL]: [35, 95],
  [LineCategory.PERSONAL]: [15, 45],
  [LineCategory.LIFE_ANNUITIES]: [25, 70],
};

/** The original (undiscounted) price of a referral, whole dollars. */
export function originalPrice(rng: Rng, category: string | null, type: string): number {
  // The spec's list button reads 'Talk now - $30'; direct calls cluster around that figure.
  if (category === null) return rng.pick([30, 30, 30, 35, 40, 45]);
  const [min, max] = BASE_RANGE[category] ?? [20, 60];
  const base = rng.int(min, max);
  return type === OpportunityType.PCR ? Math.round(base * 1.5) : base;
}

/** The decayed price after `ageMs` on the market; without decay the original price stands. */
export function decayedPrice(original: number, decays: boolean, ageMs: number): number {
  if (!decays) return original;
  const steps = Math.max(0, Math.floor(ageMs / DECAY.stepMs));
  const floor = Math.round(original * DECAY.floorShare);
  return Math.max(floor, Math.round(original * (1 - DECAY.stepShare * steps)));
}

/** Price steps until the floor: no step after this one changes the price. */
const LAST_STEP = Math.round((1 - DECAY.floorShare) / DECAY.stepShare);

/**
 * When the decaying price of a referral added at `addMs` last changed as of `nowMs`: the instant of
 * its latest step, the floor's step at most (addMs before the first step).
 */
export function decayStepAt(addMs: number, nowMs: number): number {
  const steps = Math.min(LAST_STEP, Math.max(0, Math.floor((nowMs - addMs) / DECAY.stepMs)));
  return addMs + steps * DECAY.stepMs;
}

/**
 * Sets dynamicPrice of a decaying referral for its age and keeps decayStatus in step: it is set exactly when
 * discountPrice > dynamicPrice, the spec's definition of price decay.
 */
export function applyDecay(referral: Opportunity, decays: boolean, nowMs: number): void {
  const original = referral.discountPrice;
  // A flat-priced referral keeps whatever price it was given.
  if (original === null || !decays) return;
  const age = nowMs - Date.parse(referral.addDate);
  referral.dynamicPrice = decayedPrice(original, decays, age);
  referral.decayStatus = referral.dynamicPrice < original ? DECAYED : null;
}
