import { API, featureFlagSchema, parseQuery, QUERIES } from '@referrals/shared';
import * as yup from 'yup';
import { commitAndSee } from './commitAndSee.js';
import { fail, idParam, ok, upstreamFailure, type Handler, type Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import { flagEnabled } from '../readModel/api.js';
import { validateBody } from './validateBody.js';

/** Wraps an upstream read: its answer, or the mapped failure. */
const read =
  (what: string, call: (req: Parameters<Handler>[0]) => Promise<unknown>): Handler =>
  async (req) => {
    try {
      return ok(await call(req));
    } catch (err) {
      return upstreamFailure(err, what);
    }
  };

const flagCreate = yup.object({
  name: yup.string().trim().required('Name is required'),
  description: yup.string().trim().required('Description is required'),
  enabled: yup.boolean().defined().default(false),
});

const flagUpdate = featureFlagSchema.shape({
  name: yup.string().trim().required('Name is required'),
  description: yup.string().trim().required('Description is required'),
});

/** Delivery stats and errors, lookups of the marketplace form, feature flags. */
export function adminRoutes(d: GatewayDeps): Route[] {
  const { readModel, upstream } = d;
  const guardNumber =
    (name: string, what: string, call: (n: number) => Promise<unknown>): Handler =>
    (req) => {
      const n = idParam(req, name);
      if (n === undefined) return Promise.resolve(fail(400, `${name} must be a whole number`));
      return read(what, () => call(n))(req);
    };

  return [
    {
      ...API.deliveryStats,
      guard: 'admin',
      handler: () =>
        Promise.resolve(
          ok({ seq: readModel.deliveryStats.seq, items: [...readModel.deliveryStats.values()] }),
        ),
    },
    {
      ...API.deliveryErrors,
      guard: 'admin',
      handler: (req) => {
        // Screen pages are 1-based, 5 rows (marketplace-admin section 9).
        const q = parseQuery(QUERIES.deliveryErrors, req.query);
        if (!q.ok) return Promise.resolve(fail(400, 'invalid delivery errors query', q.errors));
        const { page, size } = q.value;
        const latest = readModel.deliveryErrors.get('page0');
        const all = latest?.content ?? [];
        const total = latest?.totalElements ?? 0;
        return Promise.resolve(
          ok({
            seq: readModel.deliveryErrors.seq,
            page,
            size,
            totalElements: total,
            totalPages: Math.ceil(total / size),
            content: all.slice((page - 1) * size, page * size),
          }),
        );
      },
    },
    {
      ...API.agency,
      guard: 'admin',
      handler: guardNumber('fulcrumId', 'agency', (n) => upstream.agency(n)),
    },
    {
      ...API.agencyUsers,
      guard: 'admin',
      handler: guardNumber('fulcrumId', 'agency users', (n) => upstream.agencyUsers(n)),
    },
    {
      ...API.prepaidBalance,
      guard: 'admin',
      handler: guardNumber('fulcrumId', 'prepaid balance', async (n) => ({
        balance: await upstream.prepaidBalance(n),
      })),
    },
    {
      ...API.users,
      guard: 'admin',
      handler: (req) => {
        const email = req.query.email;
        if (typeof email !== 'string' || email.length === 0 || email.length > 254) {
          return Promise.resolve(fail(400, 'email is required'));
        }
        return read('users', () => upstream.usersByEmail(email))(req);
      },
    },
    {
      ...API.naicsCodes,
      guard: 'admin',
      handler: read('NAICS codes', () => upstream.naicsCodes()),
    },
    {
      ...API.sources,
      guard: 'signedIn',
      handler: read('sources', () => upstream.sources()),
    },
    {
      ...API.bankHolidays,
      guard: 'admin',
      handler: guardNumber('year', 'bank holidays', (y) => upstream.bankHolidays(y)),
    },
    {
      ...API.featureFlags,
      guard: 'anyone',
      handler: () =>
        Promise.resolve(
          ok({ seq: readModel.featureFlags.seq, items: [...readModel.featureFlags.values()] }),
        ),
    },
    {
      ...API.featureFlag,
      guard: 'anyone',
      // One flag by name; a flag the relay does not know, or could not read, is disabled
      // (marketplace-admin section 7: any error gives a disabled flag).
      handler: (req) => {
        const name = String(req.params.name ?? '');
        return Promise.resolve(ok({ name, enabled: flagEnabled(readModel, name) }));
      },
    },
    {
      ...API.createFeatureFlag,
      guard: 'admin',
      write: true,
      audit: { action: 'featureFlag.create' },
      handler: async (req) => {
        const valid = validateBody(flagCreate, req.body);
        if (!valid.ok) return valid.answer;
        const body = valid.value;
        try {
          const created = await upstream.createFeatureFlag(body);
          await commitAndSee(d, 'featureFlags', created, (f) => f.id);
          return { status: 201, body: created };
        } catch (err) {
          return upstreamFailure(err, `create feature flag ${body.name}`);
        }
      },
    },
    {
      ...API.updateFeatureFlag,
      guard: 'admin',
      write: true,
      audit: {
        action: 'featureFlag.update',
        target: (req) => `flag ${req.params.id ?? ''}`,
        before: (req) => {
          const id = idParam(req);
          return id === undefined ? null : (readModel.featureFlags.get(id) ?? null);
        },
      },
      handler: async (req) => {
        const id = idParam(req);
        const valid = validateBody(flagUpdate, req.body);
        if (!valid.ok) return valid.answer;
        const body = valid.value;
        if (id === undefined || body.id !== id)
          return fail(400, 'the flag id does not match the address');
        try {
          const saved = await upstream.updateFeatureFlag(body);
          await commitAndSee(d, 'featureFlags', saved, (f) => f.id);
          return ok(saved);
        } catch (err) {
          return upstreamFailure(err, `update feature flag ${body.name}`);
        }
      },
    },
  ];
}
