import { describe, expect, it } from 'vitest';
import { Pressure, PRESSURE } from './pressure.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Holds the event loop, as seconds of synchronous work would. */
const hold = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
};

describe('pressure', () => {
  it('is saturated after a window whose event loop ran late, and not after quiet ones', async () => {
    const changes: boolean[] = [];
    const pressure = new Pressure((saturated) => changes.push(saturated));
    pressure.start();
    try {
      await sleep(PRESSURE.windowMs + 100);
      expect(pressure.saturated).toBe(false);
      // Turns held past the threshold, within one window.
      for (let i = 0; i < 3; i += 1) {
        hold(PRESSURE.enterMs + 100);
        await sleep(0);
      }
      pressure.read();
      expect(pressure.saturated).toBe(true);
      await sleep(PRESSURE.windowMs * 2 + 100);
      expect(pressure.saturated).toBe(false);
      expect(changes).toEqual([true, false]);
    } finally {
      pressure.stop();
    }
  });

  it('spreads the retry-after of refused clients over its range', () => {
    const pressure = new Pressure();
    const seen = new Set(Array.from({ length: 200 }, () => pressure.retryAfterS()));
    const [low, high] = PRESSURE.retryAfterS;
    expect(Math.min(...seen)).toBe(low);
    expect(Math.max(...seen)).toBe(high);
  });
});
