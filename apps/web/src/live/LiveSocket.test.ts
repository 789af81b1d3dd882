import { describe, expect, it } from 'vitest';
import { hintedDelay, MAX_HINT_MS, RECONNECT_BACKOFF, refusalDelay } from './LiveSocket';

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

  it.each([
    [
      { message: 'busy: this relay is busy; dial again in 4 s', data: { retryAfterMs: 4000 } },
      4000,
    ],
    [{ message: 'busy: this relay is busy', data: { retryAfterMs: 10 ** 9 } }, MAX_HINT_MS],
    [{ message: 'busy: this relay is busy' }, 3000],
    [{ message: 'unauthenticated: token expired', data: { retryAfterMs: 1 } }, 3000],
  ])('dials again after a refusal %o in %s ms', (err, ms) => {
    expect(refusalDelay(err)).toBe(ms);
  });
});
