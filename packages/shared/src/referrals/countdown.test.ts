import { describe, expect, it } from 'vitest';
import { countdown } from './countdown.js';
import { MINUTE, NOW, SECOND, ago } from './fixtures.testkit.js';

const available = (expiresIn: number) => ({
  marketplaceStatus: 'Available',
  marketplaceExpirationDate: ago(-expiresIn),
});

describe('agent-console §2 Limited Time countdown', () => {
  it.each([
    ['30 minutes', 30 * MINUTE, 30, '30 minutes left', 'grey'],
    ['5 min 1 s (rounds up to 6)', 5 * MINUTE + SECOND, 6, '6 minutes left', 'grey'],
    ['exactly 5 minutes', 5 * MINUTE, 5, '5 minutes left', 'red'],
    ['4 min 1 s (rounds up to 5)', 4 * MINUTE + SECOND, 5, '5 minutes left', 'red'],
    ['30 seconds', 30 * SECOND, 1, '1 minute left', 'red'],
    ['nothing (already expired)', -2 * MINUTE, 1, '1 minute left', 'red'],
  ])('with %s to go shows %i', (_name, left, minutes, text, colour) => {
    expect(countdown(available(left), NOW)).toEqual({ icon: 'hourglass', minutes, text, colour });
  });

  it.each([
    [
      'a Claimed referral',
      { marketplaceStatus: 'Claimed', marketplaceExpirationDate: ago(-MINUTE) },
    ],
    [
      'an Available referral without expiration',
      { marketplaceStatus: 'Available', marketplaceExpirationDate: null },
    ],
    [
      'an unreadable expiration',
      { marketplaceStatus: 'Available', marketplaceExpirationDate: 'soon' },
    ],
  ])('shows no countdown for %s', (_name, o) => {
    expect(countdown(o, NOW)).toBeNull();
  });
});
