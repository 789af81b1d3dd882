import { describe, expect, it } from 'vitest';
import { MAX_SHARED_VALUES, SharedValues } from './referralRecord.js';

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
