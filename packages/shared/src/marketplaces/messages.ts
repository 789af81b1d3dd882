/** Inline validation messages of the marketplace form (marketplace-admin section 5). */

/** The messages the spec spells out, verbatim. */
export const FORM_MESSAGES = {
  nameRequired: 'Please provide marketplace name',
  phoneInvalid: 'Please provide a valid phone number',
  purchaserEmailInvalid: 'Please provide a valid default purchasing agent email address',
  purchaserNotFound: 'No user found matching the provided email address',
  agencyNotFound: 'No agency found matching the provided agency ID',
  percentModifierRequired: 'Percent Modifier is required.',
  percentModifierTooNegative: 'The negative percent modifier cannot exceed abs(-100)%.',
  deliveredPriceRequired: 'Delivered Price is required.',
  priceMinAboveMax: 'Min price cannot be greater than max price.',
  sourcesRequired: 'At least one referral source must be selected.',
  statesRequired: 'At least one state must be selected.',
  businessLineCategoryRequired: 'At least one business line appetite must be enabled.',
  naicsInvalid: 'NAICS codes must be 6 digits and separated by commas.',
  deliveryDayRequired: 'At least one delivery day must be selected.',
  emailsInvalid: 'Email addresses must be valid and separated by commas.',
  emailRecipientRequired: 'At least one email recipient is required.',
  emailsDuplicated: 'Email addresses must not be duplicated.',
} as const;

/**
 * Messages the spec implies but does not spell out; worded after the spelled-out ones.
 */
export const INFERRED_MESSAGES = {
  percentModifierDecimals: 'Percent Modifier can have at most 2 decimals (1.25 %).',
  agencyIdInvalid: 'Agency ID must be a whole number of at least 0.',
  apiMethodRequired: 'Please select an API delivery method.',
  apiTypeRequired: 'API Type is required.',
  apiUrlRequired: 'URL is required.',
  apiUrlInvalid: 'Please provide a valid URL.',
  apiUrlTooLong: 'URL cannot be longer than 100 characters.',
  apiKeyRequired: 'API key is required.',
} as const;

/** The referral-limit periods, in form order. */
export const LIMIT_PERIODS = ['hour', 'day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** 'Referrals per hour cannot be less than 1.' and likewise day, week, month. */
export const referralLimitMessage = (period: LimitPeriod): string =>
  `Referrals per ${period} cannot be less than 1.`;

/** 'At least one day must be selected for recipient [id]' (no final period, as the spec writes it). */
export const recipientDayMessage = (recipient: string | number): string =>
  `At least one day must be selected for recipient ${recipient}`;

/** Lower bound of a range field, worded like the referral-limit messages. */
export const belowMinMessage = (label: string, min: number): string =>
  `${label} cannot be less than ${min}.`;

/** Upper bound of a range field, worded like the referral-limit messages. */
export const aboveMaxMessage = (label: string, max: number): string =>
  `${label} cannot be greater than ${max}.`;

/** 'Min price cannot be greater than max price.' generalized to every min/max pair. */
export const minAboveMaxMessage = (noun: string): string =>
  `Min ${noun} cannot be greater than max ${noun}.`;
