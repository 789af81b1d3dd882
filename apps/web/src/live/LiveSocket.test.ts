import { describe, expect, it } from 'vitest';
import { hintedDelay, MAX_HINT_MS, RECONNECT_BACKOFF } from './LiveSocket';

describe('the live socket’s reconnects', () => {
  it('spreads its redials: a jittered backoff, ±50% at least', () => {
    expect(RECONNECT_BACKOFF.randomizationFactor).toBeGreaterThanOrEqual(0.5);
    expect(RECONNECT_BACKOFF.reconnectionDelay).toBeGreaterThan(0);
    expect(RECONNECT_BACKOFF.reconnectionDelayMax).toBeGreaterThan(
      RECONNECT_BACKOFF.reconnectionDelay,
    );
  });

  it.each([
    [{ delayMs: 1234 }, 1234],
    [{ delayMs: 0 }, 0],
    [{ delayMs: 12.6 }, 13],
    [{ delayMs: -5 }, 0],
    [{ delayMs: 10 ** 9 }, MAX_HINT_MS],
    [{ delayMs: '500' }, null],
    [{ delayMs: Number.NaN }, null],
    [{ delayMs: Number.POSITIVE_INFINITY }, null],
    [{}, null],
    [null, null],
    ['soon', null],
  ])('honours the hint %o as %s ms (bounded; nonsense ignored)', (hint, ms) => {
    expect(hintedDelay(hint)).toBe(ms);
  });
});
