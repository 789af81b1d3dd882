import {
  DIRECT_CALL_SOURCE,
  LineCategory,
  OpportunityType,
  type OpportunityType as OpportunityTypeValue,
} from '@referrals/shared';

/**
 * Sources a referral can arrive from, sorted by name (the sources call answers in this order).
 * 'direct-call' is the phone channel: null category, type WT-CIR.
 */
export const SOURCES = [
  'agent-site',
  'bridge-partner',
  'comparison-site',
  'consumer-funnel',
  DIRECT_CALL_SOURCE,
  'facebook-ads',
  'google-ads',
  'partner-api',
  'trusted-choice',
  'web-quote',
] as const;

/** Sources of categorized (non-phone) referrals, with draw weights. */
export const WEB_SOURCES: readonly (readonly [string, number])[] = [
  ['agent-site', 6],
  ['bridge-partner', 8],
  ['comparison-site', 10],
  ['consumer-funnel', 14],
  ['facebook-ads', 9],
  ['google-ads', 16],
  ['partner-api', 7],
  ['trusted-choice', 12],
  ['web-quote', 18],
];

/** Mix of opportunity types; WT-CIR is the direct-call share. */
export const TYPE_WEIGHTS: readonly (readonly [OpportunityTypeValue, number])[] = [
  [OpportunityType.CIR, 45],
  [OpportunityType.CCR, 14],
  [OpportunityType.PCR, 14],
  [OpportunityType.CTR, 12],
  [OpportunityType.WT_CIR, 15],
];

/** Mix of line categories of categorized referrals. */
export const CATEGORY_WEIGHTS: readonly (readonly [LineCategory, number])[] = [
  [LineCategory.COMMERCIAL, 55],
  [LineCategory.PERSONAL, 35],
  [LineCategory.LIFE_ANNUITIES, 10],
];

/** Types sold in the claim market: they are Available with a countdown until claimed or expired. */
export const CLAIMABLE_TYPES: ReadonlySet<string> = new Set([
  OpportunityType.CIR,
  OpportunityType.PCR,
  OpportunityType.WT_CIR,
]);

const MINUTE = 60_000;

/**
 * Claim window per claimable type, in minutes: a live call must be picked up fast, a premium
 * referral is offered briefly before it falls back to the ordinary flow.
 */
export const CLAIM_WINDOW_MINUTES: Readonly<Record<string, readonly [number, number]>> = {
  [OpportunityType.CIR]: [30, 60],
  [OpportunityType.PCR]: [15, 30],
  [OpportunityType.WT_CIR]: [5, 15],
};

/** CCR and CTR referrals sit Incoming this long before they are routed. */
export const INCOMING_MS: readonly [number, number] = [1 * MINUTE, 3 * MINUTE];

/** Mean time until some agent claims an Available referral (exponential). */
export const MEAN_CLAIM_MS = 25 * MINUTE;
/** Mean time from Claimed to Settled (exponential). */
export const MEAN_SETTLE_MS = 45 * MINUTE;
/** Price decay: every step the price drops by a share of the original, down to a floor. */
export const DECAY = { stepMs: 5 * MINUTE, stepShare: 0.1, floorShare: 0.5 } as const;
/** decayStatus written while a referral's price is below its original price. */
export const DECAYED = 'DECAYED' as const;
/** Share of delivery attempts that fail and leave a delivery error. */
export const DELIVERY_ERROR_RATE = 0.03;
