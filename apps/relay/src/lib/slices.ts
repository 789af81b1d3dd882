/**
 * Work on a large market split into slices that each stay well under the event loop's budget
 * (a list index of 1,000,000 referrals is sorted in ~100 slices), so sockets and requests are
 * served between them. Invariant: the sliced work of one turn of the event loop shares one
 * budget, and waiting slices resume one per turn, first come first served.
 */
import { setImmediate } from 'node:timers';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The slicing knobs: see `slicing`. */
export interface Slicing {
  /** How long one slice may run before it yields to the event loop. */
  budgetMs: number;
  /** Every how many items a reader looks at the clock. */
  checkEvery: number;
}

const knobs: Slicing = { budgetMs: 8, checkEvery: 64 };

/**
 * How long one slice may run before it yields to the event loop, and every how many items a
 * reader looks at the clock. Read-only here: only `setSlicing` changes it.
 */
export const slicing: Readonly<Slicing> = knobs;

/**
 * Changes the slicing knobs (tests set a budget of 0 and a check every item: a turn of the event
 * loop between any two items); returns the function that puts back the knobs as they were.
 */
export function setSlicing(change: Partial<Slicing>): () => void {
  const before = { ...knobs };
  Object.assign(knobs, change);
  return () => {
    Object.assign(knobs, before);
  };
}

/**
 * When this turn's sliced work began: the first clock check of a turn (or the resume of a waiting
 * slice) sets it, and an immediate clears it after the turn. Jobs that run one after another in
 * one turn (the orders a first load held back, built one by one; a change set's views)
 * would each take a whole budget otherwise, holding the loop several budgets in a row; sharing
 * the turn's budget keeps the turn within one.
 */
let turnStart: number | undefined;
let turnEnding = false;

const endTurn = (): void => {
  turnStart = undefined;
  turnEnding = false;
};

/** The start of this turn's sliced work, `now` when none ran yet. */
function turnStartedAt(now: number): number {
  if (turnStart === undefined) turnStart = now;
  if (!turnEnding) {
    turnEnding = true;
    setImmediate(endTurn);
  }
  return turnStart;
}

/**
 * True when the slice that started at `since`, or the sliced work of this turn of the event loop
 * (every job's), used its time.
 */
export function isDue(since: number): boolean {
  const now = performance.now();
  return now - Math.min(since, turnStartedAt(now)) >= slicing.budgetMs;
}

/** Yields to the event loop when the slice that started at `since` used its time; returns the new start. */
export async function yieldIfDue(since: number): Promise<number> {
  if (!isDue(since)) return since;
  await nextSlice();
  return performance.now();
}

/**
 * Calls `each` on every value of `values` in order, in slices, including those added meanwhile
 * that its iterator still reaches (an array's items pushed onto it; a Set's or a sharded map's
 * values added); resolves true once the last one is done, in the turn that did it (so a caller
 * draining a queue finds nothing new on it before it awaits anything), or false when `wanted`
 * says no after a pause. The changes that land while a list view is built are replayed so (at
 * 1,000,000 referrals those of a whole first load are hundreds of thousands: replayed in one go
 * they would hold the event loop for hundreds of milliseconds), and a large scope's members are
 * read and marked so (clearing an idle appetite's slot from every member in one loop would too).
 */
export async function forEachInSlices<T>(
  values: Iterable<T>,
  each: (value: T) => void,
  wanted: () => boolean = () => true,
): Promise<boolean> {
  let since = performance.now();
  let n = 0;
  for (const value of values) {
    each(value);
    if (++n % slicing.checkEvery === 0 && isDue(since)) {
      since = await yieldIfDue(since);
      if (!wanted()) return false;
    }
  }
  return true;
}

/** Sliced work waiting for its turn, first come first served. */
const waiting: (() => void)[] = [];
let pumping = false;

/**
 * Resolves when it is this slice's turn: one waiting slice per turn of the event loop, whatever
 * the number of sliced jobs in flight. Each job yielding with its own setImmediate ran one slice
 * each in the same check phase, so k jobs waiting held the loop k budgets at once. Timers, I/O
 * and requests run between any two slices.
 */
export function nextSlice(): Promise<void> {
  return new Promise<void>((resume) => {
    waiting.push(resume);
    if (pumping) return;
    pumping = true;
    void pump();
  });
}

/** Resumes the waiting slices one per turn (the queue holds one entry per job in flight). */
async function pump(): Promise<void> {
  try {
    while (waiting.length > 0) {
      await nextTurn();
      // The slice runs in this turn's microtasks, with the turn's budget to itself; the next
      // one waits for the next turn.
      turnStart = performance.now();
      turnStartedAt(turnStart);
      (waiting.shift() as () => void)();
    }
  } finally {
    pumping = false;
  }
}

const RUN = 512;

/**
 * Sorts a copy of the items, stable, in slices: runs of 512 sorted by the engine, then merged in
 * pairs, checking the clock every 1,024 steps. The same order as `[...items].sort(compare)`; the
 * items must not change until it resolves (it copies them as it goes).
 */
export async function sortInSlices<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
): Promise<T[]> {
  // The copy is made run by run: a market's items copied at once (`items.slice()`) would hold
  // the event loop far past a slice at 1,000,000, a large array's every element passing V8's
  // write barrier while the heap is marked.
  const n = items.length;
  let src = new Array<T>(n);
  let since = performance.now();
  for (let lo = 0; lo < n; lo += RUN) {
    const run = items.slice(lo, lo + RUN).sort(compare);
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
