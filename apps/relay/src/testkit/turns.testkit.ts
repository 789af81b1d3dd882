/** Turns of the event loop in tests: watching them, and making sliced work yield at each. */
import { afterAll, beforeAll } from 'vitest';
import { setSlicing } from '../lib/slices.js';

/**
 * Calls `onTurn` once a turn of the event loop until stopped: an immediate that queues itself
 * again runs once per turn, as a sliced job's own resume does (a timer would fire only once a
 * millisecond passed, and several slices can run within one). Invariant: `onTurn` runs at most
 * once a turn.
 */
export function eachTurn(onTurn: () => void): () => void {
  let probing = true;
  const probe = (): void => {
    onTurn();
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  return () => {
    probing = false;
  };
}

/**
 * Makes sliced work yield after every item for the tests of the enclosing describe block (a
 * budget of 0, a clock check every item), so changes land between any two items even in small
 * markets; the knobs are put back after the block.
 */
export function yieldEveryItem(): void {
  let restore = (): void => {};
  beforeAll(() => {
    restore = setSlicing({ budgetMs: 0, checkEvery: 1 });
  });
  afterAll(() => {
    restore();
  });
}
