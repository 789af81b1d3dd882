import { inScope, marketplaceOfAgency, type AgencyUser, type Marketplace } from '@referrals/shared';
import type { SimState } from '../store/state.js';
import { notFound } from './http.js';
import type { Condition } from './referralQuery.js';

/** A known user, or 404: an unknown username names no record. */
export function knownUser(state: SimState, username: string): AgencyUser {
  const user = state.directory.user(username);
  if (user === undefined) throw notFound(`User ${username}`);
  return user;
}

/**
 * The buying marketplace of a user's agency, or null for staff without an agency (their appetite
 * view is empty): the shared rule the relay's In-Appetite list reads too.
 */
export function userMarketplace(state: SimState, username: string): Marketplace | null {
  const { agencyId } = knownUser(state, username);
  return marketplaceOfAgency(state.marketplaces.list(), agencyId) ?? null;
}

/** Matches nothing: the scope of a user without an agency or marketplace. */
const NOTHING: Condition = { key: 'nothing', test: () => false };

/**
 * "Inside the appetite of this user's marketplace", with the shared rule. The key carries the
 * marketplaces' version, so a list kept for an older appetite is never served after an edit.
 */
export function inAppetiteOf(state: SimState, username: string): Condition {
  const marketplace = userMarketplace(state, username);
  if (marketplace === null) return NOTHING;
  const scope = { kind: 'appetite', appetite: marketplace.riskAppetite } as const;
  return {
    key: `appetite=${marketplace.id}@${state.marketplaces.version}`,
    test: (o) => inScope(o, scope),
  };
}

/**
 * "Acquired by this user's agency" (claimed, assigned or delivered to it). Here the stand-in acts
 * as the real upstream, which knows the buyer from its own records (the owner, by agency id), not
 * the shared `isBoughtBy` reading of a referral's status and assignedAgency that the relay,
 * which sees only the referral, must use.
 */
export function acquiredBy(state: SimState, username: string): Condition {
  const { agencyId } = knownUser(state, username);
  if (agencyId === null) return NOTHING;
  return {
    key: `owner=${agencyId}`,
    test: (o) => state.referrals.ownerOf(o.opportunityId) === agencyId,
  };
}

/** "Acquired by some agency". */
export const acquiredByAnyone = (state: SimState): Condition => ({
  key: 'owned',
  test: (o) => state.referrals.ownerOf(o.opportunityId) !== null,
});
