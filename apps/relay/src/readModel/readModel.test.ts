import { opportunitySchema, type Marketplace, type Opportunity } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { lonestar } from '../testkit/marketplaces.testkit.js';
import { commitWhole } from '../testkit/store.testkit.js';
import type { StreamName } from '../keys.js';
import { inAppetite } from './lists/scopes.js';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import { StreamMirror } from './mirror.js';
import { createHostedReadModel } from './host/hostedReadModel.js';
import { createReadModel, WARM_ORDERS } from './readModel.js';
import type { ReadModelStore } from '../changeLog/store.js';

const NOW = Date.parse('2026-11-21T15:30:00Z');
const referral = (id: number, state: string): Opportunity =>
  opportunitySchema.cast({
    opportunityId: id,
    opportunityType: 'CIR',
    marketplaceStatus: 'Available',
    addDate: new Date(NOW - id * 60_000).toISOString(),
    category: 'COMMERCIAL',
    businessLines: ['CGLY'],
    state,
  });

/** Commits `rows` as the whole of a stream, as a poll would. */
const put = <T extends object>(
  store: ReadModelStore,
  stream: StreamName,
  rows: T[],
  id: (r: T) => number | string,
) => commitWhole(store, stream, rows, id, NOW);

describe('the read model', () => {
  it("builds each marketplace's in-appetite list after a load, before anyone asks for it", async () => {
    const store = createMemoryStore();
    const readModel = createReadModel(store, () => NOW);
    await readModel.start();
    await put(store, 'marketplaces', [lonestar], (m: Marketplace) => m.id);
    await readModel.settled();
    await put(
      store,
      'referrals',
      [referral(1, 'TX'), referral(2, 'CA'), referral(3, 'TX')],
      (r) => r.opportunityId,
    );
    await readModel.settled();
    const appetite = readModel.marketplaces.get(30)?.riskAppetite;
    if (!appetite) throw new Error('no marketplace');
    await expect
      .poll(() =>
        readModel.referralIndex.allNow(inAppetite(30, appetite))?.map((o) => o.opportunityId),
      )
      .toEqual([1, 3]);
    readModel.stop();
  });

  it("holds the market's background list orders while the poll says a first load runs", async () => {
    const store = createMemoryStore();
    const readModel = createReadModel(store, () => NOW);
    await readModel.start();
    const index = readModel.referralIndex;
    const { orders } = index.status();
    await expect.poll(() => index.status().ordersBuilt).toBe(orders);
    const status = async (loading?: { loaded: number; expected: number }) => {
      const polled = {
        id: 'poll',
        stale: false,
        failing: [],
        since: NOW,
        ...(loading && { loading }),
      };
      await put(store, 'status', [polled], () => 'poll');
      await readModel.settled();
    };
    await status({ loaded: 1000, expected: 1_000_000 });
    // The warm orders (the default lists) alone are kept meanwhile.
    await expect.poll(() => index.status().ordersBuilt).toBe(WARM_ORDERS.length);
    await status();
    await expect.poll(() => index.status().ordersBuilt).toBe(orders);
    readModel.stop();
  });

  it('tells stale with failing store while the store cannot be read, and the last poll again after', async () => {
    const store = createMemoryStore();
    let clock = NOW;
    const readModel = createHostedReadModel(store, { placement: 'this thread', now: () => clock });
    await readModel.start();
    const resets: number[] = [];
    readModel.status.onEvent((e) => {
      if (e.kind === 'reset') resets.push(e.seq);
    });
    // Before any poll committed a status, a store that is away still makes one.
    readModel.setStoreReachable(false);
    expect(readModel.liveStatus()).toEqual([
      { id: 'poll', stale: true, failing: ['store'], since: NOW },
    ]);
    readModel.setStoreReachable(true);
    expect(readModel.liveStatus()).toEqual([]);

    const polled = { id: 'poll', stale: true, failing: ['referrals'], since: NOW - 5000 };
    await put(store, 'status', [polled], () => 'poll');
    await readModel.settled();
    await expect.poll(() => readModel.liveStatus()).toEqual([polled]);

    clock = NOW + 1000;
    const before = resets.length;
    readModel.setStoreReachable(false);
    readModel.setStoreReachable(false); // no change, nothing sent again
    expect(readModel.liveStatus()).toEqual([
      { ...polled, stale: true, failing: ['referrals', 'store'], since: NOW + 1000 },
    ]);
    readModel.setStoreReachable(true);
    expect(readModel.liveStatus()).toEqual([polled]);
    // Each change went to the status rooms at once, at the seq held (no commit behind it).
    expect(resets.slice(before)).toEqual([readModel.status.seq, readModel.status.seq]);
    readModel.stop();
  });

  it('keeps reloading a stream still empty when the store fails, and follows it on', async () => {
    const store = createMemoryStore();
    let failNext = false;
    const flaky: ReadModelStore = {
      ...store,
      snapshot: (stream) => {
        if (!failNext) return store.snapshot(stream);
        failNext = false;
        return Promise.reject(new Error('store away'));
      },
    };
    const mirror = new StreamMirror(flaky, 'auditLog', (j) => JSON.parse(j) as { id: number });
    // The first load fails loudly: a relay that cannot read its store does not start.
    failNext = true;
    await expect(mirror.start()).rejects.toThrow('store away');
    await mirror.start();
    expect(mirror.seq).toBe(0);
    // A reload (the store restarted) whose first read fails retries, although nothing was ever
    // committed to the stream, and the mirror follows what comes next.
    failNext = true;
    await mirror.reload();
    await put(store, 'auditLog', [{ id: 1 }], (r) => r.id);
    await expect.poll(() => mirror.size).toBe(1);
    mirror.stop();
  });
});
