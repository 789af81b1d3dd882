import { SortDirection } from './constants.js';

/**
 * Client sort key to server field (section 3). The default sorts also use
 * marketplaceExpirationDate and lastModDate, and the acquired list sorts by phone and email; those
 * have the same name on both sides.
 */
export const SORT_FIELDS = {
  addDate: 'addDate',
  status: 'marketplaceStatus',
  name: 'lastName',
  city: 'city',
  category: 'businessLineCategory',
  businessLines: 'opportunityBusinessLineEntities',
  estimatedPremium: 'premium',
  industry: 'industryCode',
  noOfEmployees: 'businessSize',
  yearsInBusiness: 'businessYears',
  marketplaceExpirationDate: 'marketplaceExpirationDate',
  lastModDate: 'lastModDate',
  phone: 'phone',
  email: 'email',
} as const;
/** A client sort key. */
export type SortKey = keyof typeof SORT_FIELDS;

/** A list's sort: a column and a direction. Null means unsorted. */
export interface Sort {
  readonly key: SortKey;
  readonly direction: SortDirection;
  /**
   * "Expiring first": the referrals whose claim window is still open lead, soonest expiry first,
   * and every other referral follows in this sort (see shared `lists/expiringFirst.ts`). The admin
   * referral list's default order while the expiration flag is on (agent-console section 7); a
   * header click replaces it with that column's sort.
   */
  readonly expirationFirst?: boolean;
}

/** The order every other referral follows in when a list by expiration first names no sort. */
const NEWEST_FIRST: Sort = { key: 'addDate', direction: SortDirection.Desc };

/**
 * A sort by expiration first: the open claim windows first, soonest expiry first, then the rest
 * in `sort` (newest first when null).
 */
export const byExpirationFirst = (sort: Sort | null): Sort => {
  const rest = sort ?? NEWEST_FIRST;
  return { key: rest.key, direction: rest.direction, expirationFirst: true };
};

/** The sort a header click starts from: expiration first is no column's sort. */
const columnSort = (current: Sort | null): Sort | null =>
  current?.expirationFirst ? null : current;

/** True when the text is a client sort key. */
export const isSortKey = (value: string): value is SortKey => Object.hasOwn(SORT_FIELDS, value);

/**
 * Generic header click: a new column sorts descending; the same column cycles descending,
 * ascending, then unsorted. From expiration first, every column is a new one.
 */
export const cycleSort = (sort: Sort | null, clicked: SortKey): Sort | null => {
  const current = columnSort(sort);
  if (current?.key !== clicked) return { key: clicked, direction: SortDirection.Desc };
  return current.direction === SortDirection.Desc
    ? { key: clicked, direction: SortDirection.Asc }
    : null;
};

/**
 * All-opportunities header click: a new column sorts ascending for the expiration date (soonest
 * first) and descending otherwise; the same column alternates and never goes unsorted. From
 * expiration first, every column is a new one (Received gives Received descending).
 */
export const cycleAllOpportunitiesSort = (sort: Sort | null, clicked: SortKey): Sort => {
  const current = columnSort(sort);
  if (current?.key !== clicked) {
    return {
      key: clicked,
      direction: clicked === 'marketplaceExpirationDate' ? SortDirection.Asc : SortDirection.Desc,
    };
  }
  return {
    key: clicked,
    direction: current.direction === SortDirection.Asc ? SortDirection.Desc : SortDirection.Asc,
  };
};
