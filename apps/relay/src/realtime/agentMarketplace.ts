/**
 * Which marketplace an agent's agency buys through, for the rooms cut per agency.
 *
 * Invariant: decided from the verified principal and the profile resolver only; an account
 * without an agency or a marketplace is refused, never given a default.
 */
import { marketplaceOfAgency, type Marketplace } from '@referrals/shared';
import type { ProfileResolver, UserProfile } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import type { ReadModel } from '../readModel/api.js';
import type { Refusal } from './roomTypes.js';

/** An agent's agency (from the profile) and the marketplace it buys through. */
export interface AgentMarketplace {
  readonly marketplace: Marketplace;
  readonly profile: UserProfile & { readonly agencyId: number; readonly agencyName: string };
}

/**
 * The marketplace of the principal's agency, decided from the verified token and the profile
 * resolver only (never from anything a client sends); refused when the account has none.
 */
export async function agentMarketplace(
  principal: Principal,
  readModel: ReadModel,
  profiles: ProfileResolver,
): Promise<AgentMarketplace | Refusal> {
  const profile = await profiles.resolve(principal);
  const marketplace = marketplaceOfAgency(readModel.marketplaces.values(), profile.agencyId);
  if (!marketplace || profile.agencyId === null || profile.agencyName === null) {
    return { code: 'forbidden', error: 'your account has no marketplace' };
  }
  return {
    marketplace,
    profile: { ...profile, agencyId: profile.agencyId, agencyName: profile.agencyName },
  };
}
