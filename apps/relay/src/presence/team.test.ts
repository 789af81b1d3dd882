import { deriveAccess, Role, type Opportunity } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import { lonestar } from '../testkit/marketplaces.testkit.js';
import { referralWithContact } from '../testkit/referrals.testkit.js';
import { memoryPresence } from './memoryPresence.js';
import type { PresenceNotice } from './store.js';
import { createTeam, isTeamRefusal, type Member } from './team.js';

const principal = (username: string, role: Role = Role.CONSOLE_PRODUCER): Principal => ({
  username,
  subject: username,
  email: `${username}@agency.test`,
  firstName: null,
  lastName: null,
  access: deriveAccess(new Set([role])),
  expiresAt: Date.now() + 60_000,
});

const PROFILES: Record<string, Partial<UserProfile>> = {
  pat: { firstName: 'Pat', lastName: 'Producer', agencyId: 3, agencyName: 'Lone Star' },
  ana: { firstName: 'Ana', lastName: 'Producer', agencyId: 3, agencyName: 'Lone Star' },
  loner: { agencyId: null, agencyName: null },
};

/** The rules over a market of three referrals: in Lone Star's appetite, outside it, bought by it. */
function setUp() {
  const market = new Map<number, Opportunity>([
    [1, referralWithContact(1, { category: 'COMMERCIAL' })],
    [2, referralWithContact(2, { state: 'CA', category: 'COMMERCIAL' })],
    [
      3,
      referralWithContact(3, {
        state: 'CA',
        marketplaceStatus: 'Claimed',
        assignedAgency: 'Lone Star',
      }),
    ],
  ]);
  const store = memoryPresence();
  const notices: PresenceNotice[] = [];
  store.onNotice((n) => notices.push(n));
  const profiles = {
    resolve: (p: Principal) =>
      Promise.resolve({
        username: p.username,
        firstName: null,
        lastName: null,
        city: null,
        state: null,
        agencyId: null,
        agencyName: null,
        ...PROFILES[p.username],
      }),
  };
  const team = createTeam({
    readModel: {
      referralsById: (ids) => Promise.resolve(ids.map((id) => market.get(id))),
      marketplaces: { values: () => [lonestar] } as never,
    },
    profiles,
    store,
    now: () => Date.now(),
  });
  const member = async (username: string) => {
    const m = await team.memberOf(principal(username));
    if (isTeamRefusal(m)) throw new Error(m.error);
    return m;
  };
  return { team, notices, member };
}

describe('team rules', () => {
  it('makes a member of an agency user, named for teammates; refuses staff and users without an agency', async () => {
    const { team, member } = setUp();
    expect(await member('pat')).toEqual<Member>({
      agencyId: 3,
      agencyName: 'Lone Star',
      username: 'pat',
      name: 'Pat Producer',
    });
    expect(await team.memberOf(principal('loner'))).toMatchObject({ status: 403 });
    expect(await team.memberOf(principal('pat', Role.CONSOLE_ADMIN))).toMatchObject({
      status: 403,
      error: 'presence and holds are for the users of an agency',
    });
  });

  it("sees the referrals of the agency's appetite and its purchases, nothing else", async () => {
    const { team, member } = setUp();
    const pat = await member('pat');
    expect(await team.visible(pat, 1)).toBeNull();
    expect(await team.visible(pat, 3)).toBeNull();
    expect(await team.visible(pat, 2)).toMatchObject({ status: 403 });
    expect(await team.visible(pat, 99)).toMatchObject({ status: 404, error: 'referral not found' });
  });

  it('holds once, names the holder to the next, lets only the holder release, and tells every relay', async () => {
    const { team, notices, member } = setUp();
    const [pat, ana] = [await member('pat'), await member('ana')];
    const held = await team.hold(ana, 1);
    expect(held).toMatchObject({ referralId: 1, username: 'ana', name: 'Ana Producer' });
    const refused = await team.hold(pat, 1);
    expect(refused).toMatchObject({ status: 409 });
    expect(isTeamRefusal(refused) && refused.error).toMatch(
      /^Ana Producer is calling this referral until \d\d:\d\d:\d\d UTC$/,
    );
    expect(await team.release(pat, 1)).toMatchObject({ status: 403 });
    expect(await team.release(ana, 1)).toEqual(held);
    expect(await team.release(ana, 1)).toMatchObject({ status: 404 });
    // A refused hold changes nothing: no notice for it.
    expect(notices).toEqual([
      { kind: 'hold', agencyId: 3, referralId: 1 },
      { kind: 'hold', agencyId: 3, referralId: 1 },
    ]);
    expect(await team.hold(pat, 2)).toMatchObject({ status: 403 });
    expect(notices).toHaveLength(2);
  });
});
