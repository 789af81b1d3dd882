import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOf, minuteOf, msOf } from './minuteDate.js';

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
});
