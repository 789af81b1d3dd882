/**
 * `GET /api/marketplaces/:id`: one marketplace as the upstream holds it now, with its version.
 * Invariant: with the upstream away, the read model's copy is answered instead; a save based on
 * it is checked against the upstream's version anyway.
 */
import { API } from '@referrals/shared';
import { fail, idParam, isUpstreamOutage, ok, upstreamFailure, type Route } from '../api.js';
import { withVersion, type MarketplaceContext } from './context.js';

export function marketplaceRoute({ d }: MarketplaceContext): Route {
  return {
    ...API.marketplace,
    guard: 'admin',
    handler: async (req) => {
      const id = idParam(req);
      if (id === undefined) return fail(404, 'marketplace not found');
      try {
        return ok(withVersion(await d.upstream.marketplace(id)));
      } catch (err) {
        const kept = d.readModel.marketplaces.get(id);
        if (kept && isUpstreamOutage(err)) return ok(withVersion(kept));
        return upstreamFailure(err, `marketplace ${id}`);
      }
    },
  };
}
