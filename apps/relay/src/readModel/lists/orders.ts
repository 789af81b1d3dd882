/**
 * The orders of the lists over index entries: the key of a list's order and of its view, the
 * order its tree is kept in, the comparator over sort values computed once per entry, and how a
 * sort read from a tree kept in the other direction splits into ties.
 *
 * Invariant: every comparator here is the shared reference order (`compareBy`, `compareLeadBy`)
 * over the same values, so a tree's order is the order the reference filter and sort would give.
 */
import {
  compareBy,
  compareLeadBy,
  isMissingSortValue,
  sortValueOf,
  SortDirection,
  type Sort,
  type SortKey,
  type SortValue,
} from '@referrals/shared';
import { NODE_SIZE } from '../../lib/countedTree.js';
import type { Groups as Ties } from '../../lib/twoWay.js';
import { SharedValues } from '../referralRecord.js';
import type { Entry } from './entry.js';
import type { ListScope } from './scopes.js';

/** The order of a list by expiry: soonest first, none last (the agents' default list). */
export const BY_EXPIRY: Sort = { key: 'marketplaceExpirationDate', direction: SortDirection.Asc };

const orderKey = (sort: Sort | null): string =>
  sort ? `${sort.expirationFirst ? 'expiry:' : ''}${sort.key}:${sort.direction}` : 'none';

/**
 * The order a list's tree is kept in: both directions of a sort key share the ascending tree (see
 * `twoWay.ts`); a sort by expiration first keeps one of its lead's order per direction.
 */
export const treeSortOf = (sort: Sort | null): Sort | null =>
  sort && !sort.expirationFirst && sort.direction === SortDirection.Desc
    ? { key: sort.key, direction: SortDirection.Asc }
    : sort;

/** The key of a scope's view in an order: one view for both directions of a sort key. */
export const viewKey = (scope: ListScope, sort: Sort | null): string =>
  `${scope.key}|${orderKey(treeSortOf(sort))}`;

/**
 * The order of a tree over index entries: the reference order, over values computed once; for a
 * sort by expiration first the order of its lead, which reads no clock (see expirationFirst.ts).
 */
export function entryOrder(sort: Sort | null): (a: Entry, b: Entry) => number {
  if (!sort)
    return compareBy(
      sort,
      (e: Entry) => e.o,
      () => null,
    );
  return compareLeadBy(sort, (e: Entry) => e.o, valueIn(sort.key));
}

/**
 * One copy of each sort value made per referral rather than read from it (the business lines'
 * names joined: a string a referral, a handful of values across the market).
 */
const madeValues = new SharedValues();

/**
 * Each sort key's field in an entry, and how it is read: a function per field, so each read is
 * of one field of one shape (the sorts read them some 20,000,000 times to build a view).
 */
const SORTED: { readonly [K in SortKey]: readonly [SortedField, (e: Entry) => SortValue] } = {
  addDate: ['byAddDate', (e) => e.byAddDate],
  status: ['byStatus', (e) => e.byStatus],
  name: ['byName', (e) => e.byName],
  city: ['byCity', (e) => e.byCity],
  category: ['byCategory', (e) => e.byCategory],
  businessLines: ['byBusinessLines', (e) => e.byBusinessLines],
  estimatedPremium: ['byEstimatedPremium', (e) => e.byEstimatedPremium],
  industry: ['byIndustry', (e) => e.byIndustry],
  noOfEmployees: ['byNoOfEmployees', (e) => e.byNoOfEmployees],
  yearsInBusiness: ['byYearsInBusiness', (e) => e.byYearsInBusiness],
  marketplaceExpirationDate: ['byMarketplaceExpirationDate', (e) => e.byMarketplaceExpirationDate],
  lastModDate: ['byLastModDate', (e) => e.byLastModDate],
  phone: ['byPhone', (e) => e.byPhone],
  email: ['byEmail', (e) => e.byEmail],
};
type SortedField = { [F in keyof Entry]: Entry[F] extends SortValue ? F : never }[keyof Entry] &
  `by${string}`;

/** An entry's sort value under a key, computed once. */
function valueIn(key: SortKey): (e: Entry) => SortValue {
  const [field, read] = SORTED[key];
  const made = key === 'businessLines';
  return (e) => {
    const v = read(e);
    if (v !== undefined) return v;
    const value = sortValueOf(key, e.o) ?? null;
    return (e[field] = made && typeof value === 'string' ? madeValues.of(value) : value);
  };
}

/** A record with no addDate and no id: under `compareBy` it ties with any other. */
const NO_TIE = {};

/**
 * How a sort read from a tree kept in the other direction splits into ties, runs of equal values
 * (twoWay's `Groups`, see `treeSortOf`); undefined when the sort is read as its tree is kept.
 */
export function tiesOf(sort: Sort | null, nodeSize: number | undefined): Ties<Entry> | undefined {
  if (!sort || treeSortOf(sort) === sort) return undefined;
  const known = TIES.get(`${sort.key}:${nodeSize}`);
  if (known) return known;
  const valueOf = valueIn(sort.key);
  const ties: Ties<Entry> = {
    // The reference comparator itself with every tie rule out: the values' order, missing last.
    compareValues: compareBy(treeSortOf(sort), () => NO_TIE, valueOf),
    missing: (e) => isMissingSortValue(valueOf(e)),
    readAhead: nodeSize ?? NODE_SIZE,
  };
  TIES.set(`${sort.key}:${nodeSize}`, ties);
  return ties;
}
const TIES = new Map<string, Ties<Entry>>();
