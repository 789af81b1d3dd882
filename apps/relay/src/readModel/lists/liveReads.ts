/**
 * Reads of the indexes' collections while the market moves: in slices that yield to the event
 * loop, into arrays made at once.
 *
 * Invariant: a value present in the collection throughout a read is read exactly once (and, from
 * a tree, in the tree's order); values added or removed meanwhile may or may not be, which is why
 * the callers replay what changed during the read (see the `pending` changes of views and scopes).
 */
import type { CountedTree } from '../../lib/countedTree.js';
import { forEachInSlices, isDue, slicing, yieldIfDue } from '../../lib/slices.js';

/** An array made at once for `expected` values and a sixteenth more (see `readLive`). */
const arrayFor = <T>(expected: number): T[] => new Array<T>(expected + (expected >>> 4) + 16);

/**
 * The values that pass (all of them without `keep`), read in slices from a sharded map's or set's
 * iterator (which stays valid while the collection changes), into an array made at once for them
 * all and a sixteenth more for those added meanwhile. Grown one push at a time, a whole market's
 * array would be copied whole at each growth, in one turn: late in a first load of 1,000,000 (a
 * large heap being marked, each copied element passing V8's write barrier) one such push, like
 * one synchronous copy of the market, would hold the event loop for hundreds of milliseconds.
 */
export async function readLive<T>(
  values: { readonly size: number; values(): Iterable<T> },
  keep?: (t: T) => boolean,
): Promise<T[]> {
  const out = arrayFor<T>(values.size);
  let n = 0;
  await forEachInSlices(values.values(), (t) => {
    if (!keep || keep(t)) out[n++] = t;
  });
  // Cut in place (V8 trims an array's end; no copy).
  out.length = n;
  return out;
}

/**
 * The entries of a tree that pass, in order, read in slices while the tree changes: each slice
 * goes on from the last entry read, by the tree's order, so every entry present throughout is read
 * once and in order.
 */
export async function readInOrder<T>(
  tree: CountedTree<T>,
  keep: (t: T) => boolean,
  expected: number,
): Promise<T[]> {
  const out = arrayFor<T>(expected);
  let kept = 0;
  let last: T | undefined;
  for (;;) {
    const since = performance.now();
    let n = 0;
    let paused = false;
    for (const t of last === undefined ? tree.values() : tree.from(last)) {
      if (last !== undefined && tree.order(t, last) <= 0) continue;
      if (keep(t)) out[kept++] = t;
      last = t;
      if (++n % slicing.checkEvery === 0 && isDue(since)) {
        paused = true;
        break;
      }
    }
    if (!paused) {
      out.length = kept;
      return out;
    }
    await yieldIfDue(since);
  }
}
