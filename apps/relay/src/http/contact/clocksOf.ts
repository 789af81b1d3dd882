/**
 * The contact clocks of bought referrals: from each claim (the relay's record of it, else the
 * upstream's last change, as the return window counts) to the first entry of its timeline after.
 * Invariant: a clock is made only for a referral the caller's caller has checked is its agency's.
 */
import {
  firstContactOf,
  type ContactClock,
  type Opportunity,
  type Pipeline,
} from '@referrals/shared';
import type { Claim } from '../../db/contactTarget.js';

/** When a referral was acquired, and by whom: its claim through the relay, else the upstream's. */
export const claimOf = (o: Opportunity, claim: Claim | undefined): Claim | { at: Date; by: null } =>
  claim ?? { at: new Date(o.lastModDate ?? o.addDate), by: null };

/** A referral's clock from its claim and its pipeline (undefined: nobody has worked it). */
export function clockOf(
  o: Opportunity,
  claim: Claim | undefined,
  pipeline: Pipeline | undefined,
): ContactClock {
  const start = claimOf(o, claim);
  const claimedAt = start.at.toISOString();
  const first = pipeline ? firstContactOf(pipeline, claimedAt) : null;
  return {
    referralId: o.opportunityId,
    claimedAt,
    claimedBy: start.by,
    contactedAt: first?.at ?? null,
    contactedBy: first?.by ?? null,
  };
}
