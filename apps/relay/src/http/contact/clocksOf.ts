/**
 * The contact clocks of bought referrals: from each claim (the audit log's rule, `claimTimeOf`,
 * which the return window shares) to the first entry of its timeline after.
 * Invariant: a clock is made only for a referral the caller's caller has checked is its agency's.
 */
import {
  firstContactOf,
  type ContactClock,
  type Opportunity,
  type Pipeline,
} from '@referrals/shared';
import { claimTimeOf, type Claim } from '../../db/auditLog.js';
import { pipelinesOf } from '../../db/pipeline.js';
import type { ClockDeps } from './deps.js';

/** A referral's clock from its claim and its pipeline (undefined: nobody has worked it). */
export function clockOf(
  o: Opportunity,
  claim: Claim | undefined,
  pipeline: Pipeline | undefined,
): ContactClock {
  const claimedAt = claimTimeOf(o, claim?.at).toISOString();
  const first = pipeline ? firstContactOf(pipeline, claimedAt) : null;
  return {
    referralId: o.opportunityId,
    claimedAt,
    // Nobody known when the claim was not made through the relay.
    claimedBy: claim?.by ?? null,
    contactedAt: first?.at ?? null,
    contactedBy: first?.by ?? null,
  };
}

/** Some referrals' clocks and pipelines, in their order: one read of claims, one of pipelines. */
export async function readClocks(
  s: Pick<ClockDeps, 'claims' | 'pipeline'>,
  referrals: readonly Opportunity[],
): Promise<{ clock: ContactClock; pipeline: Pipeline | undefined }[]> {
  const [claims, pipelines] = await Promise.all([
    s.claims.claimsOf(referrals.map((o) => o.opportunityId)),
    pipelinesOf(s.pipeline, referrals),
  ]);
  return referrals.map((o, i) => ({
    clock: clockOf(o, claims.get(o.opportunityId), pipelines[i]),
    pipeline: pipelines[i],
  }));
}
