import { matchesAppetite, type Marketplace, type Opportunity } from '@referrals/shared';
import { DeliveryStore } from './delivery.js';
import { Directory } from './directory.js';
import { FeatureFlagStore } from './featureFlags.js';
import { MarketplaceStore } from './marketplaces.js';
import { ReferralStore } from './referrals.js';

/** Everything the stand-in serves, in memory. */
export interface SimState {
  readonly referrals: ReferralStore;
  readonly marketplaces: MarketplaceStore;
  readonly directory: Directory;
  readonly delivery: DeliveryStore;
  readonly flags: FeatureFlagStore;
}

/** An empty state. */
export const createState = (): SimState => ({
  referrals: new ReferralStore(),
  marketplaces: new MarketplaceStore(),
  directory: new Directory(),
  delivery: new DeliveryStore(),
  flags: new FeatureFlagStore(),
});

/**
 * A marketplace that receives referrals: any enabled one. Non-flow marketplaces buy too (the list
 * shows their daily count); the flow only decides the priority order.
 */
export const isBuyer = (m: Marketplace): boolean => m.enabled;

/**
 * Matches referrals against marketplace appetites with the shared rule. The state check runs first
 * on a Set because it rejects most pairs, which keeps 100,000-referral generation fast.
 */
export class AppetiteMatcher {
  private cachedVersion = -1;
  private buyers: { marketplace: Marketplace; states: ReadonlySet<string> }[] = [];

  constructor(private readonly marketplaces: MarketplaceStore) {}

  /** The enabled marketplaces whose appetite takes the referral. */
  buyersOf(referral: Opportunity): Marketplace[] {
    this.refresh();
    const out: Marketplace[] = [];
    for (const { marketplace, states } of this.buyers) {
      if (
        referral.state !== null &&
        states.has(referral.state) &&
        matchesAppetite(referral, marketplace.riskAppetite)
      ) {
        out.push(marketplace);
      }
    }
    return out;
  }

  private refresh(): void {
    if (this.cachedVersion === this.marketplaces.version) return;
    this.cachedVersion = this.marketplaces.version;
    this.buyers = this.marketplaces
      .list()
      .filter(isBuyer)
      .map((marketplace) => ({
        marketplace,
        states: new Set(marketplace.riskAppetite.stateCodes),
      }));
  }
}
