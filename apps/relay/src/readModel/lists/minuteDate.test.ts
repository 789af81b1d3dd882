import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareParts, instantOf, minuteOf, msOf } from './minuteDate.js';

/** Whether a number is a small integer on a V8 with 31-bit ones. */
const isSmall = (n: number): boolean => Number.isInteger(n) && n >= -(2 ** 30) && n < 2 ** 30;

describe('minute dates', () => {
  it('give back every instant of the next two thousand years and the last two thousand, in small integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -6e13, max: 6e13 }), (t) => {
        expect(isSmall(minuteOf(t))).toBe(true);
        expect(isSmall(msOf(t))).toBe(true);
        expect(instantOf(minuteOf(t), msOf(t))).toBe(t);
      }),
    );
    const t = Date.parse('2026-11-27T18:04:05.678Z');
    expect(instantOf(minuteOf(t), msOf(t))).toBe(t);
  });

  it('keep no date, and the infinities, apart from every date', () => {
    for (const t of [NaN, Infinity, -Infinity]) {
      expect(isSmall(minuteOf(t))).toBe(true);
      expect(instantOf(minuteOf(t), msOf(t))).toBe(t);
    }
    expect(instantOf(minuteOf(1e17), msOf(1e17))).toBe(Infinity);
    expect(instantOf(minuteOf(-1e17), msOf(-1e17))).toBe(-Infinity);
  });

  it('compare by their parts with the sign of a - b, a missing date a tie with anything', () => {
    const parts = (t: number) => [minuteOf(t), msOf(t)] as const;
    const sign = (n: number) => (Number.isNaN(n) ? 0 : Math.sign(n));
    const special = fc.constantFrom(NaN, Infinity, -Infinity);
    const instant = fc.oneof(fc.integer({ min: -6e13, max: 6e13 }), special);
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const [aMin, aMs] = parts(a);
        const [bMin, bMs] = parts(b);
        // As a comparator reads a - b: NaN (no date, or Infinity - Infinity) is a tie.
        expect(sign(compareParts(aMin, aMs, bMin, bMs))).toBe(sign(a - b));
      }),
    );
    // Within one minute, by the ms.
    expect(sign(compareParts(...parts(60_000 + 5), ...parts(60_000 + 7)))).toBe(-1);
  });
});
