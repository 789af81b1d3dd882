import { describe, expect, it } from 'vitest';
import type { ActionOpportunity, ReferralAction } from './actions.js';
import { claimConfirmText, statusModalContent } from './confirmTexts.js';

const NOW = new Date('2026-03-14T18:00:00Z');
const TZ = 'America/Chicago';
const referral = (o: Partial<ActionOpportunity>): ActionOpportunity => ({
  marketplaceStatus: 'Claimed',
  opportunityType: 'CIR',
  dynamicPrice: null,
  discountPrice: null,
  soldPrice: null,
  email: null,
  phone: null,
  lastModDate: null,
  assignedAgency: null,
  ...o,
});

describe('claim confirmation text', () => {
  it.each<[ReferralAction, string | null]>([
    [{ kind: 'claim', price: 38, wasPrice: 50 }, 'Claim this referral for $38?'],
    [{ kind: 'claim', price: null, wasPrice: null }, 'Claim this referral?'],
    [
      { kind: 'talkNow', price: 50, icon: 'phone' },
      'Claim this direct-call referral for $50 and talk now?',
    ],
    [{ kind: 'statusButton', label: 'Claimed', behaviour: 'disabled' }, null],
    [{ kind: 'none' }, null],
  ])('%j asks %j', (action, text) => {
    expect(claimConfirmText(action)).toBe(text);
  });
});

describe('status modal of a list status button', () => {
  it('gives the label, when it was set and the agency', () => {
    const content = statusModalContent(
      referral({ lastModDate: '2026-03-14T17:05:00Z', assignedAgency: 'Lone Star' }),
      NOW,
      TZ,
    );
    expect(content).toEqual({
      label: 'Claimed',
      whenText: 'Claimed Today at 12:05 PM',
      agencyName: 'Lone Star',
    });
  });

  it('says Transferred for a claimed direct-call referral, with an earlier date', () => {
    const content = statusModalContent(
      referral({ opportunityType: 'WT-CIR', lastModDate: '2026-03-10T15:00:00Z' }),
      NOW,
      TZ,
    );
    expect(content?.label).toBe('Transferred');
    expect(content?.whenText).toMatch(/^Transferred on 3\/10\/26 at 10:00 AM$/);
    expect(content?.agencyName).toBeNull();
  });

  it('leaves out an unknown time', () => {
    expect(statusModalContent(referral({ marketplaceStatus: 'On Hold' }), NOW, TZ)).toEqual({
      label: 'On Hold',
      whenText: null,
      agencyName: null,
    });
  });

  it('has nothing for statuses without a status button', () => {
    expect(statusModalContent(referral({ marketplaceStatus: 'Available' }), NOW, TZ)).toBeNull();
    expect(statusModalContent(referral({ marketplaceStatus: 'Ineligible' }), NOW, TZ)).toBeNull();
  });
});
