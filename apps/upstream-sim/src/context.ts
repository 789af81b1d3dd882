import type { SimConfig } from './config.js';
import type { Clock, LiveMarket } from './generator/market.js';
import type { Logger } from './log.js';
import type { ReferralViews } from './store/referralViews.js';
import type { RouteTable } from './routes/table.js';

/**
 * What every route module needs: the market, the time, the settings, a logger, the route table,
 * and the kept list views of the market's referrals.
 */
export interface SimContext {
  readonly config: SimConfig;
  readonly market: LiveMarket;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly table: RouteTable;
  readonly views: ReferralViews;
}
