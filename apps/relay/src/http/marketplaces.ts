import {
  API,
  marketplaceCreateSchema,
  marketplaceFormSchema,
  marketplaceSchema,
  prioritiesSchema,
  toFormValues,
  type Marketplace,
  type MarketplaceCreate,
} from '@referrals/shared';
import { LRUCache } from 'lru-cache';
import * as yup from 'yup';
import { commitAndSee, commitAndSeeAll } from './commitAndSee.js';
import { priorityVersionOf, versionOf } from '../readModel/api.js';
import { fail, idParam, isUpstreamOutage, ok, upstreamFailure, type Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import { validateBody } from './validateBody.js';

const withVersion = (m: Marketplace) => ({ ...m, version: versionOf(m) });

const updateBody = yup.object({
  version: yup.string().required('version is required'),
  marketplace: marketplaceSchema.required(),
});
const listSaveBody = yup.object({
  version: yup.string().required('version is required'),
  priorities: prioritiesSchema.default([]).min(0),
  updates: yup
    .array(yup.object({ id: yup.number().integer().required(), enabled: yup.boolean().required() }))
    .defined()
    .default([]),
});

/**
 * The form's own rules (marketplace-admin section 5) checked on the relay too, so a client that
 * skips the form cannot store what the form would refuse. Lookups are not rerun here.
 */
async function formRuleErrors(
  m: MarketplaceCreate,
  sources: () => Promise<string[]>,
): Promise<string[]> {
  const values = toFormValues({ ...m, id: 0 }, { sources: await sources() });
  try {
    await marketplaceFormSchema.validate(values, { abortEarly: false, context: {} });
    return [];
  } catch (err) {
    if (err instanceof yup.ValidationError) return [...new Set(err.errors)];
    throw err;
  }
}

/**
 * Marketplace routes. Writes are checked against the version the admin loaded, re-read from the
 * upstream under a cluster-wide lock, so a save based on stale data is refused with 409 and the
 * current state, never applied over another admin's work.
 */
export function marketplaceRoutes(d: GatewayDeps): Route[] {
  const { readModel, upstream } = d;
  const current = () => [...readModel.marketplaces.values()];
  // The sources' names, read again after five minutes; a failed read is not kept.
  const sourceCache = new LRUCache<'names', string[]>({
    max: 1,
    ttl: 300_000,
    fetchMethod: () => upstream.sources().then((list) => list.map((s) => s.sourceName)),
  });
  const sources = () => sourceCache.forceFetch('names');

  return [
    {
      ...API.marketplaces,
      guard: 'admin',
      handler: () => {
        const all = current();
        return Promise.resolve(
          ok({
            seq: readModel.marketplaces.seq,
            priorityVersion: priorityVersionOf(all),
            items: all.map(withVersion),
          }),
        );
      },
    },
    {
      ...API.marketplace,
      guard: 'admin',
      handler: async (req) => {
        const id = idParam(req);
        if (id === undefined) return fail(404, 'marketplace not found');
        try {
          return ok(withVersion(await upstream.marketplace(id)));
        } catch (err) {
          // The upstream away: the read model's copy (a save based on it is checked anyway).
          const kept = readModel.marketplaces.get(id);
          if (kept && isUpstreamOutage(err)) return ok(withVersion(kept));
          return upstreamFailure(err, `marketplace ${id}`);
        }
      },
    },
    {
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
          const created = await upstream.createMarketplace(body.value);
          await commitAndSee(d, 'marketplaces', created, (m) => m.id);
          void d.pollNow();
          return { status: 201, body: withVersion(created) };
        } catch (err) {
          return upstreamFailure(err, 'create marketplace');
        }
      },
    },
    {
      ...API.updateMarketplace,
      guard: 'admin',
      write: true,
      audit: {
        action: 'marketplace.update',
        target: (req) => `marketplace ${req.params.id ?? ''}`,
        before: (req) => {
          const id = idParam(req);
          return id === undefined ? null : (readModel.marketplaces.get(id) ?? null);
        },
      },
      handler: async (req) => {
        const id = idParam(req);
        const body = validateBody(updateBody, req.body);
        if (!body.ok) return body.answer;
        if (id === undefined || body.value.marketplace.id !== id)
          return fail(400, 'the marketplace id does not match the address');
        return d.withLock(`marketplace:${id}`, async () => {
          try {
            const problems = await formRuleErrors(body.value.marketplace, sources);
            if (problems.length > 0) return fail(400, 'invalid marketplace', problems);
            const fresh = await upstream.marketplace(id);
            if (versionOf(fresh) !== body.value.version) {
              return fail(
                409,
                'This marketplace was changed by someone else. Reload it to see their changes.',
                withVersion(fresh),
              );
            }
            const saved = await upstream.updateMarketplace(body.value.marketplace);
            await commitAndSee(d, 'marketplaces', saved, (m) => m.id);
            void d.pollNow();
            return ok(withVersion(saved));
          } catch (err) {
            return upstreamFailure(err, `update marketplace ${id}`);
          }
        });
      },
    },
    {
      ...API.saveMarketplaceList,
      guard: 'admin',
      write: true,
      // The order and switches before, and what was asked (the answer says only 'saved').
      audit: {
        action: 'marketplace.listSave',
        before: () =>
          current().map((m) => ({
            id: m.id,
            priority: m.priority,
            enabled: m.enabled,
          })),
        after: (body, req) => ({ ...(body as object), request: req.body }),
      },
      handler: async (req) => {
        const body = validateBody(listSaveBody, req.body);
        if (!body.ok) return body.answer;
        const { version, priorities, updates } = body.value;
        if (priorities.length === 0 && updates.length === 0) return ok({ saved: false });
        return d.withLock('marketplaces:order', async () => {
          try {
            const fresh = await upstream.marketplaces('user');
            if (priorityVersionOf(fresh) !== version) {
              return fail(
                409,
                'Another administrator changed the marketplaces first. The current order is shown; make your changes again.',
                {
                  priorityVersion: priorityVersionOf(fresh),
                  items: fresh.map(withVersion),
                },
              );
            }
            // The order goes first, then each changed marketplace (marketplace-admin section 4).
            if (priorities.length > 0) await upstream.updatePriorities(priorities);
            const byId = new Map(fresh.map((m) => [m.id, m]));
            for (const u of updates) {
              const m = byId.get(u.id);
              if (!m) return fail(404, `marketplace ${u.id} not found`);
              const priority = u.enabled
                ? (priorities.find((p) => p.id === u.id)?.priority ?? m.priority)
                : null;
              await upstream.updateMarketplace({ ...m, enabled: u.enabled, priority });
            }
            // Read back and committed here, so the admin's next read shows the saved order.
            const saved = await upstream.marketplaces('user');
            await commitAndSeeAll(d, 'marketplaces', saved, (m) => m.id);
            void d.pollNow();
            return ok({ saved: true });
          } catch (err) {
            return upstreamFailure(err, 'save marketplaces');
          }
        });
      },
    },
  ];
}
