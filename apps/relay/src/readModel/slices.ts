import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work on a large market split into slices that each stay well under the event loop's budget
 * (a list index of 1,000,000 referrals is sorted in ~100 slices), so sockets and requests are
 * served between them.
 */

/**
 * How long one slice may run before it yields to the event loop, and every how many items a
 * reader looks at the clock (tests set 0 and 1: a turn of the event loop between any two items).
 */
export const slicing = { budgetMs: 8, checkEvery: 64 };

/** True when the slice that started at `since` used its time. */
export const isDue = (since: number): boolean => performance.now() - since >= slicing.budgetMs;

/** Yields to the event loop when the slice that started at `since` used its time; returns the new start. */
export async function yieldIfDue(since: number): Promise<number> {
  if (!isDue(since)) return since;
  await nextTurn();
  return performance.now();
}

const RUN = 512;

/**
 * Sorts a copy of the items, stable, in slices: runs of 512 sorted by the engine, then merged in
 * pairs, checking the clock every 1,024 steps. The same order as `[...items].sort(compare)`.
 */
export async function sortInSlices<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
): Promise<T[]> {
  let src = items.slice();
  let since = performance.now();
  for (let lo = 0; lo < src.length; lo += RUN) {
    const run = src.slice(lo, lo + RUN).sort(compare);
    for (let k = 0; k < run.length; k += 1) src[lo + k] = run[k] as T;
    since = await yieldIfDue(since);
  }
  let dst = new Array<T>(src.length);
  for (let width = RUN; width < src.length; width *= 2) {
    let steps = 0;
    for (let lo = 0; lo < src.length; lo += 2 * width) {
      const mid = Math.min(lo + width, src.length);
      const hi = Math.min(lo + 2 * width, src.length);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k += 1) {
        // Ties take the left run first: the merge is stable, as Array.prototype.sort is.
        if (j >= hi || (i < mid && compare(src[i] as T, src[j] as T) <= 0)) dst[k] = src[i++] as T;
        else dst[k] = src[j++] as T;
        if (++steps === 1024) {
          steps = 0;
          since = await yieldIfDue(since);
        }
      }
    }
    [src, dst] = [dst, src];
  }
  return src;
}
