import { describe, expect, it } from 'vitest';
import { MARKETPLACE_STATUSES, PROGRESS_STATUSES } from '../domain/opportunity.js';
import {
  PROGRESS_STATUS_DISPLAY,
  recentBadgeColour,
  statusHighlight,
  statusIcon,
  statusLabel,
} from './status.js';

describe('agent-console §4 marketplace status display', () => {
  it.each([
    ['Available', 'Claim Now'],
    ['Claimed', 'Claimed'],
    ['Assigned', 'Assigned'],
    ['Settled', 'Settled'],
    ['On Hold', 'On Hold'],
    ['Incoming', 'Incoming'],
    ['Delivered', 'Delivered'],
    ['Ineligible', 'Ineligible'],
    ['Undefined', 'Undefined'],
  ] as const)('labels %s as %s in lists', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it('keeps the value name for Available outside lists', () => {
    expect(statusLabel('Available', false)).toBe('Available');
  });

  it.each(MARKETPLACE_STATUSES.map((s) => [s, s === 'Available' ? 'brandBlue' : 'grey']))(
    'highlights %s in %s',
    (status, colour) => {
      expect(statusHighlight(status)).toBe(colour);
    },
  );

  it.each([
    ['Available', 'checkCircle', 'brandBlue'],
    ['Undefined', 'cross', 'grey'],
    ['Ineligible', 'cross', 'grey'],
    ['Incoming', 'circle', 'grey'],
    ['Claimed', 'checkCircle', 'grey'],
    ['Assigned', 'checkCircle', 'grey'],
    ['Settled', 'checkCircle', 'grey'],
    ['On Hold', 'checkCircle', 'grey'],
    ['Delivered', 'checkCircle', 'grey'],
  ] as const)('gives %s the %s icon in %s', (status, icon, colour) => {
    expect(statusIcon(status)).toEqual({ icon, colour });
  });

  it.each([
    ['Settled', 'red'],
    ['Available to Claim', 'yellow'],
    ['Claimed Referral', 'green'],
    ['Ineligible', 'pink'],
    ['Assigned CCR', 'grey'],
    ['Something new', 'grey'],
  ])('colours the recent-table badge %s %s', (status, colour) => {
    expect(recentBadgeColour(status)).toBe(colour);
  });
});

describe('agent-console §4 progress statuses', () => {
  it.each([
    ['Open', 'Open', { icon: 'circle', colour: 'grey' }],
    ['In Progress', 'In Progress', { icon: 'halfCircle', colour: 'yellow' }],
    ['Quote Sent', 'Quote Sent', { icon: 'threeQuarterCircle', colour: 'yellow' }],
    ['Bound Prospect', 'Bound', { icon: 'checkCircle', colour: 'green' }],
    ['Unable to Service', 'Unable to Service', null],
  ] as const)('shows %s as %s with its icon', (status, label, icon) => {
    expect(PROGRESS_STATUS_DISPLAY[status]).toEqual({ label, icon });
  });

  it('covers every progress status', () => {
    expect(Object.keys(PROGRESS_STATUS_DISPLAY).sort()).toEqual([...PROGRESS_STATUSES].sort());
  });
});
