import { describe, expect, it } from 'vitest';
import type { ListAudience } from './listDefaults.js';
import { defaultReferralView, listDefaults, REFERRAL_VIEWS } from './listDefaults.js';

const signedIn = (privileged: boolean, isAdmin: boolean): ListAudience => ({
  kind: 'signedIn',
  access: { privileged, isAdmin },
  username: 'dana',
});

describe('agent-console §2 list defaults per audience', () => {
  it.each([
    ['an admin', signedIn(true, true), { key: 'addDate', direction: 'desc' }, true, null],
    ['a carrier', signedIn(true, false), { key: 'addDate', direction: 'desc' }, true, 'dana'],
    [
      'a producer',
      signedIn(false, false),
      { key: 'marketplaceExpirationDate', direction: 'asc' },
      false,
      'dana',
    ],
  ])(
    '%s: sort, claimed and extra columns, username filter',
    (_name, audience, sort, privileged, username) => {
      expect(listDefaults(audience)).toEqual({
        sort,
        showClaimed: privileged,
        extraColumns: privileged,
        dateFilter: '48hours',
        usernameFilter: username,
        showPrices: true,
        showExpiration: true,
        detailsPanel: true,
        geoLocate: true,
      });
    },
  );

  it('gives the public feed addDate descending, 72 hours, no prices, expiration or panel', () => {
    expect(listDefaults({ kind: 'public' })).toEqual({
      sort: { key: 'addDate', direction: 'desc' },
      showClaimed: true,
      extraColumns: false,
      dateFilter: '72hours',
      usernameFilter: null,
      showPrices: false,
      showExpiration: false,
      detailsPanel: false,
      geoLocate: false,
    });
  });

  it('opens the signed-in list on every referral for admins and on the appetite for others', () => {
    expect(defaultReferralView({ isAdmin: true })).toBe('all');
    expect(defaultReferralView({ isAdmin: false })).toBe('inAppetite');
    expect([...REFERRAL_VIEWS].sort()).toEqual(['all', 'inAppetite']);
  });
});
