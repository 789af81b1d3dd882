/**
 * Tests of the poller: only what changed is committed, a failing source keeps its last snapshot
 * and shows as stale, and a store another poller (or an empty restart) changed is read again.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import { StreamMirror } from '../readModel/mirror.js';
import { createPoller, type PollStatus } from './poller.js';
import type { PollSource } from './sources.js';

type Row = { id: number; v: string };

/** A source whose answer the test sets; `fail` makes the next fetch throw. */
function fakeSource(rows: Row[]) {
  const state = { rows, fail: false };
  const source: PollSource = {
    stream: 'featureFlags',
    fetch: () =>
      state.fail ? Promise.reject(new Error('upstream down')) : Promise.resolve(state.rows),
    idOf: (r) => (r as Row).id,
  };
  return { state, source };
}

describe('poller', () => {
  it('commits only what changed, with a rising seq', async () => {
    const store = createMemoryStore();
    const { state, source } = fakeSource([{ id: 1, v: 'a' }]);
    const poller = createPoller(store, [source]);
    const first = await poller.pollOnce(new Date(1000));
    expect(first.streams[0]).toMatchObject({ ok: true, seq: 1000, changed: 1 });
    const same = await poller.pollOnce(new Date(2000));
    expect(same.streams[0]).toMatchObject({ ok: true, seq: 1000, changed: 0 });
    state.rows = [
      { id: 1, v: 'b' },
      { id: 2, v: 'c' },
    ];
    const next = await poller.pollOnce(new Date(3000));
    expect(next.streams[0]).toMatchObject({ ok: true, seq: 1001, changed: 2 });
  });

  it('keeps the last snapshot and reports stale while a source fails, then recovers', async () => {
    const store = createMemoryStore();
    const { state, source } = fakeSource([{ id: 1, v: 'a' }]);
    const poller = createPoller(store, [source]);
    const status = new StreamMirror<PollStatus>(
      store,
      'status',
      (j) => JSON.parse(j) as PollStatus,
    );
    await poller.pollOnce(new Date(1000));
    await status.start();
    expect(status.get('poll')).toMatchObject({ stale: false });

    state.fail = true;
    const failed = await poller.pollOnce(new Date(2000));
    expect(failed.streams[0]).toMatchObject({ ok: false, error: 'upstream down' });
    expect(failed.status).toEqual({
      id: 'poll',
      stale: true,
      failing: ['featureFlags'],
      since: 2000,
    });
    expect([...(await store.snapshot('featureFlags')).records.keys()]).toEqual(['1']);
    expect(status.get('poll')).toMatchObject({ stale: true, failing: ['featureFlags'] });

    // Still failing: the status does not change, so nothing is sent to clients again.
    const seqBefore = status.seq;
    await poller.pollOnce(new Date(3000));
    expect(status.seq).toBe(seqBefore);

    state.fail = false;
    const back = await poller.pollOnce(new Date(4000));
    expect(back.status).toEqual({ id: 'poll', stale: false, failing: [], since: 4000 });
    expect(status.get('poll')).toMatchObject({ stale: false });
  });

  it('recovers when another poller committed in between', async () => {
    const store = createMemoryStore();
    const a = fakeSource([{ id: 1, v: 'a' }]);
    const b = fakeSource([{ id: 1, v: 'b' }]);
    const pa = createPoller(store, [a.source]);
    const pb = createPoller(store, [b.source]);
    await pa.pollOnce(new Date(1));
    await pb.pollOnce(new Date(2));
    a.state.rows = [{ id: 1, v: 'c' }];
    const outcome = await pa.pollOnce(new Date(3));
    expect(outcome.streams[0]).toMatchObject({ ok: true, seq: 3, changed: 1 });
    const snap = await store.snapshot('featureFlags');
    expect(JSON.parse(snap.records.get('1') ?? '{}')).toEqual({ id: 1, v: 'c' });
  });

  it('commits an unchanged source again into a store that lost everything (Redis restarted empty)', async () => {
    let current = createMemoryStore();
    // The poller's store, whose server the test replaces with an empty one.
    const store = new Proxy(current, {
      get: (_t, key) => {
        const v: unknown = Reflect.get(current, key);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(current) : v;
      },
    });
    const { source } = fakeSource([{ id: 1, v: 'a' }]);
    const poller = createPoller(store, [source]);
    await poller.pollOnce(new Date(1000));
    current = createMemoryStore();
    const outcome = await poller.pollOnce(new Date(2000));
    expect(outcome.streams[0]).toMatchObject({ ok: true, changed: 1 });
    const snap = await current.snapshot('featureFlags');
    expect(JSON.parse(snap.records.get('1') ?? '{}')).toEqual({ id: 1, v: 'a' });
  });
});
