/** Marketplace enumerations of marketplace-admin section 3. */

export const MarketplaceType = { INSTANT: 'INSTANT', DURATION: 'DURATION' } as const;
export type MarketplaceType = (typeof MarketplaceType)[keyof typeof MarketplaceType];
export const MARKETPLACE_TYPES = Object.values(MarketplaceType);

export const PaymentOption = {
  BILLED: 'BILLED',
  DEBIT_PREPAID_BALANCE: 'DEBIT_PREPAID_BALANCE',
} as const;
export type PaymentOption = (typeof PaymentOption)[keyof typeof PaymentOption];
export const PAYMENT_OPTIONS = Object.values(PaymentOption);
export const PAYMENT_OPTION_LABELS: Readonly<Record<PaymentOption, string>> = {
  BILLED: 'Billed',
  DEBIT_PREPAID_BALANCE: 'Debit Prepaid Balance',
};

export const ReferralDeliveryMethod = {
  GENERIC: 'GENERIC',
  TIVLY: 'TIVLY',
  HUB: 'HUB',
  BOLD_PENGUIN: 'BOLD_PENGUIN',
  DATALOT: 'DATALOT',
  MOMENTUM: 'MOMENTUM',
  CTQ: 'CTQ',
} as const;
export type ReferralDeliveryMethod =
  (typeof ReferralDeliveryMethod)[keyof typeof ReferralDeliveryMethod];
export const REFERRAL_DELIVERY_METHODS = Object.values(ReferralDeliveryMethod);

export const ApiType = { BASIC: 'BASIC', X_API_KEY: 'X_API_KEY' } as const;
export type ApiType = (typeof ApiType)[keyof typeof ApiType];
export const API_TYPES = Object.values(ApiType);

/** Business-line appetite; the form shows them as excluded, optional, included. */
export const Appetite = {
  EXCLUDED: 'EXCLUDED',
  OPTIONAL: 'OPTIONAL',
  REQUIRED: 'REQUIRED',
} as const;
export type Appetite = (typeof Appetite)[keyof typeof Appetite];
export const APPETITES = Object.values(Appetite);
export const APPETITE_LABELS: Readonly<Record<Appetite, string>> = {
  EXCLUDED: 'excluded',
  OPTIONAL: 'optional',
  REQUIRED: 'included',
};

/** Delivery timezones, label and IANA zone. */
export const TIMEZONES = [
  { label: 'Alaska', zone: 'America/Anchorage' },
  { label: 'Central', zone: 'America/Chicago' },
  { label: 'Eastern', zone: 'America/New_York' },
  { label: 'Hawaii', zone: 'Pacific/Honolulu' },
  { label: 'Mountain', zone: 'America/Denver' },
  { label: 'Pacific', zone: 'America/Los_Angeles' },
] as const;
export type Timezone = (typeof TIMEZONES)[number]['zone'];

/** Days of the week in form order, with the risk-appetite flag each one sets. */
export const WEEK_DAYS = [
  { key: 'Monday', field: 'acceptReferralsOnMonday' },
  { key: 'Tuesday', field: 'acceptReferralsOnTuesday' },
  { key: 'Wednesday', field: 'acceptReferralsOnWednesday' },
  { key: 'Thursday', field: 'acceptReferralsOnThursday' },
  { key: 'Friday', field: 'acceptReferralsOnFriday' },
  { key: 'Saturday', field: 'acceptReferralsOnSaturday' },
  { key: 'Sunday', field: 'acceptReferralsOnSunday' },
] as const;
export type WeekDayField = (typeof WEEK_DAYS)[number]['field'];

/** Marketplaces with these names show no prepaid balance and no daily limit. */
export const SPECIAL_MARKETPLACE_NAMES = ['MARKETPLACE', 'CONSUMER_FUNNEL'] as const;
