/**
 * Referral routes: the public feed, the signed-in lists, one referral, the claim. One route a
 * file under referrals/; this file lists them in the order they are mounted and keeps the list
 * helpers importable from here (the acquired list and the server render use them).
 * Invariant: every list is read from the read model's indexes; the upstream is asked only to
 * claim.
 */
import type { Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import { claimRoute } from './referrals/claim.js';
import { publicReferralsRoute } from './referrals/publicReferrals.js';
import { referralRoute } from './referrals/referral.js';
import { referralsRoute } from './referrals/referrals.js';

export { emptyPage, loadingNoteOf, PAGE_SIZE, publicFeedPage } from './referrals/listPage.js';
export { seesContact } from './referrals/referral.js';

/** Referral routes: the public feed, the signed-in lists, one referral, claim. */
export function referralRoutes(d: GatewayDeps): Route[] {
  return [publicReferralsRoute(d.readModel), referralsRoute(d), referralRoute(d), claimRoute(d)];
}
