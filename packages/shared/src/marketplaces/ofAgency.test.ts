import { describe, expect, it } from 'vitest';
import { marketplaceOfAgency } from './ofAgency.js';

const m = (
  id: number,
  agencyId: number | null,
  enabled = true,
  includedInMarketplaceFlow = true,
) => ({
  id,
  agencyId,
  enabled,
  includedInMarketplaceFlow,
});

describe("an agency's marketplace", () => {
  it('is its enabled flow marketplace with the lowest id', () => {
    const all = [m(9, 3), m(4, 3, false), m(7, 3), m(2, 3, true, false), m(1, 5)];
    expect(marketplaceOfAgency(all, 3)?.id).toBe(7);
  });

  it('falls back to a disabled flow marketplace, and is none without an agency', () => {
    expect(marketplaceOfAgency([m(8, 3, false), m(6, 3, false)], 3)?.id).toBe(6);
    expect(marketplaceOfAgency([m(2, 3, true, false)], 3)).toBeUndefined();
    expect(marketplaceOfAgency([m(1, null)], null)).toBeUndefined();
  });
});
