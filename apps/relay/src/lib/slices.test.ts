import { afterEach, describe, expect, it, vi } from 'vitest';
import { eachTurn } from '../testkit/turns.testkit.js';
import { forEachInSlices, nextSlice, setSlicing, sortInSlices, yieldIfDue } from './slices.js';

/** Puts back the slicing a test set. */
let restoreSlicing = (): void => {};
afterEach(() => {
  restoreSlicing();
  restoreSlicing = () => {};
  vi.restoreAllMocks();
});

/** A sliced job: `slices` slices, each logged, yielding between them as the relay's work does. */
async function job(name: string, slices: number, log: string[]): Promise<void> {
  let since = performance.now();
  for (let i = 0; i < slices; i += 1) {
    log.push(name);
    since = await yieldIfDue(since);
  }
}

/** Marks each turn of the event loop in `log` with '|' until stopped. */
const markTurns = (log: string[]): (() => void) => eachTurn(() => log.push('|'));

describe('slices', () => {
  it('runs one waiting slice per turn of the event loop, however many jobs are in flight', async () => {
    restoreSlicing = setSlicing({ budgetMs: 0 });
    const log: string[] = [];
    const stop = markTurns(log);
    await Promise.all([job('a', 5, log), job('b', 5, log), job('c', 5, log)]);
    stop();
    const turns = log
      .join('')
      .split('|')
      .slice(1)
      .filter((t) => t !== '');
    // Between two turns at most one slice of any job (each job's first runs before any yield).
    expect(turns.every((t) => t.length === 1)).toBe(true);
    // Each job was served in turn, none starved: every slice ran.
    expect(
      log
        .filter((e) => e !== '|')
        .sort()
        .join(''),
    ).toBe('aaaaabbbbbccccc');
    expect(turns.join('')).toBe('abcabcabcabc');
  });

  it("shares a turn's budget between the jobs that run in it, one after another", async () => {
    // A clock that moves 1 ms a piece of work, so slices are counted, not timed (from the real
    // clock's reading: a monotonic clock never goes back).
    let clock = performance.now();
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    restoreSlicing = setSlicing({ budgetMs: 10, checkEvery: 1 });
    const log: string[] = [];
    const stop = markTurns(log);
    const work = async (name: string): Promise<void> => {
      let since = performance.now();
      for (let i = 0; i < 4; i += 1) {
        log.push(name);
        clock += 1;
        since = await yieldIfDue(since);
      }
    };
    // Ten small jobs, each within the budget on its own, run one after the other (as the orders
    // a first load held back are built at its end): each measuring only its own slice, all
    // forty pieces ran before the loop had a turn.
    for (const name of 'abcdefghij') await work(name);
    stop();
    const stretches = log.join('').split('|');
    expect(stretches.join('').length).toBe(40);
    // The budget, and the piece during which it ran out (the clock is read after each piece).
    expect(Math.max(...stretches.map((t) => t.length))).toBeLessThanOrEqual(10 + 1);
  });

  it('resumes waiters in the order they yielded, and again after the queue ran dry', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => nextSlice().then(() => order.push(n))));
    await nextSlice();
    order.push(4);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('drains a queue in slices, the items pushed meanwhile included, done in the turn of the last', async () => {
    restoreSlicing = setSlicing({ budgetMs: 0, checkEvery: 2 });
    const queue = [1, 2, 3, 4, 5];
    const log: string[] = [];
    const stop = markTurns(log);
    // Another job pushes while the drain is paused, as changes land while a view is built.
    let pushed = 0;
    const push = (): void => {
      queue.push(10 + pushed++);
      if (pushed < 3) setImmediate(push);
    };
    setImmediate(push);
    const applied: number[] = [];
    const done = await forEachInSlices(queue, (n) => {
      applied.push(n);
      log.push(String(n));
    });
    // Nothing is left on the queue in the turn it resolves: the caller goes live there.
    const lenAtEnd = queue.length;
    stop();
    expect(done).toBe(true);
    expect(applied).toEqual(queue.slice(0, lenAtEnd));
    expect(applied.length).toBe(lenAtEnd);
    expect(pushed).toBeGreaterThan(0);
    // At most checkEvery items between two turns of the event loop.
    const stretches = log
      .join(',')
      .split('|')
      .map((t) => t.split(',').filter(Boolean));
    expect(Math.max(...stretches.map((t) => t.length))).toBeLessThanOrEqual(2);
  });

  it('stops draining when the work is no longer wanted after a pause', async () => {
    restoreSlicing = setSlicing({ budgetMs: 0, checkEvery: 1 });
    const applied: number[] = [];
    let wanted = true;
    const done = await forEachInSlices(
      [1, 2, 3, 4],
      (n) => {
        applied.push(n);
        if (n === 2) wanted = false;
      },
      () => wanted,
    );
    expect(done).toBe(false);
    expect(applied).toEqual([1, 2]);
  });

  it('sorts as Array.prototype.sort does, stable, through many yields', async () => {
    restoreSlicing = setSlicing({ budgetMs: 0 });
    const items = Array.from({ length: 3000 }, (_, i) => ({ k: (i * 7919) % 97, i }));
    const sorted = await sortInSlices(items, (a, b) => a.k - b.k);
    expect(sorted).toEqual([...items].sort((a, b) => a.k - b.k));
  });
});
