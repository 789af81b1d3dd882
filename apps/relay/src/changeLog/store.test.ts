import { afterAll, describe, expect, it } from 'vitest';
import { testRedis } from '../testkit/redis.testkit.js';
import type { ChangeSet } from './changeSet.js';
import { diffRecords, hashRecords } from './diff.js';
import { createMemoryStore } from './memoryStore.js';
import { BODY_FIELD_CHARS, bodyFields, createRedisStore, decodeEntry } from './redisStore.js';
import { StaleCommitError, type ReadModelStore } from './store.js';

const rec = (id: number, status: string) => ({ id, status });
const hashed = (rows: { id: number; status: string }[]) => hashRecords(rows, (r) => r.id);

const redisCtx = await testRedis();
afterAll(() => redisCtx.cleanup());

const stores: [string, () => ReadModelStore][] = [
  ['memory', () => createMemoryStore()],
  ['redis', () => createRedisStore(redisCtx.redis, redisCtx.keys)],
];

/** Commits a fresh poll of `rows` against what the store holds. */
async function poll(store: ReadModelStore, rows: { id: number; status: string }[], at = 1) {
  const { seq, hashes } = await store.loadHashes('referrals');
  return store.commit('referrals', diffRecords(hashes, hashed(rows)), seq, at);
}

describe.each(stores)('read model store contract (%s)', (_name, make) => {
  it('commits the first poll as a reset and later polls as deltas with rising seq', async () => {
    const store = make();
    const first = await poll(store, [rec(1, 'Available'), rec(2, 'Available')]);
    const base = first.seq;
    expect(first.kind).toBe('reset');
    const second = await poll(store, [rec(1, 'Claimed'), rec(3, 'Available')], 2);
    expect(second).toMatchObject({ kind: 'delta', seq: base + 1, removed: ['2'] });
    if (second.kind !== 'delta') throw new Error('expected a delta');
    expect(second.upserts.map((u) => u.id).sort()).toEqual(['1', '3']);
    const snap = await store.snapshot('referrals');
    expect(snap.seq).toBe(base + 1);
    expect([...snap.records.keys()].sort()).toEqual(['1', '3']);
    expect(JSON.parse(snap.records.get('1') ?? '{}')).toEqual(rec(1, 'Claimed'));
  });

  it('commits a first load of 100,000 records (in parts) as one reset', async () => {
    const store = make();
    const rows = Array.from({ length: 100_000 }, (_, i) => rec(i + 1, 'Available'));
    const first = await store.commit(
      'deliveryStats',
      diffRecords(new Map(), hashed(rows)),
      (await store.loadHashes('deliveryStats')).seq,
      1,
    );
    expect(first.kind).toBe('reset');
    const snap = await store.snapshot('deliveryStats');
    expect(snap.seq).toBe(first.seq);
    expect(snap.records.size).toBe(100_000);
    expect(JSON.parse(snap.records.get('100000') ?? '{}')).toEqual(rec(100_000, 'Available'));
  });

  it('reads a snapshot that matches one seq while commits go on under it', async () => {
    const store = make();
    let rows = Array.from({ length: 10_000 }, (_, i) => rec(i + 1, 'Available'));
    await poll(store, rows);
    const states = new Map<number, Map<string, string>>();
    const keep = (seq: number) =>
      states.set(seq, new Map(rows.map((r) => [String(r.id), JSON.stringify(r)])));
    keep(await store.loadSeq('referrals'));
    const reading = store.snapshot('referrals');
    // Each commit changes, removes and adds a few records across the hash while it is read.
    for (let k = 1; k <= 20; k += 1) {
      rows = rows
        .filter((r) => r.id % 997 !== k)
        .map((r) => (r.id % 499 === k ? rec(r.id, `Claimed ${k}`) : r))
        .concat(rec(20_000 + k, 'Available'));
      keep((await poll(store, rows, k + 1)).seq);
    }
    const snap = await reading;
    expect(states.has(snap.seq)).toBe(true);
    expect(new Map(snap.records)).toEqual(states.get(snap.seq));
  });

  it('rejects a commit based on a stale seq and changes nothing', async () => {
    const store = make();
    const { seq } = await store.loadHashes('marketplaces');
    await store.commit('marketplaces', diffRecords(new Map(), hashed([rec(9, 'x')])), seq, 1);
    await expect(
      store.commit('marketplaces', diffRecords(new Map(), hashed([rec(10, 'y')])), seq, 2),
    ).rejects.toBeInstanceOf(StaleCommitError);
    const snap = await store.snapshot('marketplaces');
    expect([...snap.records.keys()]).toEqual(['9']);
  });

  it('rejects a large commit (written in parts) based on a stale seq and changes nothing', async () => {
    const store = make();
    const first = await poll(store, [rec(1, 'A')]);
    await poll(store, [rec(1, 'B')]);
    const rows = Array.from({ length: 50_000 }, (_, i) => rec(i + 1, 'C'));
    await expect(
      store.commit('referrals', diffRecords(new Map(), hashed(rows)), first.seq, 3),
    ).rejects.toBeInstanceOf(StaleCommitError);
    const snap = await store.snapshot('referrals');
    expect([...snap.records.values()]).toEqual([JSON.stringify(rec(1, 'B'))]);
  });

  it('answers changes since a seq, and null when the log cannot reach back', async () => {
    const store = make();
    const a = await poll(store, [rec(1, 'A')]);
    const b = await poll(store, [rec(1, 'B')]);
    const c = await poll(store, [rec(1, 'C')]);
    const since = await store.changesSince('referrals', a.seq);
    expect(since?.map((x) => x.seq)).toEqual([b.seq, c.seq]);
    expect(await store.changesSince('referrals', c.seq)).toEqual([]);
    expect(await store.changesSince('referrals', c.seq + 5)).toBeNull();
  });

  it('lets a follower see every later commit in order', async () => {
    const store = make();
    const start = await poll(store, [rec(1, 'A')]);
    const seen: ChangeSet[] = [];
    const stop = store.follow('referrals', start.seq, (c) => {
      seen.push(c);
    });
    await new Promise((r) => setTimeout(r, 50));
    await poll(store, [rec(1, 'B')]);
    await poll(store, [rec(1, 'B'), rec(2, 'A')]);
    await expect.poll(() => seen.length, { timeout: 3000 }).toBe(2);
    expect(seen.map((c) => c.seq)).toEqual([start.seq + 1, start.seq + 2]);
    stop();
    await store.close();
  });

  it('stamps each delta with its commit time, not the poll time it was given', async () => {
    const store = make();
    await poll(store, [rec(1, 'A')]);
    const before = Date.now();
    const committed = await poll(store, [rec(1, 'B')], 1_000);
    const after = Date.now();
    const [logged] = (await store.changesSince('referrals', committed.seq - 1)) ?? [];
    for (const c of [committed, logged]) {
      if (c?.kind !== 'delta') throw new Error('expected a delta');
      expect(c.at).toBe(1_000);
      // Redis's clock rounds to the millisecond: allow one either side.
      expect(c.committedAt).toBeGreaterThanOrEqual(before - 1);
      expect(c.committedAt).toBeLessThanOrEqual(after + 1);
    }
  });
});

describe('the Redis store', () => {
  it('reads its log on only once the follower took the change set before (backpressure)', async () => {
    const store = createRedisStore(redisCtx.redis, redisCtx.keys);
    const start = await poll(store, [rec(1, 'A')]);
    // More change sets than one read of the log takes.
    for (let i = 0; i < 40; i += 1) await poll(store, [rec(1, `S${i}`)]);
    const seen: number[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stop = store.follow('referrals', start.seq, (c) => {
      seen.push(c.seq);
      return seen.length === 1 ? held : undefined;
    });
    await expect.poll(() => seen.length).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    // The follower has not taken the first: nothing more is read meanwhile.
    expect(seen).toHaveLength(1);
    release();
    await expect.poll(() => seen.length, { timeout: 3000 }).toBe(40);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => start.seq + 1 + i));
    stop();
  });

  it('logs a large change set in body fields no longer than BODY_FIELD_CHARS, read back whole', async () => {
    const store = createRedisStore(redisCtx.redis, redisCtx.keys);
    const long = (id: number) => ({ id, status: `é "quoted" ${'ü'.repeat(700)} ${id}` });
    const first = await poll(store, [rec(1, 'A'), rec(2, 'A')]);
    const rows = Array.from({ length: 300 }, (_, i) => long(i + 10));
    const committed = await poll(store, [rec(1, 'A'), ...rows], 2);
    const entries = (await redisCtx.redis.xrange(
      redisCtx.keys.changes('referrals'),
      `${committed.seq}-0`,
      `${committed.seq}-0`,
    )) as [string, string[]][];
    const fields = entries[0]?.[1] ?? [];
    const bodies = fields.filter((_, i) => i % 2 === 1 && fields[i - 1] === 'b');
    // ~230,000 characters of records: several fields, none over the bound.
    expect(bodies.length).toBeGreaterThan(3);
    for (const b of bodies) expect(b.length).toBeLessThanOrEqual(BODY_FIELD_CHARS);
    const [logged] = (await store.changesSince('referrals', first.seq)) ?? [];
    if (logged?.kind !== 'delta') throw new Error('expected a delta');
    expect(logged.removed).toEqual(['2']);
    expect(logged.upserts.map((u) => JSON.parse(u.json) as unknown)).toEqual(rows);
    expect(logged.upserts.map((u) => u.id)).toEqual(rows.map((r) => String(r.id)));
  });

  it("reads an older relay's change set, logged as one 'body' field", () => {
    const body = JSON.stringify({ u: [{ id: '7', json: '{"id":7}' }], r: ['8'] });
    const change = decodeEntry('referrals', [
      '42-0',
      ['kind', 'delta', 'at', '5', 'ct', '6', 'body', body],
    ]);
    expect(change).toEqual({
      kind: 'delta',
      stream: 'referrals',
      seq: 42,
      at: 5,
      committedAt: 6,
      upserts: [{ id: '7', json: '{"id":7}' }],
      removed: ['8'],
    });
    // And a reset as a reset, whatever fields it has.
    expect(decodeEntry('referrals', ['43-0', ['kind', 'reset', 'at', '5', 'ct', '6']])).toEqual({
      kind: 'reset',
      stream: 'referrals',
      seq: 43,
      at: 5,
    });
  });

  it('splits bodies at the bound, keeps a longer record whole in a field of its own', () => {
    const upserts = [
      { id: 'a', json: 'x'.repeat(BODY_FIELD_CHARS / 2) },
      { id: 'b', json: 'y'.repeat(BODY_FIELD_CHARS / 2) },
      { id: 'c', json: 'z'.repeat(BODY_FIELD_CHARS * 2) },
      { id: 'd', json: '{}' },
    ];
    const fields = bodyFields(upserts, ['e', 'f']);
    const ids = fields.map((f) => {
      const change = decodeEntry('referrals', ['1-0', ['kind', 'delta-parts', 'at', '1', 'b', f]]);
      if (change.kind !== 'delta') throw new Error('expected a delta');
      return [...change.upserts.map((u) => u.id), ...change.removed];
    });
    expect(ids).toEqual([['a'], ['b'], ['c'], ['d'], ['e', 'f']]);
    expect(bodyFields([], [])).toEqual([]);
    // Whatever an id holds, even the separator, it comes back as it was, and so does the JSON.
    const odd = [
      { id: 'x\u001fy', json: '{"a":"\\u001f"}' },
      { id: '', json: '{}' },
    ];
    const change = decodeEntry('referrals', [
      '2-0',
      ['kind', 'delta-parts', 'at', '1', ...bodyFields(odd, ['z']).flatMap((b) => ['b', b])],
    ]);
    expect(change).toMatchObject({ kind: 'delta', upserts: odd, removed: ['z'] });
  });
});
