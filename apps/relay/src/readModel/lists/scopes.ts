/**
 * List scopes: which referrals a list holds before its date and claimed filters (the market, an
 * appetite, an agency's purchases, any of them narrowed to a state), and the plain data a scope
 * crosses threads as.
 *
 * Invariant: two scopes with the same key hold the same referrals (the index shares views by
 * key), and a narrowed scope holds only referrals its parent holds.
 */
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
  /**
   * What the scope is, as plain data: the read model's own thread builds the same scope from it
   * (see `scopeOf`). Absent from a scope that never leaves its thread (a test's predicate).
   */
  readonly spec?: ScopeSpec;
  readonly has: (o: Opportunity) => boolean;
  /** A scope that holds every referral of this one: its view is a cheaper start than the market's. */
  readonly parent?: ListScope;
  /** Set when the scope is its parent narrowed to one state. */
  readonly state?: StateCode;
  /** The date its lists' date filter reads (addDate when not given). */
  readonly dateField?: DateField;
}

/**
 * A list scope as plain data (it crosses to the read model's own thread): shared's scope, or one
 * narrowed to a state.
 */
export type ScopeSpec =
  | Exclude<ReferralScope, { kind: 'appetite' }>
  | { readonly kind: 'appetite'; readonly marketplaceId: number; readonly appetite: RiskAppetite }
  | { readonly kind: 'state'; readonly of: ScopeSpec; readonly state: StateCode };

/** Membership in one of shared's scopes. */
const member =
  (scope: ReferralScope) =>
  (o: Opportunity): boolean =>
    inScope(o, scope);

/** Every referral. */
export const ALL: ListScope = { key: 'all', spec: { kind: 'market' }, has: member(MARKET_SCOPE) };

/** Every referral someone bought (the admin's transactions). */
export const BOUGHT: ListScope = {
  key: 'bought',
  spec: { kind: 'bought', agency: null },
  has: member({ kind: 'bought', agency: null }),
  dateField: ACQUIRED_DATE_FIELD,
};

/** The referrals an agency bought (its acquired referrals). */
export const boughtBy = (agencyName: string): ListScope => ({
  key: `bought:${JSON.stringify(agencyName)}`,
  spec: { kind: 'bought', agency: agencyName },
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
    spec: { kind: 'appetite', marketplaceId, appetite },
    has: member({ kind: 'appetite', appetite }),
  };
}

/** A scope narrowed to one state (null: all states, the scope itself). */
export function withState(scope: ListScope, state: StateCode | null): ListScope {
  if (state === null) return scope;
  return {
    key: `${scope.key}|state:${state}`,
    ...(scope.spec ? { spec: { kind: 'state', of: scope.spec, state } } : {}),
    has: (o) => o.state === state && scope.has(o),
    parent: scope,
    state,
    ...(scope.dateField ? { dateField: scope.dateField } : {}),
  };
}

/** Scopes rebuilt from their specs, kept so that one spec names one scope (one key) at most. */
const rebuilt = new Map<string, ListScope>();
/** Rebuilt scopes kept at most (past it the map starts again: an older spec gets a new key). */
const REBUILT_MAX = 4096;

/**
 * The scope a spec stands for, as `scopes.ts` builds it: the same spec gives the same scope while
 * it is kept, so that lists asked for from another thread share their views.
 */
export function scopeOf(spec: ScopeSpec): ListScope {
  const key = JSON.stringify(spec);
  let scope = rebuilt.get(key);
  if (scope) return scope;
  switch (spec.kind) {
    case 'market':
      scope = ALL;
      break;
    case 'bought':
      scope = spec.agency === null ? BOUGHT : boughtBy(spec.agency);
      break;
    case 'appetite':
      scope = inAppetite(spec.marketplaceId, spec.appetite);
      break;
    case 'state':
      scope = withState(scopeOf(spec.of), spec.state);
      break;
  }
  if (rebuilt.size >= REBUILT_MAX) rebuilt.clear();
  rebuilt.set(key, scope);
  return scope;
}
