import { describe, expect, it } from 'vitest';
import { anEntry } from './audit.testkit';
import { auditTarget } from './auditTarget';

describe('an audit target by name', () => {
  it("names a flag by its name, from the write's after or before", () => {
    expect(auditTarget(anEntry(5, { after: { error: 'refused' } }))).toEqual({
      text: 'Flag flag-5',
      href: '/admin/feature-flags',
    });
  });

  it('names a marketplace by its name and links to its form', () => {
    const entry = anEntry(1, {
      action: 'marketplace.update',
      target: 'marketplace 4',
      before: { id: 4, marketplaceName: 'Lone Star Insurance Group' },
      after: { id: 4, marketplaceName: 'Lone Star Insurance Group' },
    });
    expect(auditTarget(entry)).toEqual({
      text: 'Marketplace Lone Star Insurance Group',
      href: '/admin/marketplaces/4',
    });
  });

  it('numbers a referral and links to it, opened in the referral list', () => {
    const entry = anEntry(1, { action: 'referral.claim', target: 'referral 1878' });
    expect(auditTarget(entry)).toEqual({
      text: 'Referral #1878',
      href: '/admin/all-referrals?referral=1878',
    });
  });

  it('keeps what it cannot name as recorded, and an absent target absent', () => {
    const nameless = anEntry(2, { target: 'flag 2', before: null, after: null });
    expect(auditTarget(nameless)?.text).toBe('Flag #2');
    expect(auditTarget(anEntry(3, { target: 'something else' }))).toEqual({
      text: 'something else',
      href: null,
    });
    expect(auditTarget(anEntry(3, { target: null }))).toBeNull();
  });
});
