import { describe, expect, it } from 'vitest';
import {
  excludedNaicsFrom,
  isValidNaicsText,
  naicsTextFromExcluded,
  swapNaicsText,
} from './naics.js';

const ALL = ['111110', '111120', '238220', '541511'];

describe('marketplace-admin §5 NAICS text', () => {
  it.each<[string, boolean]>([
    ['', true],
    ['   ', true],
    ['238220', true],
    ['238220,541511', true],
    [' 238220 , 541511 ', true],
    ['23822', false],
    ['2382201', false],
    ['238220;541511', false],
    ['238220 541511', false],
    ['238220,', false],
    ['abcdef', false],
  ])('%j is valid: %s', (text, valid) => {
    expect(isValidNaicsText(text)).toBe(valid);
  });
});

describe('marketplace-admin §4 NAICS include/exclude mode', () => {
  it('swaps the text to its complement among all codes and back', () => {
    const included = swapNaicsText('238220', ALL);
    expect(included).toBe('111110, 111120, 541511');
    expect(swapNaicsText(included, ALL)).toBe('238220');
  });

  it('shows a stored excluded list as text', () => {
    expect(naicsTextFromExcluded(['238220', '541511'])).toBe('238220, 541511');
  });

  it.each([
    ['exclude', '238220, 541511', ['238220', '541511']],
    ['include', '238220, 541511', ['111110', '111120']],
    ['include', '', ALL],
  ] as const)('in %s mode %j saves excluded %j', (mode, text, excluded) => {
    expect(excludedNaicsFrom(text, mode, ALL)).toEqual(excluded);
  });
});
