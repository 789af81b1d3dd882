/**
 * `GET /api/referrals/:id`: one referral, with its contact details when the caller may see them.
 * Invariant: contact details go only to the agency that bought the referral and to admins;
 * everyone else gets the list projection of their audience.
 */
import { API, audienceOf, isBoughtByAgency, type Opportunity } from '@referrals/shared';
import type { UserProfile } from '../../auth/profile.js';
import type { Principal } from '../../auth/verify.js';
import { projectRow } from '../../readModel/api.js';
import { fail, idParam, ok, principalOf, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';

/** Whether a user may see a referral's contact details: their agency bought it, or an admin. */
export function seesContact(o: Opportunity, p: Principal, profile: UserProfile): boolean {
  if (p.access.isAdmin) return true;
  return isBoughtByAgency(o, profile.agencyName);
}

export function referralRoute(d: GatewayDeps): Route {
  return {
    ...API.referral,
    guard: 'signedIn',
    handler: async (req) => {
      const p = principalOf(req);
      const id = idParam(req);
      const [o] = id === undefined ? [] : await d.readModel.referralsById([id]);
      if (!o) return fail(404, 'referral not found');
      // An admin sees every contact: no profile lookup, so the upstream away costs them nothing.
      const sees = p.access.isAdmin || seesContact(o, p, await d.profiles.resolve(p));
      return ok(sees ? o : projectRow(o, audienceOf(p.access)));
    },
  };
}
