/** Tests of IdSlots: it must map ids to slots as a Map would, through growth and deletes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdSlots } from './idSlots.js';

describe('IdSlots', () => {
  it('answers as a Map would, whatever was set and deleted', () => {
    const idArb = fc.oneof(
      fc.integer({ min: 0, max: 400 }),
      fc.constantFrom(-1, 2 ** 31, 2 ** 40 + 3, 1.5, -0, Number.MAX_SAFE_INTEGER, NaN),
    );
    const opArb = fc.oneof(
      fc.tuple(fc.constant('set' as const), idArb, fc.integer({ min: 1, max: 1e6 })),
      fc.tuple(fc.constant('delete' as const), idArb, fc.constant(0)),
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 2000 }), (ops) => {
        const slots = new IdSlots();
        const want = new Map<number, number>();
        for (const [kind, id, slot] of ops) {
          if (kind === 'set') {
            slots.set(id, slot);
            want.set(id, slot);
          } else expect(slots.delete(id)).toBe(want.delete(id));
        }
        expect(slots.size).toBe(want.size);
        for (const id of [...want.keys(), -1, 401, 0.5, 2 ** 31 + 1])
          expect(slots.get(id)).toBe(want.get(id) ?? 0);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps every id through growth and deletes in long probe runs', () => {
    const slots = new IdSlots();
    const n = 200_000;
    // Ids in steps of 2^20: their low bits are all alike, so only the mixing spreads them.
    const id = (i: number) => i * 1_048_576;
    for (let i = 1; i <= n; i += 1) slots.set(id(i), i);
    for (let i = 1; i <= n; i += 3) expect(slots.delete(id(i))).toBe(true);
    const wrong: number[] = [];
    for (let i = 1; i <= n; i += 1) if (slots.get(id(i)) !== (i % 3 === 1 ? 0 : i)) wrong.push(i);
    expect(wrong).toEqual([]);
    expect(slots.size).toBe(n - Math.ceil(n / 3));
  });

  it('refuses a slot that is not a positive integer (0 means none)', () => {
    const slots = new IdSlots();
    for (const bad of [0, -1, 1.5, NaN]) expect(() => slots.set(1, bad)).toThrow(RangeError);
    expect(slots.size).toBe(0);
  });
});
