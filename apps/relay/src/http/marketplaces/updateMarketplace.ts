/**
 * `PUT /api/marketplaces/:id`: saves one marketplace.
 * Invariant: the save is checked against the version the admin loaded, re-read from the upstream
 * under a cluster-wide lock on the marketplace; a stale save is refused with 409 and the current
 * state, never applied over another admin's work.
 */
import { API, marketplaceSchema } from '@referrals/shared';
import * as yup from 'yup';
import { versionOf } from '../../readModel/api.js';
import { commitAndSee } from '../commitAndSee.js';
import { auditUpdateOf, fail, idParam, ok, upstreamFailure, type Route } from '../api.js';
import { validateBody } from '../validateBody.js';
import { formRuleErrors, withVersion, type MarketplaceContext } from './context.js';

const updateBody = yup.object({
  version: yup.string().required('version is required'),
  marketplace: marketplaceSchema.required(),
});

export function updateMarketplaceRoute({ d, sources }: MarketplaceContext): Route {
  return {
    ...API.updateMarketplace,
    guard: 'admin',
    write: true,
    audit: auditUpdateOf('marketplace.update', 'marketplace', d.readModel.marketplaces),
    handler: async (req) => {
      const id = idParam(req);
      const body = validateBody(updateBody, req.body);
      if (!body.ok) return body.answer;
      if (id === undefined || body.value.marketplace.id !== id)
        return fail(400, 'the marketplace id does not match the address');
      const { version, marketplace } = body.value;
      return d.withLock(`marketplace:${id}`, async () => {
        try {
          const problems = await formRuleErrors(marketplace, sources);
          if (problems.length > 0) return fail(400, 'invalid marketplace', problems);
          const fresh = await d.upstream.marketplace(id);
          if (versionOf(fresh) !== version) {
            return fail(
              409,
              'This marketplace was changed by someone else. Reload it to see their changes.',
              withVersion(fresh),
            );
          }
          const saved = await d.upstream.updateMarketplace(marketplace);
          await commitAndSee(d, 'marketplaces', saved, (m) => m.id);
          void d.pollNow();
          return ok(withVersion(saved));
        } catch (err) {
          return upstreamFailure(err, `update marketplace ${id}`);
        }
      });
    },
  };
}
