import {
  compareBy,
  sortValueOf,
  type Opportunity,
  type Sort,
  type SortKey,
} from '@referrals/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellMask, CountedTree } from './countedTree.js';
import { inOrder, pageOf, type Groups } from './twoWay.js';

interface Item {
  readonly o: Partial<Opportunity>;
  readonly cell: number;
}

const CELLS = 3;
/** Few values, many ties and missing values: groups of every size, from one to the whole tree. */
const itemArb = (id: number): fc.Arbitrary<Item> =>
  fc.record({
    o: fc.record({
      opportunityId: fc.constant(id),
      addDate: fc.constantFrom('2026-11-01', '2026-11-02', ''),
      city: fc.option(fc.constantFrom('Austin', 'austin', 'Érié', '', '10', '9'), { nil: null }),
      estimatedPremium: fc.option(fc.constantFrom(0, 500, -1, 500.5), { nil: undefined }),
    }),
    cell: fc.nat({ max: CELLS - 1 }),
  });

const itemsArb = fc
  .integer({ min: 0, max: 90 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => itemArb(i + 1))));

const order = (sort: Sort, tie = true) =>
  compareBy(
    sort,
    (t: Item) => (tie ? t.o : {}),
    (t: Item) => sortValueOf(sort.key, t.o),
  );

describe('a sort key read both ways from one tree', () => {
  it('reads the descending order, from any position and from the end, as the reference sorts', () => {
    fc.assert(
      fc.property(
        itemsArb,
        fc.constantFrom<SortKey>('city', 'estimatedPremium'),
        fc.uniqueArray(fc.nat({ max: CELLS - 1 }), { minLength: 1 }),
        // Entries removed after the load: inner nodes then route by entries no longer held.
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat({ max: 100 }),
        fc.integer({ min: 1, max: 12 }),
        (items, key, cells, removals, readAhead, skip, size) => {
          const asc: Sort = { key, direction: 'asc' };
          const tree = new CountedTree<Item>(order(asc), CELLS, (t) => t.cell, 4);
          for (const t of items) tree.insert(t);
          const held = new Set(items);
          for (const r of removals) {
            const gone = items[r % Math.max(1, items.length)];
            if (gone && held.delete(gone)) tree.delete(gone);
          }
          const groups: Groups<Item> = {
            compareValues: order(asc, false),
            missing: (t) => {
              const v = sortValueOf(key, t.o);
              return v === null || v === undefined;
            },
            readAhead,
          };
          const mask = cellMask(CELLS, cells);
          const want = [...held]
            .filter((t) => cells.includes(t.cell))
            .sort(order({ key, direction: 'desc' }));
          const ids = (ts: Iterable<Item>) => [...ts].map((t) => t.o.opportunityId);
          expect(ids(pageOf(tree, mask, skip, size, groups))).toEqual(
            ids(want.slice(skip, skip + size)),
          );
          expect(ids(inOrder(tree, mask, groups, false))).toEqual(ids(want));
          expect(ids(inOrder(tree, mask, groups, true))).toEqual(ids([...want].reverse()));
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 2000) },
    );
  });
});
