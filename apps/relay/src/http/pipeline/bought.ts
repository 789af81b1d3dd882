/**
 * The lookups the pipeline routes share: the bought referral a request names, checked against the
 * caller's agency; a referral's pipeline with its return; when its agency acquired it.
 * Invariant: a referral's pipeline and return are reached only through `boughtFor`, so only the
 * buying agency's users (and admins) read or change them; anyone else gets 403, and a referral
 * no agency bought is a 404.
 */
import { isBoughtByAgency, type Opportunity } from '@referrals/shared';
import { claimTimeOf, referralTarget } from '../../db/auditLog.js';
import { pipelinesOf } from '../../db/pipeline.js';
import { fail, idParam, principalOf, type ApiRequest, type ApiResponse } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import type { PipelineDeps } from './deps.js';

/** The bought referral a request names and its agency, or the answer that refuses the request. */
export type Bought =
  { ok: true; referral: Opportunity; agency: string } | { ok: false; answer: ApiResponse };

/** The bought referral a request names, if the caller's agency bought it (or an admin asks). */
export async function boughtFor(
  d: Pick<GatewayDeps, 'readModel' | 'profiles'>,
  req: ApiRequest,
): Promise<Bought> {
  const principal = principalOf(req);
  const id = idParam(req);
  const [referral] = id === undefined ? [] : await d.readModel.referralsById([id]);
  if (!referral) return { ok: false, answer: fail(404, 'referral not found') };
  const agency = referral.assignedAgency;
  // Bought by the agency it names (null: no agency is named).
  if (agency === null || !isBoughtByAgency(referral, agency)) {
    return { ok: false, answer: fail(404, 'this referral has not been bought') };
  }
  if (!principal.access.isAdmin) {
    const profile = await d.profiles.resolve(principal);
    if (!isBoughtByAgency(referral, profile.agencyName)) {
      return { ok: false, answer: fail(403, 'this referral belongs to another agency') };
    }
  }
  return { ok: true, referral, agency };
}

/** The pipelines of bought referrals, each with its return (or null). */
export async function withReturns(
  p: Pick<PipelineDeps, 'pipeline' | 'returns'>,
  referrals: readonly Opportunity[],
) {
  const pipelines = await pipelinesOf(p.pipeline, referrals);
  const returns = await p.returns.ofReferrals(referrals.map((o) => o.opportunityId));
  return pipelines.map((pl) => ({ ...pl, return: returns.get(pl.referralId) ?? null }));
}

/** When the agency acquired it, where its return window starts: its claim time (`claimTimeOf`). */
export const acquiredAt = async (
  p: Pick<PipelineDeps, 'audit'>,
  referral: Opportunity,
): Promise<Date> => claimTimeOf(referral, await p.audit.claimedAt(referral.opportunityId));

/** The audit target of a route whose path names a referral by `:id`. */
export const referralOfPath = (req: ApiRequest): string => referralTarget(req.params.id ?? '');
