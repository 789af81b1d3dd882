import {
  ACQUIRED_DATE_FIELD,
  inScope,
  MARKET_SCOPE,
  type DateField,
  type Opportunity,
  type ReferralScope,
  type RiskAppetite,
  type StateCode,
} from '@referrals/shared';

/**
 * Which referrals a list holds before its date and claimed filters: one of shared's scopes (the
 * whole market, an appetite, an agency's purchases: `inScope` decides membership), optionally
 * narrowed to one state, under a key. Two scopes with the same key hold the same referrals, so
 * lists of many users share one view.
 */
export interface ListScope {
  readonly key: string;
  readonly has: (o: Opportunity) => boolean;
  /** A scope that holds every referral of this one: its view is a cheaper start than the market's. */
  readonly parent?: ListScope;
  /** Set when the scope is its parent narrowed to one state. */
  readonly state?: StateCode;
  /** The date its lists' date filter reads (addDate when not given). */
  readonly dateField?: DateField;
}

/** Membership in one of shared's scopes. */
const member =
  (scope: ReferralScope) =>
  (o: Opportunity): boolean =>
    inScope(o, scope);

/** Every referral. */
export const ALL: ListScope = { key: 'all', has: member(MARKET_SCOPE) };

/** Every referral someone bought (the admin's transactions). */
export const BOUGHT: ListScope = {
  key: 'bought',
  has: member({ kind: 'bought', agency: null }),
  dateField: ACQUIRED_DATE_FIELD,
};

/** The referrals an agency bought (its acquired referrals). */
export const boughtBy = (agencyName: string): ListScope => ({
  key: `bought:${JSON.stringify(agencyName)}`,
  has: member({ kind: 'bought', agency: agencyName }),
  parent: BOUGHT,
  dateField: ACQUIRED_DATE_FIELD,
});

// The mirror replaces a marketplace when it changes, so an appetite object names one version.
const appetiteKeys = new WeakMap<RiskAppetite, string>();
let appetiteVersions = 0;

/**
 * The referrals in a marketplace's appetite as it is now; an edited appetite is another scope,
 * so no list ever mixes two versions of an appetite.
 */
export function inAppetite(marketplaceId: number, appetite: RiskAppetite): ListScope {
  let version = appetiteKeys.get(appetite);
  if (version === undefined) {
    appetiteVersions += 1;
    version = String(appetiteVersions);
    appetiteKeys.set(appetite, version);
  }
  return {
    key: `appetite:${marketplaceId}:${version}`,
    has: member({ kind: 'appetite', appetite }),
  };
}

/** A scope narrowed to one state (null: all states, the scope itself). */
export function withState(scope: ListScope, state: StateCode | null): ListScope {
  if (state === null) return scope;
  return {
    key: `${scope.key}|state:${state}`,
    has: (o) => o.state === state && scope.has(o),
    parent: scope,
    state,
    ...(scope.dateField ? { dateField: scope.dateField } : {}),
  };
}

/**
 * A scope's referrals that have no expiration date: the tail of its lists by expiration first
 * (soonest expiry first, none last), read in the list's own sort (see `ReferralIndex`).
 */
export function withoutExpiry(scope: ListScope): ListScope {
  return {
    key: `${scope.key}|noExpiry`,
    has: (o) => (o.marketplaceExpirationDate ?? null) === null && scope.has(o),
    parent: scope,
    ...(scope.dateField ? { dateField: scope.dateField } : {}),
  };
}
