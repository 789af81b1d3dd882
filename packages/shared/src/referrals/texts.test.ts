import { describe, expect, it } from 'vitest';
import { PRODUCT_BRAND, TRUSTED_CHOICE_BRAND } from './brand.js';
import {
  HEADINGS,
  PUBLIC_CLAIM_MODAL_TEXTS,
  TOOLBAR_TEXTS,
  acquiredHeading,
  listPageTitle,
  publicClaimModal,
  publicFeedTitle,
  stateFilterHint,
} from './texts.js';

describe('agent-console §2 page titles and headings', () => {
  it.each([
    [TRUSTED_CHOICE_BRAND, 'Insurance Referral Feed | Trusted Choice'],
    [PRODUCT_BRAND, 'Insurance Referral Feed | Fulcrum'],
  ])('titles the public feed for brand %#', (brand, title) => {
    expect(publicFeedTitle(brand)).toBe(title);
  });

  it('titles the admin list with the marketplace title and the brand', () => {
    expect(listPageTitle('Opportunity Admin', TRUSTED_CHOICE_BRAND)).toBe(
      'Opportunity Admin | Trusted Choice',
    );
  });

  it.each([
    [true, 'Claim-It Transactions'],
    [false, 'Acquired Referrals'],
  ])('heads the acquired list for admins=%s %j', (isAdmin, heading) => {
    expect(acquiredHeading(isAdmin)).toBe(heading);
  });

  it.each([
    ['availableList', 'Available Claim-It Referrals'],
    ['dashboard', 'Dashboard'],
    ['recent', 'All Referrals'],
  ] as const)('heads %s %j', (key, heading) => {
    expect(HEADINGS[key]).toBe(heading);
  });

  it('labels the toolbar as the spec does', () => {
    expect(TOOLBAR_TEXTS).toEqual({
      inAppetite: 'In-Appetite',
      allReferrals: 'All Referrals',
      showClaimed: 'Show Claimed',
      stateFilterHint: 'Shows all referral activity from the last 72 hrs.',
    });
  });

  it("says the list's own window under the state filter", () => {
    expect(stateFilterHint('48hours')).toBe('Shows all referral activity from the last 48 hours.');
    expect(stateFilterHint('7days')).toBe('Shows all referral activity from the last 7 days.');
  });
});

describe('agent-console §2 public claim modal', () => {
  it.each([
    [TRUSTED_CHOICE_BRAND, false, 'Log in now'],
    [PRODUCT_BRAND, true, 'Claim Now'],
  ])('links brand %# to its buy-now page; session %s offers %j', (brand, hasSession, appText) => {
    expect(publicClaimModal(brand, 'https://console.example.com/admin', hasSession)).toEqual({
      heading: 'Want to get referrals like this one?',
      body: 'Sign up for Advantage to get high-intent, inbound, appetite-matched insurance leads.',
      getAdvantage: { text: 'Get Advantage Now', href: brand.buyNowLink },
      alreadySignedUp: 'Already signed up?',
      appLink: { text: appText, href: 'https://console.example.com/admin' },
    });
  });

  it('keeps the fixed texts verbatim', () => {
    expect(PUBLIC_CLAIM_MODAL_TEXTS.logIn).toBe('Log in now');
  });
});
