/**
 * Marketplaces the tests share. Invariant: each is a valid marketplace as the upstream schema
 * casts it.
 */
import { marketplaceSchema } from '@referrals/shared';

/**
 * A marketplace (id 30, agency 3) whose appetite is commercial referrals from Texas, with a
 * daily limit of 10: the buyer of the read-model and dashboard tests.
 */
export const lonestar = marketplaceSchema.cast({
  id: 30,
  marketplaceName: 'Lone Star',
  agencyId: 3,
  enabled: true,
  includedInMarketplaceFlow: true,
  riskAppetite: {
    stateCodes: ['TX'],
    acceptCommercialLines: true,
    acceptCommercialInsured: true,
    acceptCommercialUninsured: true,
    maxReferralsPerDay: 10,
  },
});
