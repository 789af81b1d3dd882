import { describe, expect, it } from 'vitest';
import { claimedByText } from './claimedBy';

const now = new Date('2026-12-06T15:00:00Z');
const claimed = {
  marketplaceStatus: 'Claimed' as const,
  assignedAgency: 'Lone Star Insurance Group',
  assignedAgent: 'Pat Producer',
  lastModDate: '2026-12-06T14:59:40Z',
};
const zone = 'UTC';

describe('who bought a referral, as the panel says it', () => {
  it("names the colleague and when, for the viewer's own agency", () => {
    expect(claimedByText(claimed, 'Lone Star Insurance Group', now, zone)).toBe(
      'Claimed by your agency · Pat Producer · just now',
    );
    const earlier = { ...claimed, lastModDate: '2026-12-06T14:48:00Z' };
    expect(claimedByText(earlier, 'Lone Star Insurance Group', now, zone)).toBe(
      'Claimed by your agency · Pat Producer · 12 minutes ago',
    );
  });

  it('names no one when another agency bought it, nor when the agent is unknown', () => {
    expect(claimedByText(claimed, 'Great Lakes Mutual', now, zone)).toBe(
      'Claimed by another agency',
    );
    expect(claimedByText({ ...claimed, assignedAgent: null }, null, now, zone)).toBe(
      'Claimed by another agency',
    );
    expect(
      claimedByText(
        { ...claimed, assignedAgent: undefined },
        'Lone Star Insurance Group',
        now,
        zone,
      ),
    ).toBe('Claimed by your agency · just now');
  });

  it('says nothing while the referral is for sale or closed otherwise', () => {
    expect(
      claimedByText({ ...claimed, marketplaceStatus: 'Available' as const }, 'x', now, zone),
    ).toBeNull();
    expect(
      claimedByText({ ...claimed, marketplaceStatus: 'Ineligible' as const }, 'x', now, zone),
    ).toBeNull();
  });
});
