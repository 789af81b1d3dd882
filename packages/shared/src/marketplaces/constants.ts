/** Business constants and limits of marketplace-admin section 9. */

/** Timings and sizes of the admin screens. */
export const ADMIN_UI = {
  /** Every toast lasts this long. */
  toastDurationMs: 7000,
  /** Width of the unsaved-changes dialog. */
  dialogWidthPx: 500,
  /** Delivery errors shown per page on the list screen. */
  deliveryErrorsPageSize: 5,
  /** Page size the delivery-errors service uses when none is asked for. */
  deliveryErrorsServicePageSize: 10,
  /** The screen numbers pages from 1 (the service from 0). */
  firstPage: 1,
  /** Prepaid balances below this many US dollars are shown in red. */
  prepaidRedThresholdUsd: 500,
  /** Agency and purchaser lookups run this long after the last keystroke. */
  lookupDebounceMs: 1000,
  /** Priorities are 1-based. */
  firstPriority: 1,
} as const;

/** Drag-to-reorder defaults of the marketplaces list. */
export const DRAG_DEFAULTS = {
  startThresholdPx: 5,
  autoScrollStep: 2,
  edgeZonePercent: 5,
} as const;

/** Column counts of the checkbox grids on the form. */
export const GRID_COLUMNS = { sources: 5, states: 7 } as const;

/**
 * Numeric limits of the form. The spec lists the input digit limits as "2, 2, 3 respectively" after
 * years, employees and line counts, which would cap employees (0-999) at 2 digits; the digit limits
 * here follow the ranges instead: years 2, employees 3, line counts 2.
 */
export const FORM_LIMITS = {
  yearsInBusiness: { min: 0, max: 99, digits: 2 },
  numberOfEmployees: { min: 0, max: 999, digits: 3 },
  businessLines: { min: 0, max: 99, digits: 2 },
  /** Smallest allowed value of a given referral limit (per hour, day, week, month). */
  referralLimitMin: 1,
  percentModifierMin: -100,
  phoneDigits: 10,
  /** Smallest allowed price, premium or death benefit bound. */
  amountMin: 0,
} as const;

/** Start and end of a 24-hour delivery window. */
export const FULL_DAY = { start: '00:00:00', end: '23:59:59' } as const;

/** Timezone of a new marketplace. */
export const DEFAULT_DELIVERY_TIMEZONE = 'America/Chicago' as const;

/** The international prefix the service stores phone numbers with. */
export const PHONE_PREFIX = '+1' as const;

/** Price mode of the Referral Price Adjustments section. */
export const PriceMode = {
  PercentModifier: 'percentModifier',
  DeliveredPrice: 'deliveredPrice',
} as const;
export type PriceMode = (typeof PriceMode)[keyof typeof PriceMode];
export const PRICE_MODES = Object.values(PriceMode);

/** How the NAICS text box reads: the excluded codes, or the included ones (their complement). */
export const NaicsMode = { Exclude: 'exclude', Include: 'include' } as const;
export type NaicsMode = (typeof NaicsMode)[keyof typeof NaicsMode];
export const NAICS_MODES = Object.values(NaicsMode);
