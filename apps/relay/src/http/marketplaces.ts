/**
 * Marketplace routes for admins: the list, one marketplace, create, save one, save the order.
 * One route a file under marketplaces/; this file lists them in the order they are mounted.
 * Invariant: writes are checked against the version the admin loaded, re-read from the upstream
 * under a cluster-wide lock, so a save based on stale data is refused with 409 and the current
 * state, never applied over another admin's work.
 */
import type { SelfServeStore } from '../db/selfServe.js';
import type { Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import { marketplaceContext, type MarketplaceContext } from './marketplaces/context.js';
import { createMarketplaceRoute } from './marketplaces/createMarketplace.js';
import { marketplaceRoute } from './marketplaces/marketplace.js';
import { marketplacesRoute } from './marketplaces/marketplaces.js';
import { myMarketplaceRoutes } from './marketplaces/myMarketplace.js';
import { selfServeAdminRoutes } from './marketplaces/selfServeAdmin.js';
import { saveMarketplaceListRoute } from './marketplaces/saveMarketplaceList.js';
import { updateMarketplaceRoute } from './marketplaces/updateMarketplace.js';

/**
 * The marketplace routes, sharing one cache of the upstream's source names (`c`, given when the
 * pause clock shares it too), and an agency's own marketplace with its self-serve settings.
 */
export function marketplaceRoutes(
  d: GatewayDeps,
  selfServe: SelfServeStore,
  c: MarketplaceContext = marketplaceContext(d),
): Route[] {
  return [
    marketplacesRoute(c),
    marketplaceRoute(c),
    createMarketplaceRoute(c),
    updateMarketplaceRoute(c),
    saveMarketplaceListRoute(c),
    ...myMarketplaceRoutes(c, selfServe),
    ...selfServeAdminRoutes(c, selfServe),
  ];
}
