/**
 * `POST /api/marketplaces/list-save`: saves the marketplaces' order and which are switched on,
 * in one go.
 * Invariant: the save is checked against the order's version the admin loaded, re-read from the
 * upstream under a cluster-wide lock on the order; a stale save is refused with 409 and the
 * current order, never applied over another admin's work.
 */
import { API, prioritiesSchema, type Marketplace } from '@referrals/shared';
import * as yup from 'yup';
import { priorityVersionOf } from '../../readModel/api.js';
import { commitAndSeeAll } from '../commitAndSee.js';
import { fail, ok, upstreamFailure, type ApiResponse, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { validateBody } from '../validateBody.js';
import { withVersion, type MarketplaceContext } from './context.js';

const listSaveBody = yup.object({
  version: yup.string().required('version is required'),
  priorities: prioritiesSchema.default([]).min(0),
  updates: yup
    .array(yup.object({ id: yup.number().integer().required(), enabled: yup.boolean().required() }))
    .defined()
    .default([]),
});

type ListSave = yup.InferType<typeof listSaveBody>;

/**
 * Applies a checked save to the upstream: the order goes first, then each changed marketplace
 * (marketplace-admin section 4); a 404 for one the upstream does not hold.
 */
async function applyListSave(
  d: GatewayDeps,
  fresh: readonly Marketplace[],
  { priorities, updates }: ListSave,
): Promise<ApiResponse | null> {
  if (priorities.length > 0) await d.upstream.updatePriorities(priorities);
  const byId = new Map(fresh.map((m) => [m.id, m]));
  for (const u of updates) {
    const m = byId.get(u.id);
    if (!m) return fail(404, `marketplace ${u.id} not found`);
    const priority = u.enabled
      ? (priorities.find((p) => p.id === u.id)?.priority ?? m.priority)
      : null;
    await d.upstream.updateMarketplace({ ...m, enabled: u.enabled, priority });
  }
  return null;
}

export function saveMarketplaceListRoute({ d, current }: MarketplaceContext): Route {
  return {
    ...API.saveMarketplaceList,
    guard: 'admin',
    write: true,
    // The order and switches before, and what was asked (the answer says only 'saved').
    audit: {
      action: 'marketplace.listSave',
      before: () => current().map((m) => ({ id: m.id, priority: m.priority, enabled: m.enabled })),
      after: (body, req) => ({ ...(body as object), request: req.body }),
    },
    handler: async (req) => {
      const body = validateBody(listSaveBody, req.body);
      if (!body.ok) return body.answer;
      const { version, priorities, updates } = body.value;
      if (priorities.length === 0 && updates.length === 0) return ok({ saved: false });
      return d.withLock('marketplaces:order', async () => {
        try {
          const fresh = await d.upstream.marketplaces('user');
          if (priorityVersionOf(fresh) !== version) {
            return fail(
              409,
              'Another administrator changed the marketplaces first. The current order is shown; make your changes again.',
              { priorityVersion: priorityVersionOf(fresh), items: fresh.map(withVersion) },
            );
          }
          const refused = await applyListSave(d, fresh, body.value);
          if (refused) return refused;
          // Read back and committed here, so the admin's next read shows the saved order.
          const saved = await d.upstream.marketplaces('user');
          await commitAndSeeAll(d, 'marketplaces', saved, (m) => m.id);
          void d.pollNow();
          return ok({ saved: true });
        } catch (err) {
          return upstreamFailure(err, 'save marketplaces');
        }
      });
    },
  };
}
