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

/**
 * The collation of `String.prototype.localeCompare` without arguments (ECMA-402 defines that call
 * as this collator's compare), made once: building a 1,000,000-referral view by city makes ~20
 * million comparisons.
 */
const COLLATOR = new Intl.Collator();

function compare(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return COLLATOR.compare(String(a), String(b));
}

/** Code-point order: for ISO instants it is time order, and far cheaper than a collation. */
function compareInstants(a: Value, b: Value): number {
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The order of a list: by the keys, nulls last in either direction (so a descending premium sort
 * starts with real figures), ties to the newest id, which keeps pages stable. These are the
 * upstream's sort fields and tie rule, kept as the real upstream orders its pages; the console's
 * own lists (shared `compareReferrals`) break ties by addDate, then id. The relay never pages
 * through upstream order, so the two need not agree.
 */
export function referralComparator(
  keys: readonly SortKey[],
): (x: Opportunity, y: Opportunity) => number {
  const getters = keys.map((k) => {
    const field = SORT_VALUES[k.field] ? k.field : 'addDate';
    return {
      get: SORT_VALUES[field]!,
      cmp: INSTANT_FIELDS.has(field) ? compareInstants : compare,
      sign: k.direction === 'asc' ? 1 : -1,
    };
  });
  return (x, y) => {
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
  };
}

/** Sorts referrals in place by the keys (see `referralComparator`). */
export function sortReferrals(items: Opportunity[], keys: readonly SortKey[]): Opportunity[] {
  return items.sort(referralComparator(keys));
}

/** The text of a sort, for view keys. */
export const sortText = (keys: readonly SortKey[]): string =>
  keys.map((k) => `${k.field},${k.direction}`).join(';');

/** The ELIGIBLE status filter: Available and not yet expired, at the moment of the request. */
const isEligibleFilter = (status: string | undefined): boolean =>
  status?.toUpperCase() === ELIGIBLE_FILTER;

/** True when a referral can be claimed at `nowMs`: Available and not past its expiration. */
export function isClaimable(o: Opportunity, nowMs: number): boolean {
  if (o.marketplaceStatus !== MarketplaceStatus.Available) return false;
  const expiry = o.marketplaceExpirationDate;
  if (expiry === null) return true;
  // The stand-in writes toISOString() text, which orders as its time: no parse needed (a list
  // of 50,000 Available referrals spent ~25 ms in Date.parse). Other text is parsed.
  if (ISO_INSTANT.test(expiry)) return expiry > isoOf(nowMs);
  return Date.parse(expiry) > nowMs;
}

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The ISO text of the last instant asked for: one list walk asks for the same one each time. */
let lastIso = { ms: Number.NaN, iso: '' };
const isoOf = (ms: number): string => {
  if (lastIso.ms !== ms) lastIso = { ms, iso: new Date(ms).toISOString() };
  return lastIso.iso;
};

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

/** A condition on a referral's stored fields, with the text that names it in view keys. */
export interface Condition {
  readonly key: string;
  readonly test: (o: Opportunity) => boolean;
}

/** The filters of a referral list query, validated and split by how they can be answered. */
export interface ListFilter {
  /** Added at or after this instant (ISO), from startDate. */
  readonly addedFrom: string | null;
  /** Added before this instant (ISO), from endDate (the day after it). */
  readonly addedBefore: string | null;
  /** Conditions on stored fields: state, status, category, type, source. */
  readonly conditions: readonly Condition[];
  /** Whether only referrals claimable at the moment of the request count (ELIGIBLE). */
  readonly claimableOnly: boolean;
}

/**
 * Reads the filters of a referral list query: startDate and endDate (MM/DD/YYYY, inclusive days,
 * UTC), state, marketplaceStatus (a status name, comma-separated names, or ELIGIBLE for claimable
 * only), category, opportunityType and source. Unknown values give 400. These are the upstream's
 * parameters, read as the real upstream reads them (whole days; ELIGIBLE is claimable at the
 * moment of the request), not the console's list membership (shared `isListMember`: a window of
 * elapsed time, Available for Show Claimed off), which the relay applies to what it polls.
 */
export function parseListFilter(req: Request): ListFilter {
  const conditions: Condition[] = [];
  const start = queryText(req, 'startDate');
  const addedFrom = start === undefined ? null : new Date(usDate(start, 'startDate')).toISOString();
  const end = queryText(req, 'endDate');
  const addedBefore =
    end === undefined ? null : new Date(usDate(end, 'endDate') + 86_400_000).toISOString();
  const state = queryText(req, 'state');
  if (state !== undefined) {
    if (!/^[A-Za-z]{2}$/.test(state))
      throw badRequest(`Query parameter state must be a two-letter code (got '${state}').`);
    const code = state.toUpperCase();
    conditions.push({ key: `state=${code}`, test: (o) => o.state === code });
  }
  const status = queryText(req, 'marketplaceStatus');
  let claimableOnly = false;
  if (status !== undefined) {
    if (isEligibleFilter(status)) {
      claimableOnly = true;
      conditions.push(STATUS_AVAILABLE);
    } else {
      const wanted = new Set(
        status.split(',').map((s) => oneOf(s.trim(), MARKETPLACE_STATUSES, 'marketplaceStatus')),
      );
      conditions.push({
        key: `status=${[...wanted].sort().join(',')}`,
        test: (o) => wanted.has(o.marketplaceStatus),
      });
    }
  }
  const category = queryText(req, 'category');
  if (category !== undefined) {
    const c = oneOf(category, LINE_CATEGORIES, 'category');
    conditions.push({ key: `category=${c}`, test: (o) => o.category === c });
  }
  const type = queryText(req, 'opportunityType');
  if (type !== undefined) {
    const t = oneOf(type, OPPORTUNITY_TYPES, 'opportunityType');
    conditions.push({ key: `type=${t}`, test: (o) => o.opportunityType === t });
  }
  const source = queryText(req, 'source');
  if (source !== undefined)
    conditions.push({ key: `source=${JSON.stringify(source)}`, test: (o) => o.source === source });
  return { addedFrom, addedBefore, conditions, claimableOnly };
}

/** Status Available: the stored part of "claimable" (the clock decides the rest). */
export const STATUS_AVAILABLE: Condition = {
  key: 'status=Available',
  test: (o) => o.marketplaceStatus === MarketplaceStatus.Available,
};

/**
 * The filter of a referral list query as one test at `nowMs`: the plain reading of
 * `parseListFilter`, used as the reference the indexed lists are checked against.
 */
export function referralFilter(req: Request, nowMs: number): (o: Opportunity) => boolean {
  const { addedFrom, addedBefore, conditions, claimableOnly } = parseListFilter(req);
  return (o) =>
    (addedFrom === null || o.addDate >= addedFrom) &&
    (addedBefore === null || o.addDate < addedBefore) &&
    conditions.every((c) => c.test(o)) &&
    (!claimableOnly || isClaimable(o, nowMs));
}
