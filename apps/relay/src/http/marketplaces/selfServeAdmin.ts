/**
 * The administrators' half of self-serve: every marketplace's settings (the Marketplaces list
 * shows its pauses) and the bounds within which an agency may set its own caps.
 * Invariant: bounds are set only on a marketplace the relay knows, under the marketplace's lock.
 */
import { API, selfServeBoundsSchema, type SelfServeSettings } from '@referrals/shared';
import type { SelfServeStore } from '../../db/selfServe.js';
import { fail, idParam, ok, principalOf, type Route } from '../api.js';
import { validateBody } from '../validateBody.js';
import type { MarketplaceContext } from './context.js';

/** The admins' routes of the self-serve settings. */
export function selfServeAdminRoutes({ d }: MarketplaceContext, store: SelfServeStore): Route[] {
  return [
    {
      ...API.selfServeSettings,
      guard: 'admin',
      handler: async () => ok({ items: await store.list() }),
    },
    {
      ...API.saveSelfServeBounds,
      guard: 'admin',
      write: true,
      audit: {
        action: 'marketplace.selfServeBounds',
        target: (req) => `marketplace ${req.params.id ?? ''}`,
        // Only a marketplace the relay holds is read: an id out of the column's range (or of any
        // marketplace) is the handler's 404, never a database error.
        before: async (req) => {
          const id = idParam(req);
          if (id === undefined || !d.readModel.marketplaces.get(id)) return null;
          return (await store.get(id)).bounds;
        },
        after: (body) => (body as SelfServeSettings).bounds,
      },
      handler: async (req) => {
        const id = idParam(req);
        if (id === undefined || !d.readModel.marketplaces.get(id))
          return fail(404, 'marketplace not found');
        const body = validateBody(selfServeBoundsSchema, req.body);
        if (!body.ok) return body.answer;
        const by = principalOf(req).username;
        return ok(await d.withLock(`marketplace:${id}`, () => store.setBounds(id, body.value, by)));
      },
    },
  ];
}
