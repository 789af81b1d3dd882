/**
 * `POST /api/marketplaces`: creates a marketplace upstream.
 * Invariant: what the form would refuse is refused here too; the answer is the record as this
 * instance's read model then holds it.
 */
import { API, marketplaceCreateSchema } from '@referrals/shared';
import { commitAndSee } from '../commitAndSee.js';
import { fail, upstreamFailure, type Route } from '../api.js';
import { validateBody } from '../validateBody.js';
import { formRuleErrors, withVersion, type MarketplaceContext } from './context.js';

export function createMarketplaceRoute({ d, sources }: MarketplaceContext): Route {
  return {
    ...API.createMarketplace,
    guard: 'admin',
    write: true,
    audit: { action: 'marketplace.create' },
    handler: async (req) => {
      const body = validateBody(marketplaceCreateSchema, req.body);
      if (!body.ok) return body.answer;
      try {
        const problems = await formRuleErrors(body.value, sources);
        if (problems.length > 0) return fail(400, 'invalid marketplace', problems);
        const created = await d.upstream.createMarketplace(body.value);
        await commitAndSee(d, 'marketplaces', created, (m) => m.id);
        void d.pollNow();
        return { status: 201, body: withVersion(created) };
      } catch (err) {
        return upstreamFailure(err, 'create marketplace');
      }
    },
  };
}
