import type { Opportunity } from '../schemas/opportunity.js';

/**
 * The only referral fields the anonymous public feed may see. A whitelist, so a field added to
 * the schema stays private until someone adds it here on purpose.
 */
export const PUBLIC_REFERRAL_FIELDS = [
  'opportunityId',
  'addDate',
  'opportunityType',
  'category',
  'city',
  'state',
  'businessLines',
  'industryCode',
  'industryDescription',
  'noOfEmployees',
  'yearsInBusiness',
  'marketplaceStatus',
  'source',
] as const satisfies readonly (keyof Opportunity)[];
export type PublicReferralField = (typeof PUBLIC_REFERRAL_FIELDS)[number];

/** A referral as the public feed sees it. */
export type PublicReferral = Pick<Opportunity, PublicReferralField>;

/** Project a referral for the public feed by picking the whitelisted fields. */
export const toPublicReferral = (o: Opportunity): PublicReferral =>
  Object.fromEntries(
    PUBLIC_REFERRAL_FIELDS.map((k) => [k, k === 'businessLines' ? [...o[k]] : o[k]]),
  ) as PublicReferral;
