/**
 * A room re-cut by other streams is re-cut only by the records that concern it: an agency's
 * settings room by its own marketplace and that marketplace's delivery figures, never by a
 * delivery to another agency (every poll cycle of a busy market); the admins' room by any.
 */
import type { DeliveryStat, Marketplace } from '@referrals/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileResolver, UserProfile } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import { createHostedReadModel } from '../readModel/host/hostedReadModel.js';
import { lonestar } from '../testkit/marketplaces.testkit.js';
import { commitWhole } from '../testkit/store.testkit.js';
import type { RoomEmitter } from './emitter.js';
import { createFanout } from './fanout.js';
import { roomFor } from './roomSpec.js';
import type { StreamRoomSpec } from './roomTypes.js';

const store = createMemoryStore();
const readModel = createHostedReadModel(store, { placement: 'this thread', now: () => Date.now() });
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((s) => s()));

// Lone Star (agency 3) buys through marketplace 30; Peachtree (agency 6) through 60.
const peachtree: Marketplace = { ...lonestar, id: 60, marketplaceName: 'Peachtree', agencyId: 6 };
const stat = (marketplaceId: number, deliveredToday: number) =>
  ({ marketplaceId, deliveredToday }) as unknown as DeliveryStat;
const asAgency = (agencyId: number | null): ProfileResolver => ({
  resolve: () => Promise.resolve({ agencyId, agencyName: null } as UserProfile),
});
const principal = (isAdmin: boolean) =>
  ({ username: 'u', access: { isAdmin, isCarrier: false, privileged: isAdmin } }) as Principal;

/** The snapshots each room is sent, by room. */
async function settingsRooms() {
  const sent = new Map<string, number>();
  const rooms: StreamRoomSpec[] = [];
  for (const [agencyId, isAdmin] of [
    [3, false],
    [6, false],
    [null, true],
  ] as const) {
    const spec = (await roomFor(
      { kind: 'agencySettings' },
      principal(isAdmin),
      readModel,
      asAgency(agencyId),
    )) as StreamRoomSpec;
    rooms.push(spec);
  }
  const out: RoomEmitter = {
    emit: (room, event) => {
      if (event === 'snapshot') sent.set(room, (sent.get(room) ?? 0) + 1);
    },
    has: () => true,
  };
  const fanout = createFanout(readModel, out);
  stops.push(() => fanout.stop());
  for (const spec of rooms) await fanout.join(spec);
  sent.clear();
  return sent;
}

async function commit(
  stream: 'marketplaces' | 'deliveryStats',
  rows: readonly object[],
): Promise<void> {
  const id = (r: object) =>
    stream === 'marketplaces'
      ? (r as Marketplace).id
      : (r as { marketplaceId: number }).marketplaceId;
  await commitWhole(store, stream, [...rows], id);
  await readModel.settled();
}

describe("re-cutting an agency's settings room", () => {
  it("re-cuts it only for its own marketplace and deliveries, and the admins' room for any", async () => {
    await readModel.start();
    await commit('marketplaces', [lonestar, peachtree]);
    await commit('deliveryStats', [stat(30, 1), stat(60, 1)]);
    const sent = await settingsRooms();

    // A delivery to Peachtree: its room and the admins' are re-cut, Lone Star's is not.
    await commit('deliveryStats', [stat(30, 1), stat(60, 2)]);
    expect(Object.fromEntries(sent)).toEqual({
      'agency-settings:6': 1,
      'agency-settings:all': 1,
    });
    // A delivery to Lone Star, then its marketplace edited: Lone Star's room each time.
    sent.clear();
    await commit('deliveryStats', [stat(30, 2), stat(60, 2)]);
    await commit('marketplaces', [{ ...lonestar, enabled: false }, peachtree]);
    expect(Object.fromEntries(sent)).toEqual({
      'agency-settings:3': 2,
      'agency-settings:all': 2,
    });
    readModel.stop();
  });
});
