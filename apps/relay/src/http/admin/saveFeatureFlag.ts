/**
 * `POST /api/feature-flags` and `PUT /api/feature-flags/:id`: admins create and change flags.
 * Invariant: the flag is written upstream first; the answer is the record as this instance's
 * read model then holds it.
 */
import { API, featureFlagSchema } from '@referrals/shared';
import * as yup from 'yup';
import { commitAndSee } from '../commitAndSee.js';
import { auditUpdateOf, fail, idParam, ok, upstreamFailure, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { validateBody } from '../validateBody.js';

const flagCreate = yup.object({
  name: yup.string().trim().required('Name is required'),
  description: yup.string().trim().required('Description is required'),
  enabled: yup.boolean().defined().default(false),
});

const flagUpdate = featureFlagSchema.shape({
  name: yup.string().trim().required('Name is required'),
  description: yup.string().trim().required('Description is required'),
});

export function createFeatureFlagRoute(d: GatewayDeps): Route {
  return {
    ...API.createFeatureFlag,
    guard: 'admin',
    write: true,
    audit: { action: 'featureFlag.create' },
    handler: async (req) => {
      const valid = validateBody(flagCreate, req.body);
      if (!valid.ok) return valid.answer;
      const body = valid.value;
      try {
        const created = await d.upstream.createFeatureFlag(body);
        await commitAndSee(d, 'featureFlags', created, (f) => f.id);
        return { status: 201, body: created };
      } catch (err) {
        return upstreamFailure(err, `create feature flag ${body.name}`);
      }
    },
  };
}

export function updateFeatureFlagRoute(d: GatewayDeps): Route {
  return {
    ...API.updateFeatureFlag,
    guard: 'admin',
    write: true,
    audit: auditUpdateOf('featureFlag.update', 'flag', d.readModel.featureFlags),
    handler: async (req) => {
      const id = idParam(req);
      const valid = validateBody(flagUpdate, req.body);
      if (!valid.ok) return valid.answer;
      const body = valid.value;
      if (id === undefined || body.id !== id)
        return fail(400, 'the flag id does not match the address');
      try {
        const saved = await d.upstream.updateFeatureFlag(body);
        await commitAndSee(d, 'featureFlags', saved, (f) => f.id);
        return ok(saved);
      } catch (err) {
        return upstreamFailure(err, `update feature flag ${body.name}`);
      }
    },
  };
}
