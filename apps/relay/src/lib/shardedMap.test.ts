import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  idKey,
  numberShard,
  SHARDS,
  shardIndex,
  ShardedMap,
  ShardedSet,
  shardedById,
  shardedByString,
  stringShard,
} from './shardedMap.js';

type Op = { kind: 'set' | 'delete'; key: number; value: number };
const opsArb = fc.array(
  fc.record({
    kind: fc.constantFrom('set' as const, 'set' as const, 'delete' as const),
    key: fc.integer({ min: -5, max: 300 }),
    value: fc.integer(),
  }),
  { maxLength: 400 },
);

describe('ShardedMap and ShardedSet', () => {
  it('hold what a Map and a Set would, whatever was set and deleted', () => {
    fc.assert(
      fc.property(opsArb, (ops: Op[]) => {
        const map = new ShardedMap<number, number>(numberShard);
        const byText = shardedByString<number>();
        const set = new ShardedSet<number>(numberShard);
        const want = new Map<number, number>();
        for (const op of ops) {
          if (op.kind === 'set') {
            map.set(op.key, op.value);
            byText.set(String(op.key), op.value);
            set.add(op.key);
            want.set(op.key, op.value);
          } else {
            expect(map.delete(op.key)).toBe(want.has(op.key));
            byText.delete(String(op.key));
            set.delete(op.key);
            want.delete(op.key);
          }
        }
        expect(map.size).toBe(want.size);
        expect(byText.size).toBe(want.size);
        expect(set.size).toBe(want.size);
        const sorted = <T>(xs: Iterable<T>) =>
          [...xs].sort((a, b) => String(a).localeCompare(String(b)));
        expect(sorted(map.entries())).toEqual(sorted(want.entries()));
        expect(sorted(map.valuesArray())).toEqual(sorted(want.values()));
        expect(sorted(byText.keys())).toEqual(sorted([...want.keys()].map(String)));
        expect(sorted(set)).toEqual(sorted(want.keys()));
        for (let k = -5; k <= 300; k += 1) {
          expect(map.get(k)).toBe(want.get(k));
          expect(byText.has(String(k))).toBe(want.has(k));
          expect(set.has(k)).toBe(want.has(k));
        }
      }),
    );
  });

  it('spreads referral ids over every shard', () => {
    const used = new Set<number>();
    for (let id = 1_000_000; id < 1_006_400; id += 1) used.add(shardIndex(stringShard(String(id))));
    expect(used.size).toBe(SHARDS);
    const byNumber = new Set<number>();
    for (let id = 7; id < 7 + 6_400; id += 1) byNumber.add(shardIndex(numberShard(id)));
    expect(byNumber.size).toBe(SHARDS);
  });

  it('grows its shards at different times as ids come in order', () => {
    // A Map copies its table when its size reaches a power of two: with the shards' sizes
    // reaching one together, one change set of 250 referrals copied every shard's table.
    const sizes = new Array<number>(SHARDS).fill(0);
    const crossings: number[] = [];
    for (let id = 1; id <= 400_000; id += 1) {
      const s = shardIndex(numberShard(id));
      const size = (sizes[s] = (sizes[s] ?? 0) + 1);
      if (size >= 1024 && (size & (size - 1)) === 0) crossings.push(id);
    }
    expect(crossings.length).toBeGreaterThan(3 * SHARDS);
    let most = 0;
    for (let i = 0, j = 0; i < crossings.length; i += 1) {
      while ((crossings[i] as number) - (crossings[j] as number) >= 250) j += 1;
      most = Math.max(most, i - j + 1);
    }
    // Equal shares: all 64 at once for ids as they are, 7 with the ids mixed.
    expect(most).toBeLessThanOrEqual(3);
  });
});

describe('idKey', () => {
  const ids = fc.oneof(
    fc.integer({ min: -10, max: 2_000_000_000 }),
    fc.constantFrom(0, -0, 1.5, 999_999_999, 1_000_000_000, 2 ** 53, Number.NaN),
    fc.constantFrom('', '0', '00', '007', '12a', ' 1', '1e3', '-1', '999999999', '1000000000'),
    fc.string({ maxLength: 12 }),
    fc.stringMatching(/^[0-9]{1,12}$/),
  );

  it('gives one key to an id in either form, a small integer for a plain decimal id below 10^9', () => {
    fc.assert(
      fc.property(ids, (id) => {
        const key = idKey(id);
        // The id written as a string gives the same key as the id itself.
        expect(idKey(String(id))).toBe(key);
        // Two ids have one key only if they are the same id written the same way.
        expect(String(key)).toBe(String(id));
        const small = /^(0|[1-9][0-9]{0,8})$/.test(String(id));
        expect(typeof key).toBe(small ? 'number' : 'string');
      }),
      { numRuns: 2000 },
    );
  });

  it('keys a map whose gets, sets and deletes mix numbers and strings', () => {
    const m = shardedById<string>();
    m.set(idKey(42), 'a');
    m.set(idKey('007'), 'b');
    expect(m.get(idKey('42'))).toBe('a');
    expect(m.get(idKey(7))).toBeUndefined();
    expect(m.get(idKey('007'))).toBe('b');
    expect(m.delete(idKey('42'))).toBe(true);
    expect(m.size).toBe(1);
  });
});
