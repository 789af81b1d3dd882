import type { Access } from './access.js';
import type { DateFilter } from './constants.js';
import { DEFAULT_DATE_FILTERS, DEFAULT_SORTS } from './constants.js';
import type { Sort } from './sorting.js';

/** Who a referral list is for. */
export type ListAudience =
  | { readonly kind: 'public' }
  | {
      readonly kind: 'signedIn';
      readonly access: Pick<Access, 'privileged' | 'isAdmin'>;
      readonly username: string;
    };

/** The signed-in referral list's views: the user's agency's appetite, or every referral. */
export const REFERRAL_VIEWS = ['inAppetite', 'all'] as const;
export type ReferralView = (typeof REFERRAL_VIEWS)[number];

/** The view a signed-in list opens on: administrators see every referral, others their appetite. */
export const defaultReferralView = (access: Pick<Access, 'isAdmin'>): ReferralView =>
  access.isAdmin ? 'all' : 'inAppetite';

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
