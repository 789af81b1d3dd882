/**
 * Team presence over REST: a referral's viewers and hold, and holding and releasing it for a call.
 * Invariant: every answer is the caller's own agency's (decided by team.ts from the verified
 * principal); a referral the agency cannot see, an unknown one included, is refused with a
 * reason and nothing changes. Holds and releases are writes: audited, rate limited.
 */
import { API, type PresenceHold } from '@referrals/shared';
import { referralTarget } from '../../db/auditLog.js';
import { isTeamRefusal, type Team, type TeamRefusal } from '../../presence/team.js';
import {
  fail,
  idParam,
  ok,
  principalOf,
  type ApiRequest,
  type ApiResponse,
  type Route,
} from '../api.js';

/** The answer of a refusal: its status and reason, and the hold that stands in the way. */
const refusal = (r: TeamRefusal): ApiResponse => fail(r.status, r.error, r.current);

/** Runs a rule for the caller's team and the referral the path names. */
async function forMember(
  team: Team,
  req: ApiRequest,
  then: (member: Parameters<Team['visible']>[0], id: number) => Promise<ApiResponse>,
): Promise<ApiResponse> {
  const id = idParam(req);
  if (id === undefined) return fail(404, 'referral not found');
  const member = await team.memberOf(principalOf(req));
  if (isTeamRefusal(member)) return refusal(member);
  return then(member, id);
}

const holdAnswer = (h: PresenceHold | TeamRefusal): ApiResponse =>
  isTeamRefusal(h) ? refusal(h) : ok(h);

/** What the audit log keeps of a hold: who held which referral until when. */
const holdFacts = (body: unknown) => {
  const h = body as PresenceHold;
  return { referralId: h.referralId, username: h.username, until: h.until };
};

/** The presence routes, in the order they are mounted. */
export function presenceRoutes(team: Team): Route[] {
  const target = (req: ApiRequest) => referralTarget(req.params.id ?? '');
  return [
    {
      ...API.referralPresence,
      guard: 'signedIn',
      handler: (req) =>
        forMember(team, req, async (member, id) => {
          const hidden = await team.visible(member, id);
          return hidden ? refusal(hidden) : ok(await team.presenceOf(member, id));
        }),
    },
    {
      ...API.holdReferral,
      guard: 'signedIn',
      write: true,
      audit: { action: 'referral.hold', target, after: holdFacts },
      handler: (req) => forMember(team, req, async (m, id) => holdAnswer(await team.hold(m, id))),
    },
    {
      ...API.releaseReferralHold,
      guard: 'signedIn',
      write: true,
      audit: { action: 'referral.holdRelease', target, after: holdFacts },
      handler: (req) =>
        forMember(team, req, async (m, id) => holdAnswer(await team.release(m, id))),
    },
  ];
}
