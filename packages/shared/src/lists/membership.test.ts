import { describe, expect, it } from 'vitest';
import { anAppetite, aReferral } from '../marketplaces/fixtures.testkit.js';
import { inScope, isBoughtBy, isBoughtByAgency, isListMember, MARKET_SCOPE } from './membership.js';

const now = new Date('2024-05-01T13:00:00Z');
const claimed = aReferral({ marketplaceStatus: 'Claimed', assignedAgency: 'Lone Star' });

describe('list membership', () => {
  it('counts claimed, assigned and settled referrals as bought, by their agency', () => {
    expect(isBoughtBy(claimed, 'Lone Star')).toBe(true);
    expect(isBoughtBy(claimed, 'Other')).toBe(false);
    expect(isBoughtBy(claimed, null)).toBe(true);
    expect(isBoughtBy({ ...claimed, marketplaceStatus: 'Settled' }, null)).toBe(true);
    expect(isBoughtBy({ ...claimed, marketplaceStatus: 'Delivered' }, null)).toBe(false);
  });

  it('counts nothing as bought by a user without an agency, where isBoughtBy(null) is any', () => {
    expect(isBoughtByAgency(claimed, 'Lone Star')).toBe(true);
    expect(isBoughtByAgency(claimed, 'Other')).toBe(false);
    expect(isBoughtByAgency(claimed, null)).toBe(false);
    expect(isBoughtByAgency(claimed, '')).toBe(false);
    expect(isBoughtByAgency({ ...claimed, marketplaceStatus: 'Delivered' }, 'Lone Star')).toBe(
      false,
    );
    // An admin's "any agency the referral names": bought, and a buyer named.
    const unnamed = { ...claimed, assignedAgency: null };
    expect(isBoughtByAgency(claimed, claimed.assignedAgency)).toBe(true);
    expect(isBoughtByAgency(unnamed, unnamed.assignedAgency)).toBe(false);
    expect(isBoughtBy(unnamed, null)).toBe(true);
  });

  it('holds the whole market, an appetite, or what was bought', () => {
    const o = aReferral();
    expect(inScope(o, MARKET_SCOPE)).toBe(true);
    expect(inScope(o, { kind: 'appetite', appetite: anAppetite() })).toBe(true);
    expect(inScope(o, { kind: 'appetite', appetite: anAppetite({ stateCodes: ['FL'] }) })).toBe(
      false,
    );
    expect(inScope(o, { kind: 'bought', agency: null })).toBe(false);
    expect(inScope(claimed, { kind: 'bought', agency: 'Lone Star' })).toBe(true);
  });

  it('puts a referral on a list when it is in the scope and passes the filter', () => {
    const filter = { state: 'TX', dateFilter: '24hours', showClaimed: false } as const;
    const scope = { kind: 'bought', agency: 'Lone Star' } as const;
    expect(isListMember(aReferral(), MARKET_SCOPE, filter, now)).toBe(true);
    expect(isListMember(aReferral({ state: 'FL' }), MARKET_SCOPE, filter, now)).toBe(false);
    // Bought but not claimable: on the acquired list only with Show Claimed on.
    expect(isListMember(claimed, scope, filter, now)).toBe(false);
    expect(isListMember(claimed, scope, { ...filter, showClaimed: true }, now)).toBe(true);
  });
});
