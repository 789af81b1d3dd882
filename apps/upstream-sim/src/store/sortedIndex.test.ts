import { describe, expect, it } from 'vitest';
import { Rng } from '../generator/prng.js';
import { SortedIndex } from './sortedIndex.js';

interface Item {
  key: number;
  id: number;
}
const byKeyThenId = (a: Item, b: Item) => a.key - b.key || a.id - b.id;

describe('a sorted index in blocks', () => {
  it('keeps the order of a plain sorted array through thousands of inserts and removals', () => {
    const rng = new Rng('sorted-index');
    const index = new SortedIndex(byKeyThenId);
    let plain: Item[] = [];
    for (let step = 0; step < 6_000; step++) {
      if (plain.length > 0 && rng.chance(0.4)) {
        const item = rng.pick(plain);
        expect(index.remove(item)).toBe(true);
        plain = plain.filter((x) => x !== item);
      } else {
        const item = { key: rng.int(0, 300), id: step };
        index.insert(item);
        plain.push(item);
      }
    }
    plain.sort(byKeyThenId);
    expect(index.size).toBe(plain.length);
    expect(index.slice(0, plain.length)).toEqual(plain);
    expect(index.slice(1_234, 1_244)).toEqual(plain.slice(1_234, 1_244));
    expect(index.misses).toBe(0);
  });

  it('finds ranks by a predicate that holds for a prefix', () => {
    const items = Array.from({ length: 5_000 }, (_, i) => ({ key: i * 2, id: i }));
    const index = new SortedIndex(byKeyThenId, items);
    expect(index.rankWhere((x) => x.key < 0)).toBe(0);
    expect(index.rankWhere((x) => x.key < 3_001)).toBe(1_501);
    expect(index.rankWhere(() => true)).toBe(5_000);
  });

  it('still removes an item whose key changed behind its back, and counts the miss', () => {
    const items = Array.from({ length: 3_000 }, (_, i) => ({ key: i, id: i }));
    const index = new SortedIndex(byKeyThenId, items);
    const moved = items[10] as Item;
    moved.key = 2_500;
    expect(index.remove(moved)).toBe(true);
    expect(index.misses).toBe(1);
    expect(index.remove({ key: 1, id: -1 })).toBe(false);
  });

  it('stops a scan when the visitor says so', () => {
    const index = new SortedIndex(
      byKeyThenId,
      [1, 2, 3, 4].map((key) => ({ key, id: key })),
    );
    const seen: number[] = [];
    index.scan(1, 10, (x) => {
      seen.push(x.key);
      return x.key < 3;
    });
    expect(seen).toEqual([2, 3]);
  });
});
