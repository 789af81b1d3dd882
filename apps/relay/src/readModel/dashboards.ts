/**
 * The dashboards, computed where the referrals are (the read model host) from the mirrors and
 * the index's recent referrals, at the instant asked: the same ask at the same seq gives the same
 * figures.
 */
import {
  computeAgentDashboard,
  computePrivilegedDashboard,
  DEFAULT_TIME_ZONE,
  matchesAppetite,
  type Dashboard,
  type DeliveryErrorsItem,
  type DeliveryStat,
  type Marketplace,
  type Opportunity,
  type RiskAppetite,
} from '@referrals/shared';

/**
 * Which dashboard to compute: the one admins and carriers share, or an agent's, of their
 * marketplace (its appetite as the mirror holds it now; `appetite` when the marketplace is gone)
 * and agency. Plain data: it crosses to the read model's own thread.
 */
export type DashboardAsk =
  | { readonly audience: 'privileged' }
  | {
      readonly audience: 'agent';
      readonly marketplaceId: number;
      readonly appetite: RiskAppetite;
      readonly agencyName: string;
    };

/** What a dashboard is computed from: the read model's mirrors and its index's recent referrals. */
export interface DashboardSources {
  recent(): Opportunity[];
  readonly marketplaces: {
    get(id: number): Marketplace | undefined;
    values(): Iterable<Marketplace>;
  };
  readonly deliveryStats: { values(): Iterable<DeliveryStat> };
  readonly deliveryErrors: { get(id: string): DeliveryErrorsItem | undefined };
}

/**
 * Whether referrals match an appetite, remembered per referral object while the appetite is the
 * same (the mirrors replace a record when it changes, so an answer holds while both objects stay).
 */
export class AppetiteMemo {
  private readonly byMarketplace = new Map<
    number,
    { appetite: RiskAppetite; matched: WeakMap<Opportunity, boolean> }
  >();

  of(marketplaceId: number, appetite: RiskAppetite): (o: Opportunity) => boolean {
    let memo = this.byMarketplace.get(marketplaceId);
    if (memo?.appetite !== appetite) {
      memo = { appetite, matched: new WeakMap() };
      this.byMarketplace.set(marketplaceId, memo);
    }
    const { matched } = memo;
    return (o) => {
      let yes = matched.get(o);
      if (yes === undefined) matched.set(o, (yes = matchesAppetite(o, appetite)));
      return yes;
    };
  }
}

/**
 * A dashboard at an instant, from the mirrors as they are. The "today" of the figures is the
 * shared default zone's, as upstream counts its days.
 */
export function dashboardOf(
  from: DashboardSources,
  ask: DashboardAsk,
  nowMs: number,
  memo: AppetiteMemo,
): Dashboard {
  if (ask.audience === 'privileged') {
    return computePrivilegedDashboard({
      referrals: from.recent(),
      marketplaces: from.marketplaces.values(),
      deliveryStats: from.deliveryStats.values(),
      deliveryErrors: from.deliveryErrors.get('page0'),
      nowMs,
      timeZone: DEFAULT_TIME_ZONE,
    });
  }
  // Read at each computation, so an edited appetite applies at once; a marketplace that is gone
  // leaves nothing in appetite.
  const appetite = from.marketplaces.get(ask.marketplaceId)?.riskAppetite;
  return computeAgentDashboard({
    referrals: appetite ? from.recent() : [],
    appetite: appetite ?? ask.appetite,
    inAppetite: memo.of(ask.marketplaceId, appetite ?? ask.appetite),
    agencyName: ask.agencyName,
    nowMs,
    timeZone: DEFAULT_TIME_ZONE,
  });
}
