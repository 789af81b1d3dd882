import { describe, expect, it } from 'vitest';
import { FeatureFlagStore } from '../store/featureFlags.js';
import { seedFeatureFlags } from './featureFlags.js';

describe('the seeded feature flags', () => {
  it('are only flags something reads: none promises prices on the public feed', () => {
    const store = new FeatureFlagStore();
    seedFeatureFlags(store);
    expect(store.list().map((f) => f.name)).toEqual([
      'marketplace-expiration-sort',
      'show-visual-location',
      'talk-now',
      'price-decay',
    ]);
  });
});
