/** Business constants and limits of agent-console section 9, one typed object per concern. */

/** Sort direction as the opportunity service spells it in `sort={field},{direction}`. */
export const SortDirection = { Asc: 'asc', Desc: 'desc' } as const;
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];

/** The five date filters, in dropdown order (section 2 and 9). */
export const DateFilter = {
  Last24Hours: '24hours',
  Last48Hours: '48hours',
  Last72Hours: '72hours',
  Last7Days: '7days',
  Last30Days: '30days',
} as const;
export type DateFilter = (typeof DateFilter)[keyof typeof DateFilter];
/** The date filter set, in dropdown order. */
export const DATE_FILTERS: readonly DateFilter[] = Object.values(DateFilter);

/** Paging sizes and initial values of each list. */
export const PAGING = {
  availablePageSize: 25,
  availableFirstPage: 0,
  /** The available list assumes 200 entries until the first answer says otherwise. */
  availableInitialTotalEntries: 200,
  acquiredPageSize: 25,
  pollingSourcePageSize: 10,
  pollingSourceFirstPage: 0,
  /** The service forces this size when no sort is sent. */
  sortlessSize: 20,
} as const;

/** Default sorts, by client sort key (these keys equal their server fields). */
export const DEFAULT_SORTS = {
  availableAndAll: { key: 'addDate', direction: SortDirection.Desc },
  acquired: { key: 'lastModDate', direction: SortDirection.Desc },
  /** Non-privileged users of the all-referrals list (section 2). */
  nonPrivileged: { key: 'marketplaceExpirationDate', direction: SortDirection.Asc },
} as const;

/** Default date filter per list. */
export const DEFAULT_DATE_FILTERS = {
  adminList: DateFilter.Last48Hours,
  acquired: DateFilter.Last48Hours,
  publicFeed: DateFilter.Last72Hours,
} as const;

/** Age, countdown and relative-age thresholds. */
export const TIMING = {
  newItemThresholdSeconds: 300,
  /** The relative-age helper says 'Today' past this many minutes. */
  relativeAgeTodayAfterMinutes: 31,
  countdownCriticalMinutes: 5,
  countdownMinimumMinutes: 1,
} as const;

/** Prices fixed by the product. */
export const PRICES = { talkNowListPriceUsd: 30 } as const;

/** Validation limits. */
export const LIMITS = { urlMaxLength: 100 } as const;

/** Identity client timings; both token validity figures appear in the spec and both stand. */
export const IDENTITY_TIMING = {
  tokenMinValiditySeconds: 20,
  loginClientTokenMinValiditySeconds: 5,
  loginMessageTimeoutMs: 10000,
  statusCheckIntervalSeconds: 5,
  callbackStateLifetimeMinutes: 60,
} as const;

/** Layout sizes in CSS pixels. */
export const LAYOUT = {
  detailsPanelWidthPx: 470,
  streetViewWidthPx: 300,
  streetViewHeightPx: 200,
  /** Widths at or below this use the stacked mobile layout. */
  mobileBreakpointPx: 768,
} as const;

/** Tooltip behaviour: open at once, linger briefly, prefer the right and flip when cramped. */
export const TOOLTIP = {
  showDelayMs: 0,
  hideDelayMs: 200,
  placement: 'right',
  fallbackPlacement: 'left',
} as const;

/** Dropdown behaviour. */
export const DROPDOWN = {
  typeaheadDebounceMs: 200,
  stateDropdownMaxHeightPercentOfViewport: 50,
  emptyText: 'No results.',
} as const;

/** The media query of the stacked mobile layout: 768px wide and below. */
export const MOBILE_MEDIA_QUERY = `(max-width:${LAYOUT.mobileBreakpointPx}px)`;
