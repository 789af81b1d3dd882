import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yieldEveryItem } from '../testkit/turns.testkit.js';
import {
  cellMask,
  CountedTree,
  inSlot,
  MAX_SLOTS,
  SLOT_BITS,
  slotBit,
  slotWord,
  type CellMask,
} from './countedTree.js';

/** An entry: its order key, its cell (which moves), and the slots it is in. */
interface Item {
  readonly id: number;
  readonly key: number;
  cell: number;
  slots: number;
}

const CELLS = 3;
const SLOTS = 3;
const byKey = (a: Item, b: Item): number => a.key - b.key || a.id - b.id;

/**
 * The tree's slot of each test slot: both ends of the first word, and one of the second. An item's
 * `slots` has a bit per test slot; `wordsOf` gives the tree the words they make.
 */
const TREE_SLOT = [0, SLOT_BITS - 1, SLOT_BITS + 1];
const treeSlot = (k: number): number => TREE_SLOT[k] as number;
const wordsOf = (t: Item, word: number): number => {
  let bits = 0;
  TREE_SLOT.forEach((slot, k) => {
    if (((t.slots >> k) & 1) === 1 && slotWord(slot) === word) bits |= slotBit(slot);
  });
  return bits;
};

/** What happens to the tree: the owner's side of the contract (see `countSlot`). */
type Op =
  /** `n` entries inserted, one after the other (trees of a few levels). */
  | { kind: 'insert'; key: number; cell: number; slots: number; n: number }
  | { kind: 'delete'; at: number }
  /** An entry's cell changes and the owner says so (`moved`), or counts it again (`refresh`). */
  | { kind: 'move'; at: number; cell: number; refresh: boolean }
  /** The owner starts counting a slot, at once or in slices (`countSlotInSlices`). */
  | { kind: 'count'; slot: number; sliced: boolean }
  /** A turn of the event loop: a slice of a count under way runs. */
  | { kind: 'turn' }
  | { kind: 'drop'; slot: number }
  /** Slot bits change, as the owner may do for a slot no tree counts. */
  | { kind: 'rebit'; slot: number; every: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      key: fc.nat({ max: 20 }),
      cell: fc.nat({ max: CELLS - 1 }),
      slots: fc.nat({ max: (1 << SLOTS) - 1 }),
      n: fc.integer({ min: 1, max: 8 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      at: fc.nat(),
      cell: fc.nat({ max: CELLS - 1 }),
      refresh: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('count' as const),
      slot: fc.nat({ max: SLOTS - 1 }),
      sliced: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'turn' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('drop' as const), slot: fc.nat({ max: SLOTS - 1 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rebit' as const),
      slot: fc.nat({ max: SLOTS - 1 }),
      every: fc.integer({ min: 1, max: 3 }),
    }),
  },
);

const MASKS: readonly CellMask[] = [
  cellMask(CELLS, [0, 1, 2]),
  cellMask(CELLS, [1]),
  cellMask(CELLS, [0, 2]),
];

/**
 * Checks every counted slot the tree says it counts against a plain filter of `held`: counts,
 * a page from `skip`, a backward walk, and a count up to a pivot.
 */
function checkSlots(
  tree: CountedTree<Item>,
  held: readonly Item[],
  counted: ReadonlySet<number>,
  skip: number,
  take: number,
): void {
  const ids = (ts: Iterable<Item>) => [...ts].map((t) => t.id);
  for (const slot of counted) {
    if (!tree.countsSlot(treeSlot(slot))) continue;
    for (const mask of MASKS) {
      const m = inSlot(mask, treeSlot(slot));
      const want = held
        .filter((t) => mask.wants[t.cell] === 1 && ((t.slots >> slot) & 1) === 1)
        .sort(byKey);
      expect(tree.countOf(m)).toBe(want.length);
      expect(ids(tree.page(m, skip, take))).toEqual(ids(want.slice(skip, skip + take)));
      const last = want.length - 1 - skip;
      if (last >= 0)
        expect(ids(tree.walk(m, last, true))).toEqual(ids(want.slice(0, last + 1).reverse()));
      const pivot = want[skip];
      if (pivot) expect(tree.countWhile(m, (t) => byKey(t, pivot) < 0)).toBe(skip);
    }
  }
}

describe('CountedTree slots', () => {
  // A count in slices yields after every leaves' parent, so changes land between any two.
  yieldEveryItem();

  it('counts, pages and walks the entries of each counted slot as a plain filter would', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Slots counted from the start (kept through every change), then ops.
        fc.subarray([0, 1, 2]),
        fc.array(opArb, { maxLength: 120 }),
        fc.nat({ max: 40 }),
        fc.integer({ min: 1, max: 6 }),
        async (first, ops, skip, take) => {
          const tree = new CountedTree<Item>(byKey, CELLS, (t) => t.cell, 4, wordsOf);
          const held: Item[] = [];
          /** Slots the owner asked to count (and did not drop): their bits stay put. */
          const counted = new Set<number>(first);
          for (const slot of first) tree.countSlot(treeSlot(slot));
          const runs: Promise<void>[] = [];
          const check = () => checkSlots(tree, held, counted, skip, take);
          let next = 1;
          for (const op of ops) {
            const at = 'at' in op && held.length > 0 ? op.at % held.length : -1;
            const item = held[at];
            if (op.kind === 'insert') {
              for (let i = 0; i < op.n; i += 1) {
                const id = next++;
                const t = {
                  id,
                  key: (op.key + i * 7) % 21,
                  cell: (op.cell + i) % CELLS,
                  slots: (op.slots + i) % (1 << SLOTS),
                };
                held.push(t);
                tree.insert(t);
              }
            } else if (op.kind === 'delete' && item) {
              held.splice(at, 1);
              expect(tree.delete(item)).toBe(true);
            } else if (op.kind === 'move' && item) {
              const from = item.cell;
              item.cell = op.cell;
              expect(op.refresh ? tree.refresh(item) : tree.moved(item, from)).toBe(true);
            } else if (op.kind === 'count') {
              if (op.sliced) runs.push(tree.countSlotInSlices(treeSlot(op.slot)));
              else tree.countSlot(treeSlot(op.slot));
              counted.add(op.slot);
            } else if (op.kind === 'drop') {
              tree.dropSlot(treeSlot(op.slot));
              counted.delete(op.slot);
            } else if (op.kind === 'turn') {
              await new Promise((resolve) => setImmediate(resolve));
            } else if (op.kind === 'rebit' && !counted.has(op.slot)) {
              const bit = 1 << op.slot;
              for (const t of held)
                t.slots = t.id % op.every === 0 ? t.slots | bit : t.slots & ~bit;
            }
            check();
          }
          // Every count under way ends counted, unless its slot was dropped.
          await Promise.all(runs);
          for (const slot of counted) expect(tree.countsSlot(treeSlot(slot))).toBe(true);
          check();
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 3000) },
    );
  });

  it('counts a slot dropped and asked for again while its count in slices was under way', async () => {
    const tree = new CountedTree<Item>(byKey, CELLS, (t) => t.cell, 4, wordsOf);
    for (let id = 1; id <= 200; id += 1) tree.insert({ id, key: id, cell: id % CELLS, slots: 1 });
    const first = tree.countSlotInSlices(0);
    tree.dropSlot(0);
    const second = tree.countSlotInSlices(0);
    expect(tree.countsSlot(0)).toBe(false);
    await Promise.all([first, second]);
    expect(tree.countsSlot(0)).toBe(true);
    expect(tree.countOf(inSlot(MASKS[0] as CellMask, 0))).toBe(200);
  });

  it('refuses to read a slot it does not count', () => {
    const tree = new CountedTree<Item>(byKey, CELLS, (t) => t.cell, 4, wordsOf);
    for (let id = 1; id <= 40; id += 1) tree.insert({ id, key: id, cell: 0, slots: 1 });
    expect(() => tree.countOf(inSlot(MASKS[0] as CellMask, 0))).toThrow('slot 0 is not counted');
    tree.countSlot(0);
    expect(tree.countOf(inSlot(MASKS[0] as CellMask, 0))).toBe(40);
    expect(() => tree.countSlot(MAX_SLOTS)).toThrow(RangeError);
  });

  it('keeps no deleted entry as a key, so an entry value may be used again for another', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 50 })), { maxLength: 300 }),
        (ops) => {
          // Entries are slots of a column of keys; a deleted slot is used again with a new key.
          const keyOf: number[] = [];
          const tree = new CountedTree<number>(
            (a, b) => (keyOf[a] as number) - (keyOf[b] as number) || a - b,
            1,
            () => 0,
            4,
          );
          const live = new Set<number>();
          const free: number[] = [];
          let next = 0;
          for (const [add, key] of ops) {
            if (add || live.size === 0) {
              const slot = free.pop() ?? next++;
              keyOf[slot] = key;
              tree.insert(slot);
              live.add(slot);
            } else {
              const slot = [...live][key % live.size] as number;
              expect(tree.delete(slot)).toBe(true);
              live.delete(slot);
              free.push(slot);
            }
          }
          const want = [...live].sort(
            (a, b) => (keyOf[a] as number) - (keyOf[b] as number) || a - b,
          );
          expect([...tree.values()]).toEqual(want);
          for (const slot of live) expect(tree.has(slot)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
