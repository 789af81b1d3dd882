import { MarketplaceStatus } from '../domain/opportunity.js';
import { inState, type StateCode } from '../domain/states.js';
import { businessLineName } from '../domain/businessLines.js';
import { DATE_FILTER_SPAN_MS } from '../referrals/dateFilters.js';
import type { DateFilter } from '../referrals/constants.js';
import type { Sort, SortKey } from '../referrals/sorting.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { expiringFirst, soonestExpiryThen } from './expiringFirst.js';

/** The date a list's date filter reads: when a referral was added, or last changed. */
export type DateField = 'addDate' | 'lastModDate';

/**
 * The date the acquired lists filter on: the acquisition (their Acquired column shows
 * lastModDate, agent-console section 3), so a referral added days ago and bought today is in
 * 'Last 48 Hours'. Every other list filters on addDate.
 */
export const ACQUIRED_DATE_FIELD: DateField = 'lastModDate';

/** The filters of a referral list (agent-console section 2). */
export interface ReferralFilter {
  /** Null is All States. */
  readonly state: StateCode | null;
  readonly dateFilter: DateFilter;
  /** Off: only claimable (Available) referrals, the upstream's ELIGIBLE filter. */
  readonly showClaimed: boolean;
  /** The date the date filter reads (addDate when not given). */
  readonly dateField?: DateField;
}

/** A page request of a referral list. */
export interface ReferralQuery extends ReferralFilter {
  readonly sort: Sort | null;
  /** Zero-based page. */
  readonly page: number;
  readonly size: number;
}

type Filterable = Pick<Opportunity, 'state' | 'addDate' | 'marketplaceStatus'> &
  Partial<Pick<Opportunity, 'lastModDate'>>;

/**
 * Whether a referral belongs in a list. The window is the filter's span back from now as elapsed
 * time ('Last 24 Hours' means the last 24 hours), which is what a user reads into the label;
 * the upstream's day-granular startDate can only include more. It reads the filter's date field.
 */
export function matchesReferralFilter(o: Filterable, f: ReferralFilter, now: Date): boolean {
  if (!inState(o, f.state)) return false;
  if (!f.showClaimed && o.marketplaceStatus !== MarketplaceStatus.Available) return false;
  const at = Date.parse((f.dateField === 'lastModDate' ? o.lastModDate : o.addDate) ?? '');
  return Number.isFinite(at) && at >= now.getTime() - DATE_FILTER_SPAN_MS[f.dateFilter];
}

type Sortable = Partial<Opportunity>;

/** What a referral sorts by under a key: missing values (null, undefined) go last. */
export type SortValue = string | number | null | undefined;

/** Whether a sort value is missing: such a referral goes last in either direction. */
export const isMissingSortValue = (v: SortValue): v is null | undefined =>
  v === null || v === undefined;

/** The value a list sorts a referral by, for each client sort key. */
const SORT_VALUE: Readonly<Record<SortKey, (o: Sortable) => SortValue>> = {
  addDate: (o) => o.addDate,
  status: (o) => o.marketplaceStatus,
  name: (o) => o.lastName,
  city: (o) => o.city,
  category: (o) => o.category,
  businessLines: (o) => (o.businessLines ?? []).map(businessLineName).join(', ') || null,
  estimatedPremium: (o) => o.estimatedPremium,
  industry: (o) => o.industryCode,
  noOfEmployees: (o) => o.noOfEmployees,
  yearsInBusiness: (o) => o.yearsInBusiness,
  marketplaceExpirationDate: (o) => o.marketplaceExpirationDate,
  lastModDate: (o) => o.lastModDate,
  phone: (o) => o.phone,
  email: (o) => o.email,
};

/** The value a referral sorts by under a key. */
export const sortValueOf = (key: SortKey, o: Sortable): SortValue => SORT_VALUE[key](o);

/**
 * Orders items that carry a referral by a sort; missing values go last in either direction, and
 * ties fall back to the newest first so pages are stable. Null sort: newest first. A sort with
 * `expirationFirst` leads with the referrals whose claim window is open at `nowMs`, soonest
 * expiry first, and orders every other one by itself (see expiringFirst.ts). `valueOf` gives an
 * item's sort value under the sort's key (`sortValueOf`, or a copy kept by a caller that compares
 * the same items many times).
 */
export function compareBy<T>(
  sort: Sort | null,
  recordOf: (t: T) => Sortable,
  valueOf: (t: T) => SortValue,
  nowMs: number = Date.now(),
): (a: T, b: T) => number {
  const bySort = compareBySortAlone(sort, recordOf, valueOf);
  return sort?.expirationFirst ? expiringFirst(recordOf, bySort, nowMs) : bySort;
}

/**
 * The order of a sort by expiration first among the referrals that lead it: soonest expiry first
 * (none last), the sort breaking ties; no clock (see `soonestExpiryThen`). Any other sort: its
 * own order.
 */
export function compareLeadBy<T>(
  sort: Sort | null,
  recordOf: (t: T) => Sortable,
  valueOf: (t: T) => SortValue,
): (a: T, b: T) => number {
  const bySort = compareBySortAlone(sort, recordOf, valueOf);
  return sort?.expirationFirst ? soonestExpiryThen(recordOf, bySort) : bySort;
}

/** The order of a sort's key and direction, whether by expiration first or not. */
function compareBySortAlone<T>(
  sort: Sort | null,
  recordOf: (t: T) => Sortable,
  valueOf: (t: T) => SortValue,
): (a: T, b: T) => number {
  const newest = (a: T, b: T) => {
    const ra = recordOf(a);
    const rb = recordOf(b);
    return (
      (rb.addDate ?? '').localeCompare(ra.addDate ?? '') ||
      (rb.opportunityId ?? 0) - (ra.opportunityId ?? 0)
    );
  };
  if (!sort) return newest;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return (a: T, b: T): number => {
    const va = valueOf(a);
    const vb = valueOf(b);
    const aMissing = isMissingSortValue(va);
    const bMissing = isMissingSortValue(vb);
    if (aMissing || bMissing) return aMissing === bMissing ? newest(a, b) : aMissing ? 1 : -1;
    const c =
      typeof va === 'number' && typeof vb === 'number'
        ? va - vb
        : String(va).localeCompare(String(vb));
    return c === 0 ? newest(a, b) : sign * c;
  };
}

/** Orders referrals by a sort at `nowMs` (see `compareBy`). */
export function compareReferrals(
  sort: Sort | null,
  nowMs: number = Date.now(),
): (a: Sortable, b: Sortable) => number {
  const value = sort ? SORT_VALUE[sort.key] : () => null;
  return compareBy(sort, (o: Sortable) => o, value, nowMs);
}

/** One page of a list: the rows and the total across pages. */
export interface ReferralPage<T> {
  readonly content: readonly T[];
  readonly totalElements: number;
  readonly page: number;
  readonly size: number;
}

/** Filters, sorts and pages referrals; the answer of every list query. */
export function queryReferrals<T extends Filterable & Sortable>(
  all: Iterable<T>,
  q: ReferralQuery,
  now: Date,
): ReferralPage<T> {
  const matching: T[] = [];
  for (const o of all) if (matchesReferralFilter(o, q, now)) matching.push(o);
  matching.sort(compareReferrals(q.sort, now.getTime()));
  const start = q.page * q.size;
  return {
    content: matching.slice(start, start + q.size),
    totalElements: matching.length,
    page: q.page,
    size: q.size,
  };
}
