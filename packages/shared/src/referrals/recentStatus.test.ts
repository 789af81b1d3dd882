import { describe, expect, it } from 'vitest';
import { recentBadgeColour } from './status.js';
import { recentStatusOf } from './recentStatus.js';

describe('recentStatusOf', () => {
  it('names Available, Claimed and Assigned as the recent table does', () => {
    expect(recentStatusOf('Available')).toBe('Available to Claim');
    expect(recentStatusOf('Claimed')).toBe('Claimed Referral');
    expect(recentStatusOf('Assigned')).toBe('Assigned CCR');
  });

  it('keeps every other status, so Settled stays red and Ineligible pink', () => {
    expect(recentBadgeColour(recentStatusOf('Settled'))).toBe('red');
    expect(recentBadgeColour(recentStatusOf('Ineligible'))).toBe('pink');
    expect(recentBadgeColour(recentStatusOf('Available'))).toBe('yellow');
    expect(recentBadgeColour(recentStatusOf('Claimed'))).toBe('green');
    expect(recentStatusOf('On Hold')).toBe('On Hold');
  });
});
