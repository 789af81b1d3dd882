/**
 * `GET /api/feature-flags` and `GET /api/feature-flags/:name`: the feature flags, for anyone.
 * Invariant: answered from the read model alone; a flag the relay does not know, or could not
 * read, is disabled (marketplace-admin section 7: any error gives a disabled flag).
 */
import { API } from '@referrals/shared';
import { flagEnabled, type ReadModel } from '../../readModel/api.js';
import { ok, wholeStream, type Route } from '../api.js';

export function featureFlagReadRoutes(readModel: ReadModel): Route[] {
  return [
    {
      ...API.featureFlags,
      guard: 'anyone',
      handler: () => wholeStream(readModel.featureFlags),
    },
    {
      ...API.featureFlag,
      guard: 'anyone',
      handler: (req) => {
        const name = String(req.params.name ?? '');
        return Promise.resolve(ok({ name, enabled: flagEnabled(readModel, name) }));
      },
    },
  ];
}
