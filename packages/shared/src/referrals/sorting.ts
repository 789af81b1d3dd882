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
   * Soonest expiry first, this sort breaking ties (no expiry last): the by-expiration ordering
   * of the admin referral list while the expiration flag is on (agent-console section 7).
   */
  readonly expirationFirst?: boolean;
}

/**
 * A sort with the soonest expiry first, as the upstream's by-expiration call orders: the sort
 * breaks ties, and a sort by expiration itself (or none) is the expiry ascending.
 */
export const byExpirationFirst = (sort: Sort | null): Sort =>
  sort === null || sort.key === 'marketplaceExpirationDate'
    ? { key: 'marketplaceExpirationDate', direction: SortDirection.Asc }
    : { key: sort.key, direction: sort.direction, expirationFirst: true };

/** True when the text is a client sort key. */
export const isSortKey = (value: string): value is SortKey => Object.hasOwn(SORT_FIELDS, value);

/**
 * Generic header click: a new column sorts descending; the same column cycles descending,
 * ascending, then unsorted.
 */
export const cycleSort = (current: Sort | null, clicked: SortKey): Sort | null => {
  if (current?.key !== clicked) return { key: clicked, direction: SortDirection.Desc };
  return current.direction === SortDirection.Desc
    ? { key: clicked, direction: SortDirection.Asc }
    : null;
};

/**
 * All-opportunities header click: a new column sorts ascending for the expiration date (soonest
 * first) and descending otherwise; the same column alternates and never goes unsorted.
 */
export const cycleAllOpportunitiesSort = (current: Sort | null, clicked: SortKey): Sort => {
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
