import {
  ELIGIBLE_FILTER,
  LINE_CATEGORIES,
  MARKETPLACE_STATUSES,
  MarketplaceStatus,
  OPPORTUNITY_TYPES,
  type Opportunity,
} from '@referrals/shared';
import type { Request } from 'express';
import { badRequest, queryText } from './http.js';
import type { SortKey } from './paging.js';

type Value = string | number | null;

/**
 * Server sort fields (agent-console section 3's mapping targets) and the referral value each one
 * orders by. opportunityBusinessLineEntities orders by the joined line codes.
 */
const SORT_VALUES: Readonly<Record<string, (o: Opportunity) => Value>> = {
  addDate: (o) => o.addDate,
  marketplaceStatus: (o) => o.marketplaceStatus,
  lastName: (o) => o.lastName,
  city: (o) => o.city,
  businessLineCategory: (o) => o.category,
  opportunityBusinessLineEntities: (o) =>
    o.businessLines.length === 0 ? null : o.businessLines.join(','),
  premium: (o) => o.estimatedPremium,
  industryCode: (o) => o.industryCode,
  businessSize: (o) => o.noOfEmployees,
  businessYears: (o) => o.yearsInBusiness,
  marketplaceExpirationDate: (o) => o.marketplaceExpirationDate,
  lastModDate: (o) => o.lastModDate,
  opportunityId: (o) => o.opportunityId,
};

/** The sort fields a referral list accepts. */
export const REFERRAL_SORT_FIELDS: ReadonlySet<string> = new Set(Object.keys(SORT_VALUES));

/** Newest first: the default order of the available and all lists (agent-console section 9). */
export const BY_ADD_DATE_DESC: readonly SortKey[] = [{ field: 'addDate', direction: 'desc' }];

/** Fields holding ISO-8601 instants: their text sorts as their time, by code point. */
const INSTANT_FIELDS: ReadonlySet<string> = new Set([
  'addDate',
  'lastModDate',
  'marketplaceExpirationDate',
]);

function compare(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Code-point order: for ISO instants it is time order, and far cheaper than a collation. */
function compareInstants(a: Value, b: Value): number {
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Sorts referrals by the keys; nulls go last in either direction (so a descending premium sort
 * starts with real figures) and ties fall back to the newest id, keeping pages stable.
 */
export function sortReferrals(items: Opportunity[], keys: readonly SortKey[]): Opportunity[] {
  const getters = keys.map((k) => {
    const field = SORT_VALUES[k.field] ? k.field : 'addDate';
    return {
      get: SORT_VALUES[field]!,
      cmp: INSTANT_FIELDS.has(field) ? compareInstants : compare,
      sign: k.direction === 'asc' ? 1 : -1,
    };
  });
  return items.sort((x, y) => {
    for (const { get, cmp, sign } of getters) {
      const a = get(x);
      const b = get(y);
      if (a === b) continue;
      if (a === null) return 1;
      if (b === null) return -1;
      const c = cmp(a, b) * sign;
      if (c !== 0) return c;
    }
    return y.opportunityId - x.opportunityId;
  });
}

/** The ELIGIBLE status filter: Available and not yet expired, at the moment of the request. */
const isEligibleFilter = (status: string | undefined): boolean =>
  status?.toUpperCase() === ELIGIBLE_FILTER;

/**
 * Whether a list query's answer can change with the clock alone (the ELIGIBLE filter: claimable
 * now), not only with writes to the market.
 */
export function dependsOnTime(req: Request): boolean {
  return isEligibleFilter(queryText(req, 'marketplaceStatus'));
}

/**
 * Filtered and sorted referral lists, kept while the market is unchanged. A client paging
 * through a list asks for the same filter and order once per page; at 100,000 referrals
 * filtering and sorting every time took ~60 ms a page, and one relay poll (100 pages of 1,000)
 * kept the stand-in busy for seconds. A real service answers such pages from an index. The
 * lists are dropped at the first write (the version moves), so no page is ever stale.
 */
export class SortedViews {
  private readonly views = new Map<string, readonly Opportunity[]>();
  private version = '';

  constructor(private readonly max = 8) {}

  /** The list for `key` at `version`, computed when not held. */
  get(key: string, version: string, compute: () => Opportunity[]): readonly Opportunity[] {
    if (version !== this.version) {
      this.views.clear();
      this.version = version;
    }
    const held = this.views.get(key);
    if (held) return held;
    const list = compute();
    if (this.views.size >= this.max) {
      const oldest = this.views.keys().next();
      if (!oldest.done) this.views.delete(oldest.value);
    }
    this.views.set(key, list);
    return list;
  }
}

/** The list part of a request: its path and every query parameter but the page's. */
export function viewKey(req: Request): string {
  const params = Object.entries(req.query)
    .filter(([k]) => k !== 'page' && k !== 'size')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${req.path}?${JSON.stringify(params)}`;
}

/** True when a referral can be claimed at `nowMs`: Available and not past its expiration. */
export function isClaimable(o: Opportunity, nowMs: number): boolean {
  if (o.marketplaceStatus !== MarketplaceStatus.Available) return false;
  return o.marketplaceExpirationDate === null || Date.parse(o.marketplaceExpirationDate) > nowMs;
}

/** Reads MM/DD/YYYY as the start of that day in UTC; the spec's date filter sends whole days. */
function usDate(text: string, name: string): number {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const ms = m ? Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])) : NaN;
  const back = Number.isNaN(ms) ? '' : new Date(ms).toISOString();
  if (!m || back.slice(0, 10) !== `${m[3]}-${m[1]}-${m[2]}`) {
    throw badRequest(`Query parameter ${name} must be a date MM/DD/YYYY (got '${text}').`);
  }
  return ms;
}

function oneOf(text: string, values: readonly string[], name: string): string {
  const found = values.find((v) => v.toLowerCase() === text.toLowerCase());
  if (found === undefined)
    throw badRequest(
      `Query parameter ${name} must be one of ${values.join(', ')} (got '${text}').`,
    );
  return found;
}

/**
 * The filter of a referral list query: startDate and endDate (MM/DD/YYYY, inclusive days, UTC),
 * state, marketplaceStatus (a status name, comma-separated names, or ELIGIBLE for claimable
 * only), category, opportunityType and source. Unknown values give 400.
 */
export function referralFilter(req: Request, nowMs: number): (o: Opportunity) => boolean {
  const tests: ((o: Opportunity) => boolean)[] = [];
  const start = queryText(req, 'startDate');
  if (start !== undefined) {
    const from = new Date(usDate(start, 'startDate')).toISOString();
    tests.push((o) => o.addDate >= from);
  }
  const end = queryText(req, 'endDate');
  if (end !== undefined) {
    const until = new Date(usDate(end, 'endDate') + 86_400_000).toISOString();
    tests.push((o) => o.addDate < until);
  }
  const state = queryText(req, 'state');
  if (state !== undefined) {
    if (!/^[A-Za-z]{2}$/.test(state))
      throw badRequest(`Query parameter state must be a two-letter code (got '${state}').`);
    const code = state.toUpperCase();
    tests.push((o) => o.state === code);
  }
  const status = queryText(req, 'marketplaceStatus');
  if (status !== undefined) {
    if (isEligibleFilter(status)) {
      tests.push((o) => isClaimable(o, nowMs));
    } else {
      const wanted = new Set(
        status.split(',').map((s) => oneOf(s.trim(), MARKETPLACE_STATUSES, 'marketplaceStatus')),
      );
      tests.push((o) => wanted.has(o.marketplaceStatus));
    }
  }
  const category = queryText(req, 'category');
  if (category !== undefined) {
    const c = oneOf(category, LINE_CATEGORIES, 'category');
    tests.push((o) => o.category === c);
  }
  const type = queryText(req, 'opportunityType');
  if (type !== undefined) {
    const t = oneOf(type, OPPORTUNITY_TYPES, 'opportunityType');
    tests.push((o) => o.opportunityType === t);
  }
  const source = queryText(req, 'source');
  if (source !== undefined) tests.push((o) => o.source === source);
  return (o) => tests.every((t) => t(o));
}
