import type { Opportunity } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { referralComparator, sortReferrals } from './referralQuery.js';

const referral = (fields: Partial<Opportunity>) => fields as Opportunity;

describe('the order of referral lists', () => {
  it('puts nulls last in either direction and breaks ties to the newest id', () => {
    const items = [
      referral({ opportunityId: 1, city: 'Austin' }),
      referral({ opportunityId: 2, city: null }),
      referral({ opportunityId: 3, city: 'austin' }),
      referral({ opportunityId: 4, city: 'Boston' }),
      referral({ opportunityId: 5, city: 'Austin' }),
    ];
    const ids = (keys: Parameters<typeof sortReferrals>[1]) =>
      sortReferrals([...items], keys).map((o) => o.opportunityId);
    expect(ids([{ field: 'city', direction: 'asc' }])).toEqual([3, 5, 1, 4, 2]);
    expect(ids([{ field: 'city', direction: 'desc' }])).toEqual([4, 5, 1, 3, 2]);
  });

  it('collates text as localeCompare does', () => {
    const words = ['b', 'A', 'a', 'B', 'é', 'e', 'Z', '10', '9', ''];
    const byLocale = [...words].sort((a, b) => a.localeCompare(b));
    const compare = referralComparator([{ field: 'lastName', direction: 'asc' }]);
    const asReferrals = words.map((lastName, i) => referral({ opportunityId: i, lastName }));
    expect(asReferrals.sort(compare).map((o) => o.lastName)).toEqual(byLocale);
  });
});
