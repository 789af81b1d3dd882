import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../domain/states.js';
import {
  checkedSourcesFrom,
  checkedStatesFrom,
  excludedSourcesFrom,
  isFullDay,
  joinCommaList,
  multiplierToPercent,
  paymentFlags,
  paymentOptionOf,
  percentToMultiplier,
  phoneDigits,
  round2,
  splitCommaList,
  toDisplayPhone,
  toStoredPhone,
} from './conversions.js';

describe('marketplace-admin §5 percent modifier conversion', () => {
  it.each([
    [0, 1],
    [10, 1.1],
    [-100, 0],
    [-15, 0.85],
    [7, 1.07],
    [250, 3.5],
  ])('percent %s is stored as multiplier %s', (percent, multiplier) => {
    expect(percentToMultiplier(percent)).toBe(multiplier);
    expect(multiplierToPercent(multiplier)).toBe(percent);
  });

  it.each([
    [1.5, 1.015],
    [-0.5, 0.995],
    [12.25, 1.1225],
    [-99.99, 0.0001],
  ])('keeps the decimals of percent %s: multiplier %s, and back', (percent, multiplier) => {
    expect(percentToMultiplier(percent)).toBe(multiplier);
    expect(multiplierToPercent(multiplier)).toBe(percent);
  });

  it('rounds away binary noise', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(multiplierToPercent(1 + 0.1)).toBe(10);
  });
});

describe('marketplace-admin §3 phone number with +1 prefix', () => {
  it.each<[string, string | null]>([
    ['5125550100', '+15125550100'],
    ['(512) 555-0100', '+15125550100'],
    ['', null],
    ['  ', null],
  ])('typed %j is stored as %j', (typed, stored) => {
    expect(toStoredPhone(typed)).toBe(stored);
  });

  it.each<[string | null, string]>([
    ['+15125550100', '5125550100'],
    ['5125550100', '5125550100'],
    [null, ''],
  ])('stored %j is shown as %j', (stored, shown) => {
    expect(toDisplayPhone(stored)).toBe(shown);
  });

  it('keeps only digits', () => {
    expect(phoneDigits('+1 (512) 555-0100')).toBe('15125550100');
  });
});

describe('marketplace-admin §4 comma lists, sources and states', () => {
  it('splits a comma list, trimming and dropping empty items', () => {
    expect(splitCommaList(' a@x.com, b@x.com ,, ')).toEqual(['a@x.com', 'b@x.com']);
    expect(joinCommaList(['a', 'b'])).toBe('a, b');
  });

  it('checks every source not excluded, and saves the unchecked ones as excluded', () => {
    const all = ['direct-call', 'google', 'web'];
    expect(checkedSourcesFrom(all, ['web'])).toEqual(['direct-call', 'google']);
    expect(excludedSourcesFrom(all, ['google'])).toEqual(['direct-call', 'web']);
  });

  it('checks the states in stateCodes exactly as stored, so an untouched save sends them back', () => {
    expect(checkedStatesFrom(['TX', 'AK', 'ZZ'])).toEqual(['TX', 'AK', 'ZZ']);
    expect(checkedStatesFrom(['IA', 'IL', 'IN'])).toEqual(['IA', 'IL', 'IN']);
    expect(checkedStatesFrom(STATE_CODES)).toHaveLength(51);
  });
});

describe('marketplace-admin §4 payment option', () => {
  it.each([
    [{ billed: true, debitPrepaidBalance: false }, 'BILLED'],
    [{ billed: false, debitPrepaidBalance: true }, 'DEBIT_PREPAID_BALANCE'],
    [{ billed: true, debitPrepaidBalance: true }, 'DEBIT_PREPAID_BALANCE'],
    [{ billed: false, debitPrepaidBalance: false }, null],
  ] as const)('%j reads as %s', (flags, option) => {
    expect(paymentOptionOf(flags)).toBe(option);
  });

  it.each([
    ['BILLED', { billed: true, debitPrepaidBalance: false }],
    ['DEBIT_PREPAID_BALANCE', { billed: false, debitPrepaidBalance: true }],
    [null, { billed: false, debitPrepaidBalance: false }],
  ] as const)('%s is saved as %j', (option, flags) => {
    expect(paymentFlags(option)).toEqual(flags);
  });
});

describe('marketplace-admin §4 24-hour delivery', () => {
  it.each<[string | null, string | null, boolean]>([
    ['00:00:00', '23:59:59', true],
    ['08:00:00', '23:59:59', false],
    [null, null, false],
  ])('%s-%s is full day: %s', (start, end, full) => {
    expect(isFullDay(start, end)).toBe(full);
  });
});
