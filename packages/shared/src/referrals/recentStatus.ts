import { MarketplaceStatus, RecentStatus } from '../domain/opportunity.js';

/**
 * The recent table's status of a referral. The spec lists the table's own values (Assigned CCR,
 * Claimed Referral, Available to Claim) without saying where they come from; they are read as
 * the recent-table names of Assigned, Claimed and Available. Every other status keeps its name.
 */
export const recentStatusOf = (status: string): string => {
  switch (status) {
    case MarketplaceStatus.Available:
      return RecentStatus.AvailableToClaim;
    case MarketplaceStatus.Claimed:
      return RecentStatus.ClaimedReferral;
    case MarketplaceStatus.Assigned:
      return RecentStatus.AssignedCcr;
    default:
      return status;
  }
};
