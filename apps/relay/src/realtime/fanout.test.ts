import { type ChangesMessage, type Opportunity, type SnapshotMessage } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { createProfileResolver } from '../auth/profile.js';
import { referralWithContact } from '../testkit/referrals.testkit.js';
import type { Principal } from '../auth/verify.js';
import { diffRecords, hashRecords } from '../changeLog/diff.js';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import { BOUGHT } from '../readModel/api.js';
import type { ReadModel } from '../readModel/api.js';
import { createHostedReadModel } from '../readModel/host/hostedReadModel.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { RoomEmitter } from './emitter.js';
import { createFanout } from './fanout.js';
import { roomFor } from './roomSpec.js';
import { isRefusal, type RoomSpec, type StreamRoomSpec } from './roomTypes.js';

const referral = referralWithContact;

/** A recording emitter: the fan-out's whole view of Socket.IO. */
function recorder(present: string[]) {
  const sent: { room: string; event: string; message: SnapshotMessage | ChangesMessage }[] = [];
  const out: RoomEmitter = {
    emit: (
      room: string,
      event: 'changes' | 'snapshot',
      message: ChangesMessage | SnapshotMessage,
    ) => {
      sent.push({ room, event, message });
    },
    has: (room) => present.includes(room),
  };
  return { sent, out };
}

async function setup() {
  const store = createMemoryStore();
  const readModel = createHostedReadModel(store, { placement: 'this thread' });
  await readModel.start();
  const put = async (rows: Opportunity[]) => {
    const { seq, hashes } = await store.loadHashes('referrals');
    await store.commit(
      'referrals',
      diffRecords(
        hashes,
        hashRecords(rows, (r) => r.opportunityId),
      ),
      seq,
      Date.now(),
    );
    // The referrals' mirror hands a change on once the list indexes hold it.
    await readModel.settled();
  };
  // Profiles are never needed by the topics these tests use.
  const profiles = createProfileResolver({} as UpstreamClient);
  return { store, readModel, put, profiles };
}

const agent = {
  username: 'p',
  access: { isAdmin: false, isCarrier: false, privileged: false },
} as Principal;

describe('fan-out by room', () => {
  it("sends a whole room its scope's members when they are asked for, at the seq they were read at", async () => {
    const { readModel, put, profiles } = await setup();
    await put([
      referral(1, { marketplaceStatus: 'Claimed', assignedAgency: 'Lone Star' }),
      referral(2),
    ]);
    const base = (await roomFor(
      { kind: 'referrals', state: null },
      agent,
      readModel,
      profiles,
    )) as StreamRoomSpec;
    // A whole room of what was bought, as an agency's acquired room is.
    const spec: StreamRoomSpec = {
      ...base,
      complete: true,
      scope: BOUGHT,
      select: (r) => (BOUGHT.has(r as Opportunity) ? base.select(r) : undefined),
    };
    await readModel.referralIndex.prepare(BOUGHT, null);
    // The members come later than asked, read at the host's seq.
    const asked: ReadModel = {
      ...readModel,
      scopeMembers: async (scope) => {
        const m = await readModel.scopeMembers(scope);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { ...m, seq: 77 };
      },
    };
    const { sent, out } = recorder([spec.room]);
    const fanout = createFanout(asked, out);
    const joined = fanout.join(spec);
    expect(joined).toBeInstanceOf(Promise);
    const snap = await joined;
    expect(snap.seq).toBe(77);
    expect(snap.items.map((o) => (o as Opportunity).opportunityId)).toEqual([1]);
    // A reload sends the room its snapshot once it is at hand (read whole while the indexes
    // reload).
    readModel.referrals.announce();
    expect(sent).toEqual([]);
    await expect.poll(() => sent.length).toBe(1);
    const again = sent[0]?.message as SnapshotMessage;
    expect(again.items.map((o) => (o as Opportunity).opportunityId)).toEqual([1]);
  });

  it('sends each room only its records, projected for its audience, and every seq', async () => {
    const { readModel, put, profiles } = await setup();
    await put([referral(1), referral(2, { state: 'OH' })]);
    const spec = (await roomFor(
      { kind: 'referrals', state: 'TX' },
      agent,
      readModel,
      profiles,
    )) as RoomSpec;
    const pub = (await roomFor(
      { kind: 'publicFeed', state: null },
      null,
      readModel,
      profiles,
    )) as RoomSpec;
    const { sent, out } = recorder([spec.room, pub.room]);
    const fanout = createFanout(readModel, out);
    const snap = await fanout.join(spec);
    await fanout.join(pub);
    expect(snap).toMatchObject({ seq: readModel.referrals.seq, complete: false, items: [] });

    await put([
      referral(1, { marketplaceStatus: 'Claimed' }),
      referral(2, { state: 'OH', dynamicPrice: 10 }),
    ]);
    const tx = sent.filter((s) => s.room === 'referrals:agent:TX');
    expect(tx).toHaveLength(1);
    const change = tx[0]?.message as ChangesMessage;
    expect(change.prevSeq).toBe(snap.seq);
    expect(change.seq).toBe(snap.seq + 1);
    expect(change.upserts).toHaveLength(1);
    expect(change.upserts[0]).toMatchObject({
      opportunityId: 1,
      marketplaceStatus: 'Claimed',
      dynamicPrice: 40,
    });
    expect(change.upserts[0]).not.toHaveProperty('firstName');
    expect(change.upserts[0]).not.toHaveProperty('phone');

    const publicChange = sent.find((s) => s.room === 'public:all')?.message as ChangesMessage;
    expect(publicChange.upserts).toHaveLength(2);
    for (const item of publicChange.upserts) {
      expect(item).not.toHaveProperty('dynamicPrice');
      expect(item).not.toHaveProperty('firstName');
    }

    // Nothing for TX this time: the room still gets the (empty) change, so no gap is seen.
    await put([
      referral(1, { marketplaceStatus: 'Claimed' }),
      referral(2, { state: 'OH', dynamicPrice: 12 }),
    ]);
    const last = sent.filter((s) => s.room === 'referrals:agent:TX').at(-1)
      ?.message as ChangesMessage;
    expect(last).toMatchObject({
      prevSeq: snap.seq + 1,
      seq: snap.seq + 2,
      upserts: [],
      removed: [],
    });
  });

  it('tells a room when a record leaves it', async () => {
    const { readModel, put, profiles } = await setup();
    await put([referral(1)]);
    const spec = (await roomFor(
      { kind: 'referrals', state: 'TX' },
      agent,
      readModel,
      profiles,
    )) as RoomSpec;
    const { sent, out } = recorder([spec.room]);
    await createFanout(readModel, out).join(spec);
    await put([referral(1, { state: 'OH' })]);
    expect((sent[0]?.message as ChangesMessage).removed).toEqual(['1']);
    await put([]);
    expect((sent[1]?.message as ChangesMessage).removed).toEqual([]);
  });

  it('sends no more to a room once its sockets are gone', async () => {
    const { readModel, put, profiles } = await setup();
    await put([referral(1)]);
    const spec = (await roomFor(
      { kind: 'publicFeed', state: null },
      null,
      readModel,
      profiles,
    )) as RoomSpec;
    const present = [spec.room];
    const { sent, out } = recorder(present);
    const fanout = createFanout(readModel, out);
    await fanout.join(spec);
    present.length = 0;
    await put([referral(1, { city: 'Dallas' })]);
    expect(sent).toHaveLength(0);
    expect(fanout.roomCount).toBe(0);
  });

  it('answers a resync with the logged changes of that room', async () => {
    const { readModel, put, profiles } = await setup();
    await put([referral(1)]);
    const spec = (await roomFor(
      { kind: 'publicFeed', state: 'TX' },
      null,
      readModel,
      profiles,
    )) as RoomSpec;
    const { out } = recorder([spec.room]);
    const fanout = createFanout(readModel, out);
    const from = (await fanout.join(spec)).seq;
    await put([referral(1, { city: 'Dallas' }), referral(2, { state: 'OH' })]);
    await put([referral(1, { city: 'Waco' }), referral(2, { state: 'OH' })]);
    const changes = await fanout.changesSince(spec, from);
    expect(changes?.map((c) => c.seq)).toEqual([from + 1, from + 2]);
    expect(changes?.[1]?.upserts).toEqual([
      expect.objectContaining({ opportunityId: 1, city: 'Waco' }),
    ]);
    expect(await fanout.changesSince(spec, readModel.referrals.seq)).toEqual([]);
    expect(await fanout.changesSince(spec, 999)).toBeNull();
  });
});

describe('who may join which room', () => {
  it.each([
    [{ kind: 'referrals', state: null } as const],
    [{ kind: 'inAppetite', state: null } as const],
    [{ kind: 'acquired' } as const],
    [{ kind: 'marketplaces' } as const],
  ])('refuses %o to an anonymous socket', async (topic) => {
    const { readModel, profiles } = await setup();
    const answer = await roomFor(topic, null, readModel, profiles);
    expect(isRefusal(answer) && answer.code).toBe('unauthenticated');
  });

  it.each([
    [{ kind: 'marketplaces' } as const],
    [{ kind: 'deliveryStats' } as const],
    [{ kind: 'deliveryErrors' } as const],
  ])('refuses %o to a producer', async (topic) => {
    const { readModel, profiles } = await setup();
    const answer = await roomFor(topic, agent, readModel, profiles);
    expect(isRefusal(answer) && answer.code).toBe('forbidden');
  });

  it('puts carriers and agents in rooms of their own projection', async () => {
    const { readModel, profiles } = await setup();
    const carrier = {
      ...agent,
      access: { ...agent.access, isCarrier: true, privileged: true },
    } as Principal;
    const a = (await roomFor(
      { kind: 'referrals', state: null },
      agent,
      readModel,
      profiles,
    )) as RoomSpec;
    const c = (await roomFor(
      { kind: 'referrals', state: null },
      carrier,
      readModel,
      profiles,
    )) as RoomSpec;
    expect(a.room).toBe('referrals:agent:all');
    expect(c.room).toBe('referrals:carrier:all');
  });

  it('reports each change set emitted to a room with its commit time, and none sent to nobody', async () => {
    const { readModel, put, profiles } = await setup();
    await put([referral(1)]);
    const spec = (await roomFor(
      { kind: 'referrals', state: 'TX' },
      agent,
      readModel,
      profiles,
    )) as RoomSpec;
    const present: string[] = [];
    const { out } = recorder(present);
    const delivered: { stream: string; committedAt: number }[] = [];
    const fanout = createFanout(readModel, out, {
      onDelivered: (stream, committedAt) => delivered.push({ stream, committedAt }),
    });
    await fanout.join(spec);
    await put([referral(1, { dynamicPrice: 41 })]);
    // The room is empty: nothing was emitted, so no delivery is measured.
    expect(delivered).toEqual([]);
    present.push(spec.room);
    // An empty room is forgotten; a socket joining records it again.
    await fanout.join(spec);
    const before = Date.now();
    await put([referral(1, { dynamicPrice: 42 })]);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.stream).toBe('referrals');
    expect(delivered[0]?.committedAt).toBeGreaterThanOrEqual(before);
    expect(delivered[0]?.committedAt).toBeLessThanOrEqual(Date.now());
  });
});
