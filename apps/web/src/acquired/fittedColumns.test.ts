import { describe, expect, it } from 'vitest';
import { acquiredColumns } from '@referrals/shared';
import { fittedAcquiredColumns } from './fittedColumns';

const headers = (isAdmin: boolean) => fittedAcquiredColumns(isAdmin).map((c) => c.header);

describe('the acquired list fitted to a desk screen', () => {
  it("puts the agency's work right after the name", () => {
    expect(headers(false).slice(0, 5)).toEqual([
      'Acquired',
      'Name',
      'Contact',
      'Progress',
      'Follow-up',
    ]);
    expect(headers(true).slice(0, 6)).toEqual([
      'Acquired',
      'Agency',
      'Sold Price',
      'Name',
      'Progress',
      'Follow-up',
    ]);
  });

  it('keeps every column of the spec, City and State in one cell sorted by city', () => {
    for (const admin of [false, true]) {
      const ids = new Set(fittedAcquiredColumns(admin).map((c) => c.id));
      for (const c of acquiredColumns(admin)) {
        expect(ids.has(c.id === 'city' || c.id === 'state' ? 'location' : c.id)).toBe(true);
      }
    }
    const place = fittedAcquiredColumns(false).find((c) => c.id === 'location');
    expect(place).toMatchObject({ header: 'City/State', sortKey: 'city' });
  });
});
