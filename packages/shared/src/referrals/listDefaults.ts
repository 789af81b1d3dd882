import { ELIGIBLE_FILTER } from '../domain/opportunity.js';
import type { Access } from './access.js';
import type { DateFilter } from './constants.js';
import { DEFAULT_DATE_FILTERS, DEFAULT_SORTS } from './constants.js';
import { dateFilterStartDate } from './dateFilters.js';
import type { Sort } from './sorting.js';
import { DEFAULT_TIME_ZONE } from './time.js';

/** Who a referral list is for. */
export type ListAudience =
  | { readonly kind: 'public' }
  | {
      readonly kind: 'signedIn';
      readonly access: Pick<Access, 'privileged' | 'isAdmin'>;
      readonly username: string;
    };

/** The starting configuration of the referral list for an audience. */
export interface ListDefaults {
  readonly sort: Sort;
  readonly showClaimed: boolean;
  /** Type and Agencies Notified columns. */
  readonly extraColumns: boolean;
  readonly dateFilter: DateFilter;
  /** Non-admins see only their own list; null means unfiltered. */
  readonly usernameFilter: string | null;
  readonly showPrices: boolean;
  readonly showExpiration: boolean;
  readonly detailsPanel: boolean;
  readonly geoLocate: boolean;
}

/**
 * List defaults per audience (section 2). The public feed shows every status (its state hint
 * promises all referral activity), so claimed items stay visible there.
 */
export const listDefaults = (audience: ListAudience): ListDefaults => {
  if (audience.kind === 'public') {
    return {
      sort: DEFAULT_SORTS.availableAndAll,
      showClaimed: true,
      extraColumns: false,
      dateFilter: DEFAULT_DATE_FILTERS.publicFeed,
      usernameFilter: null,
      showPrices: false,
      showExpiration: false,
      detailsPanel: false,
      geoLocate: false,
    };
  }
  const { privileged, isAdmin } = audience.access;
  return {
    sort: privileged ? DEFAULT_SORTS.availableAndAll : DEFAULT_SORTS.nonPrivileged,
    showClaimed: privileged,
    extraColumns: privileged,
    dateFilter: DEFAULT_DATE_FILTERS.adminList,
    usernameFilter: isAdmin ? null : audience.username,
    showPrices: true,
    showExpiration: true,
    detailsPanel: true,
    geoLocate: true,
  };
};

/** The user's current list filters. */
export interface ListFilterState {
  readonly dateFilter: DateFilter;
  /** Null is All States, which removes the filter. */
  readonly stateCode: string | null;
  readonly showClaimed: boolean;
}

/**
 * Filter parameters of a list request: the start date, the state when one is chosen, and
 * marketplaceStatus ELIGIBLE when claimed items are hidden. Null values are left out by
 * listQueryParams.
 */
export const listFilterParams = (
  f: ListFilterState,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Readonly<Record<'startDate' | 'state' | 'marketplaceStatus', string | null>> => ({
  startDate: dateFilterStartDate(f.dateFilter, now, timeZone),
  state: f.stateCode,
  marketplaceStatus: f.showClaimed ? null : ELIGIBLE_FILTER,
});
