import express, { type Express } from 'express';
import type { SimConfig } from './config.js';
import type { SimContext } from './context.js';
import { faultMiddleware, FaultState } from './controls/faults.js';
import { controlRoutes } from './controls/routes.js';
import { RequestStats, statsMiddleware } from './controls/stats.js';
import { LiveMarket, systemClock, type Clock } from './generator/market.js';
import { Rng } from './generator/prng.js';
import type { Logger } from './log.js';
import { silentLogger } from './log.js';
import { createRealm } from './realm/index.js';
import { agencyRoutes, PREPAID_BALANCE_PATH } from './routes/agencies.js';
import { basicAuth } from './routes/basicAuth.js';
import { featureFlagRoutes } from './routes/featureFlags.js';
import { geoRoutes } from './routes/geo.js';
import { errorHandler, sendError } from './routes/http.js';
import { marketplaceOpportunityRoutes } from './routes/marketplaceOpportunities.js';
import { marketplaceRoutes } from './routes/marketplaces.js';
import { opportunityRoutes } from './routes/opportunities.js';
import { referenceRoutes } from './routes/reference.js';
import { warmDefaultList } from './routes/referralList.js';
import { RouteTable } from './routes/table.js';
import { ReferralViews } from './store/referralViews.js';

/** What the app is built from; anything left out gets the production default. */
export interface SimDeps {
  /** The time source; tests pass a fixed or hand-moved clock. */
  readonly clock?: Clock;
  /** The market; tests build one to call `tick` themselves. Built from the config when absent. */
  readonly market?: LiveMarket;
  readonly logger?: Logger;
}

const PREPAID = new RegExp(`^${PREPAID_BALANCE_PATH.replace(':id', '[^/]+')}$`);

/**
 * The stand-in upstream as an express app, not listening. Order matters: request counting first
 * (so refused calls count), then health and controls, the realm (no basic auth), faults, basic
 * auth, and the upstream API.
 */
export async function createSimApp(config: SimConfig, deps: SimDeps = {}): Promise<Express> {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? silentLogger();
  const market =
    deps.market ??
    new LiveMarket(
      {
        seed: config.seed,
        referrals: config.referrals,
        referralsPerMinute: config.referralsPerMinute,
      },
      clock.now(),
    );
  const table = new RouteTable();
  const ctx: SimContext = {
    config,
    market,
    clock,
    logger: logger.child({ category: 'http' }),
    table,
    views: new ReferralViews(market.state.referrals),
  };
  warmDefaultList(ctx.views);
  const faults = new FaultState();
  const stats = new RequestStats(clock);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(statsMiddleware(stats, table));
  // The Date of every answer is the market's clock, as a real service's is its own: the relay's
  // change read measures time since its last read by it (a hand-moved clock in tests).
  app.use((_req, res, next) => {
    res.setHeader('Date', new Date(clock.now()).toUTCString());
    next();
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', referrals: market.state.referrals.size });
  });
  if (config.controls) app.use(controlRoutes(ctx, faults, stats));
  else
    app.use('/__sim', (req, res) =>
      sendError(res, req, 404, 'Controls are off (SIM_CONTROLS=1 turns them on).'),
    );

  const realm = await createRealm({
    publicOrigin: config.publicOrigin,
    realm: config.realm,
    clientId: config.clientId,
    consoleOrigins: config.consoleOrigins,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
  });
  app.use(realm);

  app.use(faultMiddleware(faults, new Rng(`${config.seed}:faults`)));
  app.use(basicAuth(config.basicUser, (path) => PREPAID.test(path)));
  app.use(express.json({ limit: '1mb' }));
  for (const routes of [
    opportunityRoutes(ctx),
    marketplaceOpportunityRoutes(ctx),
    marketplaceRoutes(ctx),
    featureFlagRoutes(ctx),
    agencyRoutes(ctx),
    referenceRoutes(ctx),
    geoRoutes(ctx),
  ]) {
    app.use(routes.router);
  }
  app.use((req, res) => {
    // A known path with another method is 405, like the service; anything else 404.
    if (table.knows(req.path)) sendError(res, req, 405, `Method ${req.method} not allowed.`);
    else sendError(res, req, 404, 'No such call.');
  });
  app.use(errorHandler(ctx.logger));
  return app;
}
