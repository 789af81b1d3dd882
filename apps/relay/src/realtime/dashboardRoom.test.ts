import {
  type AgentDashboard,
  type ChangesMessage,
  type Marketplace,
  type Opportunity,
  type PrivilegedDashboard,
  type SnapshotMessage,
} from '@referrals/shared';
import { describe, expect, it, vi } from 'vitest';
import { lonestar } from '../testkit/marketplaces.testkit.js';
import { referralWithContact } from '../testkit/referrals.testkit.js';
import type { ProfileResolver, UserProfile } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import type { StreamName } from '../keys.js';
import { diffRecords, hashRecords } from '../changeLog/diff.js';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import { createHostedReadModel } from '../readModel/host/hostedReadModel.js';
import type { ComputedRoomsOptions } from './computedRooms.js';
import type { RoomEmitter } from './emitter.js';
import { createFanout } from './fanout.js';
import { roomFor } from './roomSpec.js';
import { isRefusal, type ComputedRoomSpec } from './roomTypes.js';

const NOW = Date.parse('2026-11-21T15:30:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const referral = (id: number, over: Partial<Opportunity> = {}): Opportunity =>
  referralWithContact(id, {
    addDate: minutesAgo(5),
    marketplaceExpirationDate: minutesAgo(-30),
    category: 'COMMERCIAL',
    businessLines: ['CGLY'],
    ...over,
  });

const principal = (access: Partial<Principal['access']>) =>
  ({
    username: 'u',
    access: { isAdmin: false, isCarrier: false, privileged: false, ...access },
  }) as Principal;
const admin = principal({ isAdmin: true, privileged: true });
const carrier = principal({ isCarrier: true, privileged: true });
const producer = principal({});

/** Profiles as the agency-user service would answer (it is not what these tests are about). */
const profilesOf = (agencyId: number | null): ProfileResolver => ({
  resolve: () =>
    Promise.resolve({
      agencyId,
      agencyName: agencyId === null ? null : 'Lone Star Insurance Group',
    } as UserProfile),
});

async function setup(present: string[], options: ComputedRoomsOptions = {}) {
  const store = createMemoryStore();
  const readModel = createHostedReadModel(store, {
    placement: 'this thread',
    now: options.now ?? (() => NOW),
  });
  await readModel.start();
  const put = async <T extends object>(stream: StreamName, rows: T[], id: (r: T) => number) => {
    const { seq, hashes } = await store.loadHashes(stream);
    await store.commit(stream, diffRecords(hashes, hashRecords(rows, id)), seq, Date.now());
    await readModel.settled();
  };
  const putReferrals = (rows: Opportunity[]) => put('referrals', rows, (r) => r.opportunityId);
  const putMarketplaces = (rows: Marketplace[]) => put('marketplaces', rows, (m) => m.id);
  await putMarketplaces([lonestar]);
  const sent: { room: string; message: SnapshotMessage | ChangesMessage }[] = [];
  const out: RoomEmitter = {
    emit: (room: string, _event: string, message: SnapshotMessage | ChangesMessage) => {
      sent.push({ room, message });
    },
    has: (room) => present.includes(room),
  };
  const fanout = createFanout(readModel, out, { coalesceMs: 5, now: () => NOW, ...options });
  const spec = async (p: Principal, agencyId: number | null = 3) => {
    const answer = await roomFor({ kind: 'dashboard' }, p, readModel, profilesOf(agencyId));
    if (isRefusal(answer)) throw new Error(answer.error);
    return answer as ComputedRoomSpec;
  };
  return { readModel, putReferrals, putMarketplaces, sent, fanout, spec };
}

const settle = () => new Promise((r) => setTimeout(r, 30));
const itemOf = <T>(m: SnapshotMessage | ChangesMessage | undefined) =>
  (m as SnapshotMessage).items[0] as T;

describe('the dashboard room', () => {
  it('sends the whole dashboard again, with a higher seq, when a referral arrives', async () => {
    const present = ['dashboard:privileged'];
    const { putReferrals, sent, fanout, spec } = await setup(present);
    await putReferrals([referral(1)]);
    const snap = await fanout.join(await spec(admin));
    expect(snap).toMatchObject({ topic: { kind: 'dashboard' }, complete: true });
    expect(itemOf<PrivilegedDashboard>(snap).totals.arrivals).toBe(1);

    await putReferrals([referral(1), referral(2)]);
    await settle();
    expect(sent).toHaveLength(1);
    const next = sent[0]?.message as SnapshotMessage;
    expect(next.seq).toBeGreaterThan(snap.seq);
    expect(next.complete).toBe(true);
    expect(itemOf<PrivilegedDashboard>(next).totals.arrivals).toBe(2);
    fanout.stop();
  });

  it('computes each room once for a burst of changes of several streams', async () => {
    const present = ['dashboard:privileged', 'dashboard:agent:30:3'];
    const { putReferrals, putMarketplaces, sent, fanout, spec } = await setup(present, {
      coalesceMs: 100,
    });
    const rooms = [await spec(admin), await spec(producer)].map((s) => ({
      ...s,
      compute: vi.fn(s.compute),
    }));
    for (const r of rooms) await fanout.join(r);
    await putReferrals([referral(1)]);
    await putReferrals([referral(1), referral(2)]);
    await putMarketplaces([{ ...lonestar, marketplaceName: 'Lone Star TX' }]);
    await new Promise((r) => setTimeout(r, 250));
    expect(rooms.map((r) => r.compute.mock.calls.length)).toEqual([2, 2]); // join + one burst
    expect(sent.map((s) => s.room).sort()).toEqual([
      'dashboard:agent:30:3',
      'dashboard:privileged',
    ]);
    fanout.stop();
  });

  it('sends nothing when the figures did not change', async () => {
    const { putReferrals, sent, fanout, spec } = await setup(['dashboard:privileged']);
    await putReferrals([referral(1)]);
    await fanout.join(await spec(admin));
    await putReferrals([referral(1, { city: 'Dallas' })]);
    await settle();
    expect(sent).toHaveLength(0);
    fanout.stop();
  });

  it('stops computing a room nobody is in', async () => {
    const present = ['dashboard:privileged'];
    const { putReferrals, sent, fanout, spec } = await setup(present);
    const room = await spec(admin);
    const counted = { ...room, compute: vi.fn(room.compute) };
    await fanout.join(counted);
    present.length = 0;
    await putReferrals([referral(1)]);
    await settle();
    await putReferrals([referral(1), referral(2)]);
    await settle();
    expect(counted.compute).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(0);
    expect(fanout.roomCount).toBe(0);
    fanout.stop();
  });

  it('rolls the hour buckets over without any change upstream', async () => {
    let now = NOW;
    const { sent, fanout, spec } = await setup(['dashboard:privileged'], {
      refreshMs: 10,
      now: () => now,
    });
    const first = itemOf<PrivilegedDashboard>(await fanout.join(await spec(admin)));
    now += 3_600_000;
    await settle();
    const rolled = itemOf<PrivilegedDashboard>(sent.at(-1)?.message);
    expect(rolled.hours[0]?.start).toBe((first.hours[0]?.start ?? 0) + 3_600_000);
    fanout.stop();
  });

  it('gives an agent counts of their appetite and agency only', async () => {
    const present = ['dashboard:agent:30:3'];
    const { putReferrals, sent, fanout, spec } = await setup(present);
    await putReferrals([
      referral(1),
      referral(2, { state: 'OH', dynamicPrice: 777 }),
      referral(3, {
        marketplaceStatus: 'Claimed',
        assignedAgency: 'Lone Star Insurance Group',
        lastModDate: minutesAgo(1),
      }),
      referral(4, {
        marketplaceStatus: 'Claimed',
        assignedAgency: 'Rival',
        lastModDate: minutesAgo(1),
      }),
    ]);
    const snap = await fanout.join(await spec(producer));
    const item = itemOf<AgentDashboard>(snap);
    expect(item).toMatchObject({ audience: 'agent', openNow: 1, claimsToday: 1, arrivalsTotal: 3 });
    for (const secret of ['777', 'Jane', '5125550100', 'Rival', 'Austin']) {
      expect(JSON.stringify(snap)).not.toContain(secret);
    }
    await putReferrals([
      referral(1, {
        marketplaceStatus: 'Claimed',
        assignedAgency: 'Rival',
        lastModDate: minutesAgo(0),
      }),
    ]);
    await settle();
    expect(itemOf<AgentDashboard>(sent.at(-1)?.message).openNow).toBe(0);
    fanout.stop();
  });

  it('answers a resync with a fresh snapshot, never a change log', async () => {
    const { fanout, spec } = await setup(['dashboard:privileged']);
    const room = await spec(admin);
    const snap = await fanout.join(room);
    expect(await fanout.changesSince(room, snap.seq)).toBeNull();
    expect(await fanout.snapshotOf(room)).toEqual(snap);
    fanout.stop();
  });
});

describe('who gets which dashboard', () => {
  it('puts admins and carriers in one room and agents in their agency’s', async () => {
    const { spec } = await setup([]);
    expect((await spec(admin)).room).toBe('dashboard:privileged');
    expect((await spec(carrier)).room).toBe('dashboard:privileged');
    expect((await spec(producer)).room).toBe('dashboard:agent:30:3');
  });

  it('refuses an anonymous socket and an agent with no marketplace', async () => {
    const { readModel } = await setup([]);
    const anonymous = await roomFor({ kind: 'dashboard' }, null, readModel, profilesOf(3));
    expect(isRefusal(anonymous) && anonymous.code).toBe('unauthenticated');
    const lost = await roomFor({ kind: 'dashboard' }, producer, readModel, profilesOf(99));
    expect(isRefusal(lost) && lost.code).toBe('forbidden');
  });
});
