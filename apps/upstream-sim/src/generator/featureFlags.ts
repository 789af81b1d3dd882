import type { FeatureFlagStore } from '../store/featureFlags.js';

/** The flags the console reads at start; 'marketplace-expiration-sort' picks the by-expiration call. */
const FLAGS = [
  ['marketplace-expiration-sort', 'List marketplace opportunities by expiration date.', true],
  ['show-visual-location', 'Show the street-view image in the details panel.', true],
  ['talk-now', 'Offer Talk Now on direct-call referrals.', true],
  ['price-decay', 'Lower the price of unclaimed referrals over time.', true],
  ['public-feed-prices', 'Show prices on the public feed.', false],
] as const;

/** Seeds the default feature flags. */
export function seedFeatureFlags(store: FeatureFlagStore): void {
  for (const [name, description, enabled] of FLAGS) store.create({ name, description, enabled });
}
