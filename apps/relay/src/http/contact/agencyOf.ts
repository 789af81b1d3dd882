/**
 * The agency a speed-to-contact request is about: the caller's own, from the verified token and
 * the profile resolver, never one the request names.
 * Invariant: a caller without an agency (an admin, a carrier without one) is refused with 403.
 */
import type { ProfileResolver } from '../../auth/profile.js';
import { fail, principalOf, type ApiRequest, type ApiResponse } from '../api.js';

/** The caller's agency, or the 403 that refuses a caller with none. */
export type CallerAgency =
  { ok: true; agency: string; agencyId: number | null } | { ok: false; answer: ApiResponse };

export async function callerAgency(
  profiles: ProfileResolver,
  req: ApiRequest,
): Promise<CallerAgency> {
  const profile = await profiles.resolve(principalOf(req));
  if (profile.agencyName === null)
    return {
      ok: false,
      answer: fail(403, 'Contact clocks belong to an agency; your account has none.'),
    };
  return { ok: true, agency: profile.agencyName, agencyId: profile.agencyId };
}
