import { describe, expect, it } from 'vitest';
import { lastDeliveredCell } from './lastDelivered.js';

const NOW = new Date('2024-05-15T17:00:00Z'); // 12:00 in Chicago
const TZ = 'America/Chicago';
const stat = (date: string | null, success: boolean | null = true) => ({
  lastReferralDeliveryDate: date,
  lastReferralDeliverySuccess: success,
});

describe('marketplace-admin §9 Last Delivered column', () => {
  it.each([
    [
      'green Today with the time',
      stat('2024-05-15T14:30:00Z'),
      { status: 'today', colour: 'green', text: 'Today', time: '9:30 AM' },
    ],
    [
      'today in the viewer zone even if another day in UTC',
      stat('2024-05-15T05:30:00Z'),
      { status: 'today', colour: 'green', text: 'Today', time: '12:30 AM' },
    ],
    [
      'yellow Yesterday',
      stat('2024-05-15T04:00:00Z'),
      { status: 'yesterday', colour: 'yellow', text: 'Yesterday', time: null },
    ],
    [
      'orange m/d/yy for older dates',
      stat('2024-05-01T15:00:00Z'),
      { status: 'recent', colour: 'orange', text: '5/1/24', time: null },
    ],
    [
      'orange at exactly 30 days',
      stat('2024-04-15T15:00:00Z'),
      { status: 'recent', colour: 'orange', text: '4/15/24', time: null },
    ],
    [
      'grey > 1 Month beyond 30 days',
      stat('2024-04-14T15:00:00Z'),
      { status: 'overAMonth', colour: 'grey', text: '> 1 Month', time: null },
    ],
    [
      'grey > 1 Month without a date',
      stat(null),
      { status: 'overAMonth', colour: 'grey', text: '> 1 Month', time: null },
    ],
    [
      'grey > 1 Month without a stat',
      undefined,
      { status: 'overAMonth', colour: 'grey', text: '> 1 Month', time: null },
    ],
    [
      'red Delivery Error when the last delivery failed',
      stat('2024-05-15T14:30:00Z', false),
      { status: 'error', colour: 'red', text: 'Delivery Error', time: null },
    ],
    [
      'a future date as Today',
      stat('2024-05-15T22:00:00Z'),
      { status: 'today', colour: 'green', text: 'Today', time: '5:00 PM' },
    ],
  ])('shows %s', (_name, s, cell) => {
    expect(lastDeliveredCell(s, NOW, TZ)).toEqual(cell);
  });
});
