import {
  matchesAppetite,
  type AgencyUser,
  type Marketplace,
  type Opportunity,
} from '@referrals/shared';
import type { SimState } from '../store/state.js';
import { notFound } from './http.js';

/** A known user, or 404: an unknown username names no record. */
export function knownUser(state: SimState, username: string): AgencyUser {
  const user = state.directory.user(username);
  if (user === undefined) throw notFound(`User ${username}`);
  return user;
}

/**
 * The buying marketplace of a user's agency, or null for staff without an agency (their appetite
 * view is empty). When an agency has several, the lowest id is its main one.
 */
export function userMarketplace(state: SimState, username: string): Marketplace | null {
  const { agencyId } = knownUser(state, username);
  if (agencyId === null) return null;
  return state.marketplaces.list().find((m) => m.agencyId === agencyId) ?? null;
}

/** A test for "inside the appetite of this user's marketplace", with the shared rule. */
export function inAppetiteOf(state: SimState, username: string): (o: Opportunity) => boolean {
  const marketplace = userMarketplace(state, username);
  if (marketplace === null) return () => false;
  return (o) => matchesAppetite(o, marketplace.riskAppetite);
}

/** A test for "acquired by this user's agency" (claimed, assigned or delivered to it). */
export function acquiredBy(state: SimState, username: string): (o: Opportunity) => boolean {
  const { agencyId } = knownUser(state, username);
  if (agencyId === null) return () => false;
  return (o) => state.referrals.meta(o.opportunityId)?.ownerAgencyId === agencyId;
}
