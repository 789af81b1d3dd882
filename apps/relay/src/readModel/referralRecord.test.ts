import { opportunitySchema, type Opportunity } from '@referrals/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SHARED_VALUES, PACKED, SharedValues, StoredReferral } from './referralRecord.js';

const record = (id: number, city: string) => ({
  opportunityId: id,
  marketplaceStatus: 'Available',
  addDate: '2026-11-20T10:00:00.000Z',
  city,
  state: 'TX',
  industry: 'Construction',
  businessLines: ['General Liability', 'Workers Compensation'],
  firstName: `Name ${id}`,
  estimatedPremium: 1200,
});

describe('SharedValues', () => {
  it('parses a referral as JSON.parse does, keeping one copy per repeating value', () => {
    const shared = new SharedValues();
    const a = record(1, 'Austin');
    const b = record(2, 'Dallas');
    expect(shared.parseReferral(JSON.stringify(a))).toEqual(a);
    expect(shared.parseReferral(JSON.stringify(b))).toEqual(b);
    // Available, TX, Construction, two lines and two cities; the names and dates are not shared.
    expect(shared.size).toBe(7);
  });

  it('gives referrals with the same business lines one frozen list', () => {
    const shared = new SharedValues();
    const [a, b, c] = [
      record(1, 'Austin'),
      record(2, 'Dallas'),
      { ...record(3, 'Austin'), businessLines: ['Workers Compensation', 'General Liability'] },
    ].map((r) => shared.parseReferral(JSON.stringify(r)));
    expect(b?.businessLines).toBe(a?.businessLines);
    expect(c?.businessLines).not.toBe(a?.businessLines);
    expect(c?.businessLines).toEqual(['Workers Compensation', 'General Liability']);
    expect(Object.isFrozen(a?.businessLines)).toBe(true);
  });

  it('stops adding values once the pool is full, and still answers each value', () => {
    const shared = new SharedValues();
    for (let i = 0; i < MAX_SHARED_VALUES + 10; i += 1) expect(shared.of(`v${i}`)).toBe(`v${i}`);
    expect(shared.size).toBe(MAX_SHARED_VALUES);
  });
});

describe('StoredReferral', () => {
  const text = fc.oneof(
    fc.constant(null),
    fc.constant(''),
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.constantFrom('a\u001fb', '\u001f', 'x\u001f'),
  );
  const full = fc
    .record({
      id: fc.integer({ min: 1, max: 2 ** 40 }),
      packed: fc.tuple(...PACKED.map(() => text)),
      addDate: fc.string(),
      city: fc.option(fc.constantFrom('Austin', 'Dallas')),
      premium: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
    })
    .map(({ id, packed, addDate, city, premium }) => {
      const o = opportunitySchema.cast({
        opportunityId: id,
        opportunityType: 'Personal',
        marketplaceStatus: 'Available',
        addDate,
        city,
        estimatedPremium: premium,
        businessLines: ['GL'],
      }) as Record<string, unknown>;
      PACKED.forEach((f, i) => {
        o[f] = packed[i];
      });
      return o as Opportunity;
    });

  it('reads every field and writes the same JSON as the parsed referral', () => {
    fc.assert(
      fc.property(full, (o) => {
        const json = JSON.stringify(o);
        const stored = new SharedValues().parseReferral(json);
        expect(JSON.stringify(stored)).toBe(json);
        const parsed = JSON.parse(json) as Opportunity;
        for (const f of Object.keys(o) as (keyof Opportunity)[]) {
          expect(stored[f]).toEqual(parsed[f]);
        }
        // Packed unless a value holds the separator.
        const holdsSep = PACKED.some((f) => String(o[f]).includes('\u001f'));
        expect(stored instanceof StoredReferral).toBe(!holdsSep);
      }),
      { numRuns: 500 },
    );
  });

  it('packs a referral with the schema fields into few own properties, which cannot be changed', () => {
    const o = opportunitySchema.cast({
      opportunityId: 7,
      opportunityType: 'Personal',
      marketplaceStatus: 'Available',
      addDate: '2026-11-20T10:00:00.000Z',
      firstName: 'Ann',
      businessName: null,
      postalCode: '',
    });
    const stored = new SharedValues().parseReferral(JSON.stringify(o));
    expect(stored).toBeInstanceOf(StoredReferral);
    expect([stored.firstName, stored.businessName, stored.postalCode]).toEqual(['Ann', null, '']);
    expect(Object.keys(stored)).not.toContain('firstName');
    expect(Object.keys(stored).length).toBeLessThan(Object.keys(o).length);
    expect(() => {
      (stored as { firstName: string | null }).firstName = 'Bob';
    }).toThrow(TypeError);
  });

  it('keeps a record without every schema field, or with one more, as parsed', () => {
    const shared = new SharedValues();
    const o = opportunitySchema.cast({
      opportunityId: 7,
      opportunityType: 'Personal',
      marketplaceStatus: 'Available',
      addDate: '2026-11-20T10:00:00.000Z',
    });
    expect(shared.parseReferral(JSON.stringify(record(1, 'Austin')))).not.toBeInstanceOf(
      StoredReferral,
    );
    const extra = shared.parseReferral(JSON.stringify({ ...o, extra: 1 }));
    expect(extra).not.toBeInstanceOf(StoredReferral);
    expect(extra).toEqual({ ...o, extra: 1 });
  });
});
