import { describe, expect, it } from 'vitest';
import { emptyListReason, waysOut } from './waysOut.js';

describe('issue 44: the ways out of an empty list', () => {
  it('widens each filter in turn: all states, all referrals, a week, the claimed ones', () => {
    const f = {
      view: 'inAppetite',
      state: 'TX',
      dateFilter: '48hours',
      showClaimed: false,
    } as const;
    expect(waysOut(f).map((w) => [w.label, w.change])).toEqual([
      ['Show all states', { state: null }],
      ['Show all referrals', { view: 'all' }],
      ['Last 7 Days', { dateFilter: '7days' }],
      ['Show claimed', { showClaimed: true }],
    ]);
    expect(emptyListReason(f)).toBe('No in-appetite referrals in TX in the last 48 hours.');
  });

  it('offers nothing that is already as wide as it goes', () => {
    expect(waysOut({ view: 'all', state: null, dateFilter: '30days', showClaimed: true })).toEqual(
      [],
    );
    expect(emptyListReason({ state: null, dateFilter: '72hours', showClaimed: true })).toBe(
      'No referrals in the last 72 hours.',
    );
  });
});
