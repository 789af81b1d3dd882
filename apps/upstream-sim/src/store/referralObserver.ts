import type { Opportunity } from '@referrals/shared';

/** A referral's status. */
export type Status = Opportunity['marketplaceStatus'];

/**
 * Told of every write to the referral store, so derived structures (sorted list views, the live
 * market's schedule) follow the changes instead of rescanning the market.
 */
export interface ReferralObserver {
  /** A referral was stored. */
  added(referral: Opportunity, atMs: number): void;
  /** A referral is about to change: its old values can still be read. */
  changing(referral: Opportunity): void;
  /** A referral changed; `previousStatus` is its status before the change. */
  changed(referral: Opportunity, previousStatus: Status, atMs: number): void;
  /** A referral is about to be deleted: it and its hidden facts can still be read. */
  removing?(referral: Opportunity): void;
}
