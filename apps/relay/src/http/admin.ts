/**
 * Admin routes: delivery stats and errors, the lookups of the marketplace form, feature flags.
 * The families live under admin/; this file lists them in the order they are mounted.
 * Invariant: every route here but the flag reads (anyone) and the sources (signed in) is for
 * administrators only.
 */
import type { Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import { deliveryRoutes } from './admin/delivery.js';
import { featureFlagReadRoutes } from './admin/featureFlags.js';
import { lookupRoutes } from './admin/lookups.js';
import { createFeatureFlagRoute, updateFeatureFlagRoute } from './admin/saveFeatureFlag.js';

/** Delivery stats and errors, lookups of the marketplace form, feature flags. */
export function adminRoutes(d: GatewayDeps): Route[] {
  return [
    ...deliveryRoutes(d.readModel),
    ...lookupRoutes(d.upstream),
    ...featureFlagReadRoutes(d.readModel),
    createFeatureFlagRoute(d),
    updateFeatureFlagRoute(d),
  ];
}
