import type { PublicReferral } from '@referrals/shared';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A public-feed referral added `ageMin` minutes ago, in Austin, TX. */
export const aPublicReferral = (
  id: number,
  ageMin: number,
  status: PublicReferral['marketplaceStatus'] = 'Available',
): PublicReferral => ({
  opportunityId: id,
  addDate: minutesAgo(ageMin),
  opportunityType: 'CIR',
  category: 'COMMERCIAL',
  city: 'Austin',
  state: 'TX',
  businessLines: [],
  industryCode: null,
  industryDescription: null,
  noOfEmployees: null,
  yearsInBusiness: null,
  marketplaceStatus: status,
  source: null,
});
