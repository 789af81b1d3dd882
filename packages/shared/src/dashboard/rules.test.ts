import { describe, expect, it } from 'vitest';
import { referral } from '../referrals/fixtures.testkit.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { boughtDate, expiryDate, isOpenAt } from './rules.js';

const MOD = '2024-03-14T17:00:00.000Z';
const EXP = '2024-03-14T16:00:00.000Z';
const NOW = Date.parse('2024-03-14T18:00:00Z');
const r = (status: Opportunity['marketplaceStatus'], over: Partial<Opportunity> = {}) =>
  referral({
    marketplaceStatus: status,
    lastModDate: MOD,
    marketplaceExpirationDate: EXP,
    ...over,
  });

describe('when a referral was bought', () => {
  it.each([
    ['Claimed', r('Claimed'), MOD],
    ['Assigned', r('Assigned'), MOD],
    ['Settled (when it closed)', r('Settled'), MOD],
    ['Available', r('Available'), null],
    ['Ineligible', r('Ineligible'), null],
    ['Claimed with no lastModDate', r('Claimed', { lastModDate: null }), null],
  ])('%s', (_name, o, expected) => {
    expect(boughtDate(o)).toBe(expected);
  });
});

describe('when a referral expired', () => {
  it.each([
    ['Ineligible after its window', r('Ineligible'), EXP],
    ['Undefined (a direct call) after its window', r('Undefined'), EXP],
    [
      'Ineligible with no window (routed)',
      r('Ineligible', { marketplaceExpirationDate: null }),
      null,
    ],
    ['Available', r('Available'), null],
    ['Claimed', r('Claimed'), null],
  ])('%s', (_name, o, expected) => {
    expect(expiryDate(o)).toBe(expected);
  });
});

describe('whether a referral is open now', () => {
  it.each([
    [
      'Available, window open',
      r('Available', { marketplaceExpirationDate: '2024-03-14T18:05:00Z' }),
      true,
    ],
    ['Available, no window', r('Available', { marketplaceExpirationDate: null }), true],
    ['Available, window closed (not yet polled)', r('Available'), false],
    [
      'Available, window closing this instant',
      r('Available', { marketplaceExpirationDate: '2024-03-14T18:00:00Z' }),
      false,
    ],
    ['Claimed', r('Claimed', { marketplaceExpirationDate: null }), false],
  ])('%s', (_name, o, expected) => {
    expect(isOpenAt(o, NOW)).toBe(expected);
  });
});
