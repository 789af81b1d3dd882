/**
 * `GET /api/marketplaces`: every marketplace with its version, and the version of their order.
 * Invariant: answered from the read model alone, with the versions a save must name.
 */
import { API } from '@referrals/shared';
import { priorityVersionOf } from '../../readModel/api.js';
import { ok, type Route } from '../api.js';
import { withVersion, type MarketplaceContext } from './context.js';

export function marketplacesRoute(c: MarketplaceContext): Route {
  return {
    ...API.marketplaces,
    guard: 'admin',
    handler: () => {
      const all = c.current();
      return Promise.resolve(
        ok({
          seq: c.d.readModel.marketplaces.seq,
          priorityVersion: priorityVersionOf(all),
          items: all.map(withVersion),
        }),
      );
    },
  };
}
