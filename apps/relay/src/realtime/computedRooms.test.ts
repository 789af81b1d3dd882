import type { ChangesMessage, Marketplace, SnapshotMessage } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { lonestar } from '../testkit/marketplaces.testkit.js';
import { commitWhole } from '../testkit/store.testkit.js';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import { createHostedReadModel } from '../readModel/host/hostedReadModel.js';
import type { ReadModelStore } from '../changeLog/store.js';
import { createComputedRooms } from './computedRooms.js';
import type { RoomEmitter } from './emitter.js';
import type { ComputedRoomSpec } from './roomTypes.js';

const putMarketplaces = (store: ReadModelStore, rows: Marketplace[]) =>
  commitWhole(store, 'marketplaces', rows, (m) => m.id);

describe('computed rooms', () => {
  it("computes a room's item where it is asked for, and again for what changed meanwhile", async () => {
    const store = createMemoryStore();
    const readModel = createHostedReadModel(store, { placement: 'this thread' });
    await readModel.start();
    const sent: (SnapshotMessage | ChangesMessage)[] = [];
    const out: RoomEmitter = {
      emit: (
        _room: string,
        _event: 'changes' | 'snapshot',
        m: SnapshotMessage | ChangesMessage,
      ) => {
        sent.push(m);
      },
      has: () => true,
    };
    const rooms = createComputedRooms(readModel, out, { coalesceMs: 1 });
    // An item computed elsewhere (as on the read model's own thread): each answer waits for its gate.
    let computed = 0;
    const gates: (() => void)[] = [];
    const spec: ComputedRoomSpec = {
      kind: 'computed',
      room: 'room',
      topic: { kind: 'dashboard' },
      dependsOn: ['marketplaces'],
      compute: () => {
        computed += 1;
        const item = { id: 'item', n: computed };
        return new Promise((resolve) => gates.push(() => resolve(item as never)));
      },
    };
    const valueOf = (m: SnapshotMessage | ChangesMessage | undefined) =>
      ((m as SnapshotMessage | undefined)?.items[0] as { n: number } | undefined)?.n;
    const joined = rooms.join(spec);
    expect(joined).toBeInstanceOf(Promise);
    gates.shift()?.();
    expect(valueOf(await joined)).toBe(1);

    // A change: the item is asked for again; a change while it is computed is computed after it.
    await putMarketplaces(store, [lonestar]);
    await readModel.settled();
    await expect.poll(() => gates.length).toBe(1);
    await putMarketplaces(store, [{ ...lonestar, marketplaceName: 'Lone Star West' }]);
    await readModel.settled();
    gates.shift()?.();
    await expect.poll(() => sent.map(valueOf)).toEqual([2]);
    await expect.poll(() => gates.length).toBe(1);
    gates.shift()?.();
    await expect.poll(() => sent.map(valueOf)).toEqual([2, 3]);
    rooms.stop();
    readModel.stop();
  });
});
