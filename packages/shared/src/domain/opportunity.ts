/** Referral (opportunity) enumerations of agent-console section 3 and 4. */

/** Every marketplaceStatus value, as the server spells it. */
export const MarketplaceStatus = {
  Available: 'Available',
  Claimed: 'Claimed',
  Assigned: 'Assigned',
  Settled: 'Settled',
  OnHold: 'On Hold',
  Incoming: 'Incoming',
  Delivered: 'Delivered',
  Ineligible: 'Ineligible',
  Undefined: 'Undefined',
} as const;
export type MarketplaceStatus = (typeof MarketplaceStatus)[keyof typeof MarketplaceStatus];
export const MARKETPLACE_STATUSES = Object.values(MarketplaceStatus);

/** Statuses of a referral someone bought (claimed, or assigned by routing) or that closed since. */
const BOUGHT_STATUSES: ReadonlySet<string> = new Set([
  MarketplaceStatus.Claimed,
  MarketplaceStatus.Assigned,
  MarketplaceStatus.Settled,
]);

/** True when a referral with this status was bought: the one definition of "bought". */
export const isBought = (marketplaceStatus: string): boolean =>
  BOUGHT_STATUSES.has(marketplaceStatus);

/** The filter value sent when claimed items are hidden. */
export const ELIGIBLE_FILTER = 'ELIGIBLE' as const;

/** Status values shown only in the recent-referrals table. */
export const RecentStatus = {
  AssignedCcr: 'Assigned CCR',
  ClaimedReferral: 'Claimed Referral',
  AvailableToClaim: 'Available to Claim',
  Settled: 'Settled',
  Ineligible: 'Ineligible',
} as const;
export type RecentStatus = (typeof RecentStatus)[keyof typeof RecentStatus];

/** Opportunity types with their names. */
export const OpportunityType = {
  CCR: 'CCR',
  CIR: 'CIR',
  PCR: 'PCR',
  CTR: 'CTR',
  WT_CIR: 'WT-CIR',
} as const;
export type OpportunityType = (typeof OpportunityType)[keyof typeof OpportunityType];
export const OPPORTUNITY_TYPES = Object.values(OpportunityType);

export const OPPORTUNITY_TYPE_NAMES: Readonly<Record<OpportunityType, string>> = {
  CCR: 'Consumer Choice Referral',
  CIR: 'Claim-it Referral',
  PCR: 'Premium Choice Referral',
  CTR: 'Consumer Telephone Referral',
  'WT-CIR': 'Direct-Call Referral',
};

/** Progress statuses of an acquired referral. */
export const ProgressStatus = {
  Open: 'Open',
  InProgress: 'In Progress',
  QuoteSent: 'Quote Sent',
  BoundProspect: 'Bound Prospect',
  UnableToService: 'Unable to Service',
} as const;
export type ProgressStatus = (typeof ProgressStatus)[keyof typeof ProgressStatus];
export const PROGRESS_STATUSES = Object.values(ProgressStatus);

/** Where a request to return a bought referral stands. */
export const RETURN_STATES = ['requested', 'approved', 'denied'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** Line category of a referral and of a business line. */
export const LineCategory = {
  COMMERCIAL: 'COMMERCIAL',
  PERSONAL: 'PERSONAL',
  LIFE_ANNUITIES: 'LIFE_ANNUITIES',
} as const;
export type LineCategory = (typeof LineCategory)[keyof typeof LineCategory];
export const LINE_CATEGORIES = Object.values(LineCategory);

/** Source name of direct-call referrals (category null). */
export const DIRECT_CALL_SOURCE = 'direct-call' as const;
