import { TOPIC_KINDS, TOPICS, type Topic, type TopicKind } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import type { ProfileResolver, UserProfile } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import { STREAMS } from '../keys.js';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import { createHostedReadModel } from '../readModel/host/hostedReadModel.js';
import { roomFor } from './roomSpec.js';
import { isRefusal, type StreamRoomSpec } from './roomTypes.js';
import { COMPUTED_STREAMS, ROOM_STREAMS } from './topicSources.js';

const topicOf = (kind: TopicKind): Topic =>
  (TOPICS[kind].byState ? { kind, state: null } : { kind }) as Topic;
const principal = (isAdmin: boolean) =>
  ({ username: 'u', access: { isAdmin, isCarrier: false, privileged: isAdmin } }) as Principal;
const profiles: ProfileResolver = {
  resolve: () => Promise.resolve({ agencyId: null, agencyName: null } as UserProfile),
};

async function answers(p: Principal | null) {
  const readModel = createHostedReadModel(createMemoryStore(), {
    placement: 'this thread',
    now: () => Date.now(),
  });
  await readModel.start();
  const out: Partial<Record<TopicKind, string>> = {};
  for (const kind of TOPIC_KINDS) {
    const a = await roomFor(topicOf(kind), p, readModel, profiles);
    out[kind] = isRefusal(a) ? a.code : 'room';
  }
  return out;
}

describe('the relay side of the topic registry', () => {
  it('follows every stream of the read model, and the computed rooms the four they read', () => {
    expect([...ROOM_STREAMS].sort()).toEqual([...STREAMS].sort());
    expect([...COMPUTED_STREAMS].sort()).toEqual(
      ['deliveryErrors', 'deliveryStats', 'marketplaces', 'referrals'].sort(),
    );
  });

  it('answers anonymous visitors on public topics only', async () => {
    const got = await answers(null);
    for (const kind of TOPIC_KINDS)
      expect([kind, got[kind]]).toEqual([
        kind,
        TOPICS[kind].tier === 'public' ? 'room' : 'unauthenticated',
      ]);
  });

  it('refuses admin topics to others, and agency topics to an account without an agency', async () => {
    const got = await answers(principal(false));
    expect(got).toMatchObject({
      referrals: 'room',
      marketplaces: 'forbidden',
      auditLog: 'forbidden',
      acquired: 'forbidden',
      pipeline: 'forbidden',
    });
    // An admin has every room but In-Appetite, which needs an agency's marketplace.
    const admin = await answers(principal(true));
    const refused = TOPIC_KINDS.filter((k) => admin[k] !== 'room');
    expect(refused).toEqual(['inAppetite']);
  });

  it("cuts the agency notice topics to the caller's agency (progress and returns by its name, settings by its id), every agency's for admins", async () => {
    const readModel = createHostedReadModel(createMemoryStore(), {
      placement: 'this thread',
      now: () => Date.now(),
    });
    await readModel.start();
    const agency: ProfileResolver = {
      resolve: () => Promise.resolve({ agencyId: 7, agencyName: 'Lone Star' } as UserProfile),
    };
    // Each notice matches the caller's agency by one key only.
    const byName = { agency: 'Lone Star', agencyId: 9 };
    const byId = { agency: 'Peachtree', agencyId: 7 };
    const cut = async (kind: 'pipeline' | 'returns' | 'agencySettings', isAdmin: boolean) => {
      const r = (await roomFor({ kind }, principal(isAdmin), readModel, agency)) as StreamRoomSpec;
      const kept = [byName, byId].map((n) => r.select(n) !== undefined);
      return [r.room, r.stream, r.reloadOn, kept];
    };
    const both = [true, true];
    expect(await cut('pipeline', false)).toEqual([
      'pipeline:Lone Star',
      'pipeline',
      [],
      [true, false],
    ]);
    expect(await cut('returns', false)).toEqual([
      'returns:Lone Star',
      'returns',
      [],
      [true, false],
    ]);
    const reload = ['marketplaces', 'deliveryStats'];
    expect(await cut('agencySettings', false)).toEqual([
      'agency-settings:7',
      'agencySettings',
      reload,
      [false, true],
    ]);
    expect(await cut('pipeline', true)).toEqual(['pipeline:all', 'pipeline', [], both]);
    expect(await cut('returns', true)).toEqual(['returns:all', 'returns', [], both]);
    expect(await cut('agencySettings', true)).toEqual([
      'agency-settings:all',
      'agencySettings',
      reload,
      both,
    ]);
    readModel.stop();
  });
});
