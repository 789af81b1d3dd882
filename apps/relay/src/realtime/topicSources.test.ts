import { TOPIC_KINDS, TOPICS, type Topic, type TopicKind } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import type { ProfileResolver, UserProfile } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import { STREAMS } from '../keys.js';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import { createHostedReadModel } from '../readModel/host/hostedReadModel.js';
import { roomFor } from './roomSpec.js';
import { isRefusal } from './roomTypes.js';
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
});
