/**
 * `POST /api/referrals/:id/claim`: an agent buys an available referral.
 * Invariant: a claim is sent upstream at most once per request, and only for a referral the read
 * model holds as available; the answer is the record as the read model then holds it.
 */
import { API, MarketplaceStatus, opportunitySchema, type Opportunity } from '@referrals/shared';
import { referralTarget } from '../../db/auditLog.js';
import { commitAndSee } from '../commitAndSee.js';
import { fail, idParam, ok, principalOf, upstreamFailure, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';

/** What the audit log keeps of a referral around a claim: its state, price and buyer. */
function claimFacts(o: Opportunity) {
  return {
    opportunityId: o.opportunityId,
    marketplaceStatus: o.marketplaceStatus,
    dynamicPrice: o.dynamicPrice,
    discountPrice: o.discountPrice,
    soldPrice: o.soldPrice,
    assignedAgency: o.assignedAgency,
    assignedAgent: o.assignedAgent,
  };
}

export function claimRoute(d: GatewayDeps): Route {
  const { readModel } = d;
  return {
    ...API.claim,
    guard: 'signedIn',
    write: true,
    // Who claimed which referral at what price: never the prospect's contact details.
    audit: {
      action: 'referral.claim',
      target: (req) => referralTarget(req.params.id ?? ''),
      before: async (req) => {
        const id = idParam(req);
        const [o] = id === undefined ? [] : await readModel.referralsById([id]);
        return o ? claimFacts(o) : null;
      },
      after: (body) => claimFacts(body as Opportunity),
    },
    handler: async (req) => {
      const p = principalOf(req);
      if (!p.access.canClaim) return fail(403, 'carriers and admins do not claim referrals');
      const id = idParam(req);
      const [current] = id === undefined ? [] : await readModel.referralsById([id]);
      if (id === undefined || !current) return fail(404, 'referral not found');
      if (current.marketplaceStatus !== MarketplaceStatus.Available) {
        return fail(409, 'This referral is no longer available.');
      }
      let claimed: Opportunity;
      try {
        claimed = await d.upstream.claim(id, p.username);
      } catch (err) {
        const answer = upstreamFailure(err, 'claim');
        if (answer.status !== 409) return answer;
        // The upstream knows a winner the read model has not heard of: hear it now, so every
        // open screen, the loser's first, stops offering the claim.
        void d.pollNow();
        return fail(409, 'This referral is no longer available.');
      }
      // Shown to everyone at once; the poll that follows confirms it with nothing new to send.
      const record = opportunitySchema.validateSync(claimed, { stripUnknown: true });
      await commitAndSee(d, 'referrals', record, (r) => r.opportunityId);
      void d.pollNow();
      return ok(record);
    },
  };
}
