import { isBought } from '../domain/opportunity.js';
import { matchesAppetite } from '../marketplaces/appetite.js';
import type { RiskAppetite } from '../schemas/marketplace.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { matchesReferralFilter, type ReferralFilter } from './referralQuery.js';

/**
 * Which referrals a list holds before its filters: the whole market (the public feed and All
 * Referrals), a marketplace's appetite (In-Appetite), or what was bought, by one agency (its
 * acquired list) or by any (the admins' Claim-It Transactions, agency null).
 */
export type ReferralScope =
  | { readonly kind: 'market' }
  | { readonly kind: 'appetite'; readonly appetite: RiskAppetite }
  | { readonly kind: 'bought'; readonly agency: string | null };

/** The whole market. */
export const MARKET_SCOPE: ReferralScope = { kind: 'market' };

/** Whether an agency (any agency: null) bought a referral: it sees its contact details then. */
export const isBoughtBy = (
  o: Pick<Opportunity, 'marketplaceStatus' | 'assignedAgency'>,
  agency: string | null,
): boolean => isBought(o.marketplaceStatus) && (agency === null || o.assignedAgency === agency);

/**
 * Whether this agency bought a referral, where null (or an empty name) is a user without an
 * agency, who bought none: unlike `isBoughtBy`, never "any agency". What a user may read of a
 * referral (its contact details, its pipeline) asks this; an admin's "any agency that the referral
 * names" is `isBoughtByAgency(o, o.assignedAgency)`.
 */
export const isBoughtByAgency = (
  o: Pick<Opportunity, 'marketplaceStatus' | 'assignedAgency'>,
  agency: string | null,
): boolean => !!agency && isBoughtBy(o, agency);

/**
 * Whether a referral is in a scope: the one definition the relay's rooms and list indexes read,
 * and the stand-in's appetite view.
 */
export function inScope(o: Opportunity, scope: ReferralScope): boolean {
  switch (scope.kind) {
    case 'market':
      return true;
    case 'appetite':
      return matchesAppetite(o, scope.appetite);
    case 'bought':
      return isBoughtBy(o, scope.agency);
  }
}

/**
 * Whether a referral belongs on a list: in its scope, and passing its filter (state, date window,
 * claimed). The relay's indexes answer the same question in bulk; a live room holds a scope and a
 * state, and the browser applies the filter (`matchesReferralFilter`) to what the room sends.
 */
export const isListMember = (
  o: Opportunity,
  scope: ReferralScope,
  filter: ReferralFilter,
  now: Date,
): boolean => inScope(o, scope) && matchesReferralFilter(o, filter, now);
