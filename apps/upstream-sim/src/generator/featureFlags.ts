import type { FeatureFlagStore } from '../store/featureFlags.js';

/**
 * The flags the console reads at start; 'marketplace-expiration-sort' picks the by-expiration call.
 * Each one is read by something: a flag nothing reads would say 'updated' and change nothing (the
 * public feed never carries prices, DESIGN.md's audiences, so there is no flag for them).
 */
const FLAGS = [
  ['marketplace-expiration-sort', 'List marketplace opportunities by expiration date.', true],
  ['show-visual-location', 'Show the street-view image in the details panel.', true],
  ['talk-now', 'Offer Talk Now on direct-call referrals.', true],
  ['price-decay', 'Lower the price of unclaimed referrals over time.', true],
] as const;

/** Seeds the default feature flags. */
export function seedFeatureFlags(store: FeatureFlagStore): void {
  for (const [name, description, enabled] of FLAGS) store.create({ name, description, enabled });
}
