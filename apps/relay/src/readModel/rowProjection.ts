/**
 * Which fields of a referral a reader gets in a list: an audience's projection (shared's
 * whitelists), or the whole record (an agency's own bought referrals).
 * Invariant: a row leaves the relay only in the projection its reader's audience allows; the
 * projection is decided by the route from the verified principal, never by the client.
 */
import {
  projectListReferral,
  toPublicReferral,
  type ListReferral,
  type Opportunity,
  type PublicReferral,
  type ReferralAudience,
  type SignedInAudience,
} from '@referrals/shared';

/** A reader's projection of list rows. */
export type RowProjection = ReferralAudience | 'whole';

/**
 * A referral as a reader of `projection` gets it in a list: a page's rows and a live room's items
 * are cut here alike.
 */
export function projectRow(o: Opportunity, projection: 'whole'): Opportunity;
export function projectRow(o: Opportunity, projection: 'public'): PublicReferral;
export function projectRow(o: Opportunity, projection: SignedInAudience): ListReferral;
export function projectRow(o: Opportunity, projection: RowProjection): object;
export function projectRow(o: Opportunity, projection: RowProjection): object {
  switch (projection) {
    case 'whole':
      return o;
    case 'public':
      return toPublicReferral(o);
    case 'agent':
    case 'carrier':
    case 'admin':
      return projectListReferral(o, projection);
  }
}
