/**
 * The rules of team presence, shared by the REST routes (http/presence/) and the sockets
 * (realtime/presence/): who is a team member, which referrals a team may see, setting and ending
 * holds. Handlers of either transport only translate these answers.
 *
 * Invariants: the agency is always the verified principal's (profiles.resolve), never a client's
 * say; a referral is the team's when its agency bought it or it matches the appetite of the
 * marketplace the agency buys through (the In-Appetite list); anything else, an unknown id
 * included, is refused and changes nothing. Every change is published to every relay.
 */
import {
  isBoughtByAgency,
  marketplaceOfAgency,
  matchesAppetite,
  type PresenceHold,
  type ReferralPresence,
} from '@referrals/shared';
import type { ProfileResolver } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import type { ReadModel } from '../readModel/api.js';
import { holdUntil, type PresenceStore } from './store.js';

/** What the rules need: the read model, the profile resolver, the store and a clock. */
export interface TeamDeps {
  readonly readModel: Pick<ReadModel, 'referralsById' | 'marketplaces'>;
  readonly profiles: ProfileResolver;
  readonly store: PresenceStore;
  readonly now: () => number;
}

/** A signed-in user of an agency, as teammates see them. */
export interface Member {
  readonly agencyId: number;
  readonly agencyName: string;
  readonly username: string;
  readonly name: string;
}

/** Why a request was refused: an HTTP status and a reason of our own. */
export interface TeamRefusal {
  readonly refused: true;
  readonly status: 403 | 404 | 409;
  readonly error: string;
  readonly current?: PresenceHold;
}

const refuse = (
  status: TeamRefusal['status'],
  error: string,
  current?: PresenceHold,
): TeamRefusal => ({ refused: true, status, error, ...(current ? { current } : {}) });

/** Whether an answer is a refusal. */
export const isTeamRefusal = (x: unknown): x is TeamRefusal =>
  typeof x === 'object' && x !== null && 'refused' in x;

/** "19:02:03 UTC": when a hold lapses, in the words of a refusal. */
const clockText = (iso: string) => `${iso.slice(11, 19)} UTC`;

/** The rules of team presence over one store. */
export function createTeam(d: TeamDeps) {
  /** The caller as a member of their agency, or why they have no team. */
  async function memberOf(principal: Principal): Promise<Member | TeamRefusal> {
    if (!principal.access.canClaim)
      return refuse(403, 'presence and holds are for the users of an agency');
    const profile = await d.profiles.resolve(principal);
    if (profile.agencyId === null || profile.agencyName === null)
      return refuse(403, 'your account belongs to no agency');
    const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
    return {
      agencyId: profile.agencyId,
      agencyName: profile.agencyName,
      username: principal.username,
      name: name || principal.username,
    };
  }

  /** Refused unless the referral is known and the member's agency may see it. */
  async function visible(member: Member, referralId: number): Promise<TeamRefusal | null> {
    const [o] = await d.readModel.referralsById([referralId]);
    if (!o) return refuse(404, 'referral not found');
    if (isBoughtByAgency(o, member.agencyName)) return null;
    const m = marketplaceOfAgency(d.readModel.marketplaces.values(), member.agencyId);
    if (m && matchesAppetite(o, m.riskAppetite)) return null;
    return refuse(403, "this referral is not in your agency's appetite");
  }

  /** A referral's presence within the member's agency. */
  async function presenceOf(member: Member, referralId: number): Promise<ReferralPresence> {
    const now = d.now();
    const [{ viewers }, hold] = await Promise.all([
      d.store.viewers(member.agencyId, referralId, now),
      d.store.holdOf(member.agencyId, referralId, now),
    ]);
    return { referralId, viewers, hold };
  }

  return {
    memberOf,
    visible,
    presenceOf,
    /** Holds the referral for the member for two minutes (renewed when they hold it already). */
    async hold(member: Member, referralId: number): Promise<PresenceHold | TeamRefusal> {
      const hidden = await visible(member, referralId);
      if (hidden) return hidden;
      const now = d.now();
      const hold: PresenceHold = {
        referralId,
        username: member.username,
        name: member.name,
        since: new Date(now).toISOString(),
        until: holdUntil(now),
      };
      const outcome = await d.store.hold(member.agencyId, hold);
      if (!outcome.ok) {
        const c = outcome.current;
        return refuse(409, `${c.name} is calling this referral until ${clockText(c.until)}`, c);
      }
      await d.store.publish({ kind: 'hold', agencyId: member.agencyId, referralId });
      return outcome.hold;
    },
    /** Ends the member's own hold of the referral. */
    async release(member: Member, referralId: number): Promise<PresenceHold | TeamRefusal> {
      const hidden = await visible(member, referralId);
      if (hidden) return hidden;
      const outcome = await d.store.release(member.agencyId, referralId, member.username);
      if (!outcome.ok) {
        const c = outcome.current;
        return c
          ? refuse(403, `${c.name} holds this referral; only they can release it`, c)
          : refuse(404, 'nobody holds this referral');
      }
      await d.store.publish({ kind: 'hold', agencyId: member.agencyId, referralId });
      return outcome.released;
    },
  };
}
export type Team = ReturnType<typeof createTeam>;
